// The checks: the type check and ESLint (one process on one TypeScript program,
// scripts/types-and-lint.mjs), Prettier and knip, each one process on one core. `npm run check`
// runs them on their own (scripts/check.mjs); `npm test` runs them beside the test files, in the
// same pool (scripts/test.mjs).
//
// The type check, Prettier and knip keep what they learnt between runs (tsc's build info,
// Prettier's list of the files it found formatted, by content, knip's reading of each file's
// imports and exports), so that a second run reads again only what changed and checks again what
// depends on it. ESLint keeps nothing: its cache holds each file's result by the
// file's own content, and a type-aware rule's result (a floating promise) can change with any file
// the file imports. node_modules may be shared by several checkouts: each has a folder of its own.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { checkoutCache } from "./checkout-cache.mjs";

const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
const root = new URL("..", import.meta.url).pathname;
const cache = checkoutCache("toolscore-check");

/**
 * Each check's name, command, and the seconds it takes with nothing kept from a previous run on
 * the machine the suite is sized for (the order to start them in before their times are known),
 * the longest first.
 */
export const CHECKS = [
  {
    name: "typecheck and eslint",
    argv: [process.execPath, join(root, "scripts/types-and-lint.mjs"), join(cache, "tsc")],
    seconds: 90,
  },
  {
    name: "prettier",
    argv: [
      bin("prettier"),
      "--check",
      ".",
      "--cache",
      "--cache-strategy",
      "content",
      "--cache-location",
      join(cache, "prettier"),
    ],
    seconds: 30,
  },
  {
    name: "knip",
    argv: [bin("knip"), "--no-progress", "--cache", "--cache-location", join(cache, "knip")],
    seconds: 6,
  },
];

/**
 * Runs a command with its output (stdout and stderr together) kept; resolves with whether it
 * exited 0, the output and the seconds it took.
 */
export function runCaptured(argv, options = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(argv[0], argv.slice(1), { stdio: ["ignore", "pipe", "pipe"], cwd: root, ...options });
    const out = [];
    child.stdout.on("data", (b) => out.push(b));
    child.stderr.on("data", (b) => out.push(b));
    child.on("error", (e) => out.push(Buffer.from(`${e.message}\n`)));
    child.on("close", (code) => {
      resolve({
        ok: code === 0,
        text: Buffer.concat(out).toString("utf8"),
        seconds: (Date.now() - started) / 1000,
      });
    });
  });
}
