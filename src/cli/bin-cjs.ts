// The `toolscore` bin as a CommonJS file. Node starts a CommonJS entry without its ES module
// loader, which costs a cold start some ten milliseconds: `--version` answers from a constant put
// in at build time and never starts it. Every other command goes on in the ES module bin
// (dist/cli.js), which starts what the command needs.
const argv = process.argv.slice(2);

if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-v")) {
  process.stdout.write(`${__TOOLSCORE_VERSION__}\n`);
} else {
  // The ES module bin, dist/cli.js: the build leaves this import() to Node.
  void import("./bin.js");
}
