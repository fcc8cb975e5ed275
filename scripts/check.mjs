// The checks `npm run check` and `npm test` run: typecheck, ESLint, Prettier and knip, two at a
// time (each is one process on one core, and the machine the suite is sized for has two), each
// one's output printed whole when it ends. With --build the bundle is built first: the checks read
// the meta-schema validators the build generates (src/schema/meta/). Exits 1 when any check fails.
//
// The type check and Prettier keep what they learnt between runs (tsc's build info, Prettier's
// list of the files it found formatted, by content), so that a second run checks again only what
// changed and what depends on it; ESLint's type-aware rules can change with any file, and it keeps
// nothing. node_modules may be shared by several checkouts: each has a folder of its own.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { join } from "node:path";

const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
const root = new URL("..", import.meta.url).pathname;
const cache = join(
  root,
  "node_modules/.cache/toolscore-check",
  createHash("sha256").update(root).digest("hex").slice(0, 16),
);
// The longest first, alone on its core; the others follow one another on the second.
const CHECKS = [
  ["eslint", [bin("eslint"), "."]],
  [
    "typecheck",
    [bin("tsc"), "-p", "tsconfig.json", "--noEmit", "--incremental", "--tsBuildInfoFile", join(cache, "tsc")],
  ],
  [
    "prettier",
    [
      bin("prettier"),
      "--check",
      ".",
      "--cache",
      "--cache-strategy",
      "content",
      "--cache-location",
      join(cache, "prettier"),
    ],
  ],
  ["knip", [bin("knip"), "--no-progress"]],
];

function run(name, argv) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(argv[0], argv.slice(1), { stdio: ["ignore", "pipe", "pipe"] });
    const out = [];
    child.stdout.on("data", (b) => out.push(b));
    child.stderr.on("data", (b) => out.push(b));
    child.on("error", (e) => out.push(Buffer.from(`${e.message}\n`)));
    child.on("close", (code) => {
      const text = Buffer.concat(out).toString("utf8");
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`# ${name}: ${code === 0 ? "ok" : "FAILED"} (${seconds} s)\n${text}`);
      resolve(code === 0);
    });
  });
}

if (process.argv.includes("--build") && !(await run("build", [process.execPath, "scripts/build.mjs"])))
  process.exit(1);
const queue = [...CHECKS];
const results = await Promise.all(
  [0, 1].map(async () => {
    let ok = true;
    for (let next = queue.shift(); next; next = queue.shift()) ok = (await run(...next)) && ok;
    return ok;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
