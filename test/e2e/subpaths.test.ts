// Every entry of the package's "exports", imported by name from the built package (dist/, through
// the package's own name), each in a fresh Node process: it loads, it exports what its source
// exports, and `toolscore/core` and `toolscore/report` never load node:child_process, not even
// once their functions have run and loaded what they load on demand. The root, which starts
// servers, does load it: the check can tell.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";
import { ROOT, runNode } from "../support/cli.js";

interface Loaded {
  names: string[];
  /** The Node built-ins about child processes loaded by the end of the run. */
  childProcess: string[];
}

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  name: string;
  exports: Record<string, string | { types: string; import: string }>;
};
const SUBPATHS = Object.keys(pkg.exports).filter((k) => k !== "./package.json");
const specifier = (subpath: string) => (subpath === "." ? pkg.name : `${pkg.name}${subpath.slice(1)}`);

// Runs in the fresh process: imports the entry; for the core, uses every pure check on the saved
// wiki snapshots (and the scorecard's core with a caller that answers every call), so that the
// modules they load on demand are loaded too. Then reports the names and what was loaded.
const SCRIPT = `
const spec = process.env.ENTRY;
const m = await import(spec);
if (spec.endsWith("/core")) {
  const approved = m.ServerSnapshot.read("examples/pinning/wiki.json");
  const now = m.ServerSnapshot.read("examples/pinning/wiki-rugpull.json");
  const lock = m.parseLock(JSON.parse(m.serializeLock(m.buildLock(approved, { resources: true }))));
  if (m.verifyPin(lock, now, { failOn: "drift" }).ok) throw new Error("the rug pull passed its pin check");
  if (!m.verifyPin(m.readLock("examples/pinning/wiki.lock.json"), approved).ok) throw new Error("wiki.lock.json");
  if (m.diffSnapshots(approved, now).surface.length === 0) throw new Error("no prompt changed");
  m.lintTools(now.tools);
  m.lintSurface(now);
  m.deriveEffects(now.tools[0]);
  const card = await m.runScorecard(
    { snapshot: approved, call: async () => ({ kind: "result", result: { content: [] }, ms: 1 }) },
    { cases: 1 },
  );
  if (card.kind !== "toolscore.mcp-scorecard") throw new Error("no scorecard");
}
const childProcess = process.moduleLoadList.filter((x) => /\\bchild_process\\b/.test(x));
console.log(JSON.stringify({ names: Object.keys(m).sort(), childProcess }));
`;

/** Each entry's fresh process, started once and read by every test about that entry. */
const loaded = new Map<string, Promise<Loaded>>();
function load(subpath: string): Promise<Loaded> {
  let run = loaded.get(subpath);
  if (!run) {
    run = loadFresh(subpath);
    loaded.set(subpath, run);
  }
  return run;
}

async function loadFresh(subpath: string): Promise<Loaded> {
  // Evaluated with the checkout as its folder, so that the package's name resolves to the package
  // itself, as built.
  const run = await runNode("--input-type=module", ["--eval", SCRIPT], {
    cwd: ROOT,
    env: { ENTRY: specifier(subpath) },
  });
  assert.equal(run.code, 0, run.stderr);
  return JSON.parse(run.stdout) as Loaded;
}

/** The entry's source module, for the names it exports. */
async function sourceNames(subpath: string): Promise<string[]> {
  const entry = pkg.exports[subpath] as { import: string };
  const src = resolve(ROOT, "src", entry.import.replace(/^\.\/dist\//, "").replace(/\.js$/, ".ts"));
  // TypeScript, loaded through tsx whatever runs this file.
  return Object.keys((await tsImport(pathToFileURL(src).href, import.meta.url)) as object).sort();
}

test("the package's entries are the root, toolscore/core and toolscore/report", () => {
  assert.deepEqual(SUBPATHS, [".", "./core", "./report"]);
});

for (const subpath of SUBPATHS) {
  test(`${specifier(subpath)} imports from the built package and exports what its source exports`, async () => {
    const { names } = await load(subpath);
    assert.ok(names.length > 0);
    assert.deepEqual(names, await sourceNames(subpath));
  });
}

for (const subpath of ["./core", "./report"]) {
  test(`${specifier(subpath)} never loads node:child_process`, async () => {
    const { childProcess } = await load(subpath);
    assert.deepEqual(childProcess, []);
  });
}

test("the root, which starts servers, loads node:child_process (the check above can fail)", async () => {
  const { childProcess } = await load(".");
  assert.ok(childProcess.includes("NativeModule child_process"), JSON.stringify(childProcess));
});

test("no module the core's bundle imports, statically or on demand, names child_process", () => {
  const seen = new Set<string>();
  const external = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)["']([^"']+)["']/gm)) {
      const spec = m[1]!;
      if (spec.startsWith(".")) walk(resolve(dirname(file), spec));
      else external.add(spec);
    }
  };
  walk(join(ROOT, "dist", "core.js"));
  assert.ok(seen.size > 1, "the core's bundle imports its chunks");
  assert.ok(external.has("node:crypto"), "the walk sees the built-ins the core does use");
  assert.deepEqual(
    [...external].filter((s) => /child_process/.test(s)),
    [],
  );
});
