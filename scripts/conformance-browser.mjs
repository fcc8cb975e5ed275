// A "browser" for sign-ins with no person at the keyboard, used by the conformance run as
// BROWSER: it loads the authorization URL and follows every redirect, which ends at the
// listener that toolscore's `mcp login` keeps on 127.0.0.1. It works only where the
// authorization server approves without asking anyone, as test servers do.
//
//   BROWSER="node scripts/conformance-browser.mjs" toolscore mcp login http://localhost:PORT/mcp
const url = process.argv[2];
if (!url) {
  process.stderr.write("usage: conformance-browser.mjs URL\n");
  process.exit(2);
}
try {
  const res = await fetch(url, { redirect: "follow", signal: AbortSignal.timeout(30_000) });
  await res.arrayBuffer();
  process.exit(res.ok ? 0 : 1);
} catch (e) {
  process.stderr.write(`conformance-browser: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
}
