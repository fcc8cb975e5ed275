// The checks `npm run check` runs (scripts/checks.mjs): typecheck, ESLint, Prettier and knip, two
// at a time (each is one process on one core, and the machine the suite is sized for has two), each
// one's output printed whole when it ends. With --build the bundle is built first: the checks read
// the meta-schema validators the build generates (src/schema/meta/). Exits 1 when any check fails.
import { CHECKS, runCaptured } from "./checks.mjs";

async function run(name, argv) {
  const { ok, text, seconds } = await runCaptured(argv);
  process.stdout.write(`# ${name}: ${ok ? "ok" : "FAILED"} (${seconds.toFixed(1)} s)\n${text}`);
  return ok;
}

if (process.argv.includes("--build") && !(await run("build", [process.execPath, "scripts/build.mjs"])))
  process.exit(1);
// The longest first, alone on its core; the others follow one another on the second.
const queue = [...CHECKS];
const results = await Promise.all(
  [0, 1].map(async () => {
    let ok = true;
    for (let next = queue.shift(); next; next = queue.shift()) ok = (await run(next.name, next.argv)) && ok;
    return ok;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
