// The library's type declarations, made by tsc from tsconfig.build.json and copied where they are
// needed: dist/types for a full build (scripts/build.mjs), and the package test's copy of dist
// when the bundle was built with --no-types (`node scripts/declarations.mjs OUT`).
//
// tsc keeps what it learnt between runs (its build info) and the declarations it emitted under
// node_modules/.cache, a folder for each checkout, so that a second run emits again only what
// changed. tsc does not emit again a declaration that was deleted while its source is unchanged:
// the emitted folder is kept there and never handed out (copies are), and without it the build
// info is dropped. Only the declarations of the files tsc lists are copied, so that one left over
// from a source since removed never ships. When nothing tsc reads has changed since (the sources,
// the tsconfig files, the installed packages as npm recorded them), tsc is not run at all.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { checkoutCache } from "./checkout-cache.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const src = join(root, "src");
const cache = checkoutCache("toolscore-declarations");
const info = join(cache, "tsbuildinfo");
const emitted = join(cache, "types");
// What the last run read (a hash) and the declarations it listed.
const stampFile = join(cache, "stamp.json");
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");

/** Emits the declarations (again only what changed) and copies them to the folder `to`, replaced. */
export function emitDeclarations(to) {
  mkdirSync(cache, { recursive: true });
  withLock(() => {
    const inputs = inputsHash();
    let files = unchanged(inputs);
    if (files === undefined) {
      rmSync(stampFile, { force: true });
      if (!existsSync(emitted)) rmSync(info, { force: true });
      files = run();
      if (files.some((f) => !existsSync(join(emitted, f)))) {
        // A declaration went missing from the cache: start again from nothing.
        rmSync(info, { force: true });
        rmSync(emitted, { recursive: true, force: true });
        files = run();
      }
      if (inputs !== undefined) writeFileSync(stampFile, JSON.stringify({ inputs, files }));
    }
    rmSync(to, { recursive: true, force: true });
    for (const f of files) {
      mkdirSync(dirname(join(to, f)), { recursive: true });
      copyFileSync(join(emitted, f), join(to, f));
    }
  });
}

/**
 * A hash of what tsc reads: every file under src/, the tsconfig files, and npm's record of the
 * installed packages (node_modules/.package-lock.json, rewritten by every install); undefined
 * without that record.
 */
function inputsHash() {
  const installed = join(root, "node_modules", ".package-lock.json");
  if (!existsSync(installed)) return undefined;
  const hash = createHash("sha256");
  const files = [
    installed,
    join(root, "tsconfig.json"),
    join(root, "tsconfig.build.json"),
    ...readdirSync(src, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath ?? e.path, e.name))
      .sort(),
  ];
  for (const f of files)
    hash
      .update(`${relative(root, f)}\0`)
      .update(readFileSync(f))
      .update("\0");
  return hash.digest("hex");
}

/** The declarations of the last run, when it read what `inputs` hashes and they are all there. */
function unchanged(inputs) {
  if (inputs === undefined || !existsSync(stampFile)) return undefined;
  const last = JSON.parse(readFileSync(stampFile, "utf8"));
  if (last.inputs !== inputs || !last.files.every((f) => existsSync(join(emitted, f)))) return undefined;
  return last.files;
}

/** Runs tsc; returns the declarations of the program's sources, relative to the output folder. */
function run() {
  const r = spawnSync(
    process.execPath,
    [
      tsc,
      "-p",
      "tsconfig.build.json",
      "--incremental",
      "--tsBuildInfoFile",
      info,
      "--outDir",
      emitted,
      "--listFiles",
      "--pretty",
      "false",
    ],
    { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  const lines = r.stdout.split("\n").filter(Boolean);
  // --listFiles prints absolute paths; anything else tsc printed is a diagnostic.
  const listed = lines.filter((l) => l.startsWith("/"));
  if (r.status !== 0) {
    process.stderr.write(lines.filter((l) => !l.startsWith("/")).join("\n") + "\n" + r.stderr);
    throw new Error(`tsc -p tsconfig.build.json failed (exit ${r.status ?? r.signal})`);
  }
  return listed
    .filter((f) => f.startsWith(`${src}/`) && /\.[mc]?tsx?$/.test(f) && !/\.d\.[mc]?ts$/.test(f))
    .map((f) => relative(src, f).replace(/\.([mc]?)tsx?$/, ".d.$1ts"))
    .sort();
}

/** Runs `fn` with the checkout's cache to itself: a build and a test may both want it. */
function withLock(fn) {
  const lock = join(cache, "lock");
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: "wx" });
      break;
    } catch (e) {
      if (e.code !== "EEXIST") throw e;
      if (!holderAlive(lock)) rmSync(lock, { force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { force: true });
  }
}

function holderAlive(lock) {
  let pid;
  try {
    pid = Number(readFileSync(lock, "utf8"));
  } catch {
    return false;
  }
  // Empty: its holder is writing its number now.
  if (!pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === "EPERM";
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!process.argv[2]) {
    process.stderr.write("usage: node scripts/declarations.mjs OUT-FOLDER\n");
    process.exit(2);
  }
  emitDeclarations(process.argv[2]);
}
