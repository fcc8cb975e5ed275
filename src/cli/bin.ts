// The toolscore bin. It imports nothing up front: `--version` answers from a constant put in at
// build time, and everything else loads only what the command needs.
const argv = process.argv.slice(2);
const bundled = typeof __TOOLSCORE_VERSION__ === "string";

if (bundled && argv.length === 1 && (argv[0] === "--version" || argv[0] === "-v")) {
  process.stdout.write(`${__TOOLSCORE_VERSION__}\n`);
} else {
  // Ctrl-C or a termination signal: stop every server this run started (whole process groups; the
  // module is shared with the commands, so it sees their servers), then leave with the
  // conventional code. Servers run in groups of their own, out of reach of the terminal's Ctrl-C,
  // so a second signal while stopping kills them at once rather than leaving them behind.
  // Once interrupted, the run says nothing more: the servers it stops fail what it was doing, and
  // that failure is the interrupt's doing, not the server's.
  let stopping = 0;
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      const graceMs = stopping++ === 0 ? 1000 : 0;
      if (graceMs) process.stderr.write(`\ntoolscore: interrupted, stopping servers\n`);
      void import("./launch-ahead.js")
        .then(({ stopAllProcesses }) => stopAllProcesses(graceMs))
        .finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
    });
  }
  // `mcp list`, `mcp verify-pin` and `mcp guard` are parsed, and their server started, first, so
  // that it boots while the command loads; the command is handed both (the context's `early`), and
  // a server no command took is stopped at the end.
  const ahead =
    argv[0] === "mcp" && ["list", "verify-pin", "guard"].includes(argv[1] ?? "")
      ? import("./launch-ahead.js")
      : undefined;
  const loaded = import("./main.js");
  // What a signal needs is loaded while the command runs (in the background, for commands that
  // start their servers later), so that an interrupt stops the servers at once, not after a load
  // that commands still asking the server could outrun.
  if (!ahead && argv[0] === "mcp") void import("./launch-ahead.js");
  const early = (await ahead)?.startEarly(argv.slice(1), process.env, process.cwd());
  const { main, processContext } = await loaded;
  const ctx = processContext();
  const code = await main(argv, {
    ...ctx,
    ...(early ? { early } : {}),
    stdout: (t) => {
      if (stopping === 0) ctx.stdout(t);
    },
    stderr: (t) => {
      if (stopping === 0) ctx.stderr(t);
    },
  });
  await early?.launched?.drop();
  // Stdio servers are stopped by each command; whatever else kept the loop alive (an HTTP
  // keep-alive socket) must not keep the process waiting. Output written to a socket (as a parent
  // Node process reads it) is sent asynchronously: exit once it has all gone out, or a long
  // listing is cut short. An interrupted run leaves with the signal's code once its servers stop.
  if (stopping === 0) {
    process.exitCode = code;
    let flushed = 0;
    const done = () => {
      if (++flushed === 2 && stopping === 0) setTimeout(() => process.exit(code), 50).unref();
    };
    process.stdout.write("", done);
    process.stderr.write("", done);
  }
}
