// Runs every test file under test/ with node's test runner, each file in a process of its own,
// TOOLSCORE_TEST_CONCURRENCY of them at a time (2 by default: the machine the suite is sized for has
// two cores). `node scripts/test.mjs unit` runs only the files whose path contains "unit".
//
// The unit files (test/unit/: pure code, no servers) are the exception: they share one process per
// core, imported one after another, since loading the modules they test costs most of a small
// file's time. A unit file that needs a process of its own is one whose top-level hooks run around
// every test (beforeEach, afterEach at the top level); a unit file must otherwise leave shared state
// (limits, the environment, the working folder) as it found it once its tests end.
//
// The TypeScript of src/ and test/ is compiled once, up front, with esbuild (as tsx would, one file
// at a time, names kept), into a folder of plain JavaScript laid out as the checkout is, and each
// file runs there with plain node: loading tsx and compiling its imports cost each file close to a
// CPU second. `import.meta.url`, `dirname` and `filename` keep the values of the source file, so
// that the paths a test computes from them (fixtures, dist/, the checkout) are the same as under
// tsx; every other file of the checkout (test/fixtures, the generated src/schema/meta/, dist/,
// eslint.config.js, ...) is linked in, so that a relative import finds what it finds beside the
// sources. TOOLSCORE_TEST_TSX=1 runs the sources through tsx instead.
//
// Each file has a time limit of 180 s, or the one it states in its first lines as
// `// time limit: N s` (a file that starts many processes states more). The limit is a guard against
// a hang, not a measure: a file still running at its limit is stopped, with every process it started,
// and counts as failed. Files with the longest limits start first, so that the heavy ones do not end
// the run alone.
//
// A file's output is printed whole when it ends, so that two files never interleave. At the end, the
// slowest files are listed with their wall time and, where /usr/bin/time exists, the CPU seconds of
// the file and every process it started; TOOLSCORE_TEST_TIMES=1 lists every file.
import { transform } from "esbuild";
import { spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const DEFAULT_LIMIT_S = 180;
const GROUP_LIMIT_S = 300;
const CONCURRENCY = Math.max(1, Number(process.env.TOOLSCORE_TEST_CONCURRENCY) || 2);
const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (name === "fixtures" || name === "node_modules") return [];
    return statSync(p).isDirectory() ? walk(p) : p.endsWith(".test.ts") ? [p] : [];
  });
}

function limitOf(file) {
  const head = readFileSync(file, "utf8").split("\n", 8).join("\n");
  const m = /^\/\/ time limit: (\d+) s\b/m.exec(head);
  return m ? Number(m[1]) : DEFAULT_LIMIT_S;
}

/**
 * A unit file shares a process with the other unit files unless it has hooks at its top level
 * that run around every test (`beforeEach`, `afterEach`): in a shared process they would run
 * around the other files' tests too.
 */
function shares(file) {
  return (
    file.startsWith(join("test", "unit") + "/") &&
    !/^(beforeEach|afterEach)\(/m.test(readFileSync(file, "utf8"))
  );
}

const filters = process.argv.slice(2);
const matched = walk("test")
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
if (matched.length === 0) {
  console.error("no test files matched");
  process.exit(1);
}
const shared = matched.filter(shares);
const groups = Array.from({ length: Math.min(CONCURRENCY, Math.ceil(shared.length / 2)) }, (_, g) =>
  shared.filter((_, i) => i % CONCURRENCY === g),
).filter((g) => g.length > 1);
const grouped = new Set(groups.flat());
const jobs = [
  ...matched
    .filter((f) => !grouped.has(f))
    .map((file) => ({ name: file, files: [file], limit: limitOf(file) })),
  ...groups.map((members, g) => ({
    name: `test/unit, ${members.length} files in one process (${g + 1} of ${groups.length})`,
    files: members,
    // Many files' work in one process: the limit of a file that starts many processes.
    limit: Math.max(GROUP_LIMIT_S, ...members.map(limitOf)),
  })),
].sort((a, b) => b.limit - a.limit || b.files.length - a.files.length || (a.name < b.name ? -1 : 1));

const scratch = mkdtempSync(join(tmpdir(), "toolscore-test-"));

// Under node_modules, which every tool ignores, so that the compiled files find the packages the
// sources import; a folder of its own for each run.
const TSX = process.env.TOOLSCORE_TEST_TSX === "1";
const ROOT = resolve(import.meta.dirname, "..");
const CACHE = join(ROOT, "node_modules", ".cache", "toolscore-test");
if (!TSX) mkdirSync(CACHE, { recursive: true });
const compiled = TSX ? undefined : mkdtempSync(join(CACHE, "run-"));

// Interrupted, the run stops the files running (with what they started) and removes its folders.
const running = new Set();
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    for (const pid of running) {
      try {
        process.kill(-pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
    rmSync(scratch, { recursive: true, force: true });
    if (compiled) rmSync(compiled, { recursive: true, force: true });
    process.exit(130);
  });
}

if (compiled) await compile(compiled);

/** Compiles the TypeScript of src/ and test/ into `out`, laid out as the checkout is. */
async function compile(out) {
  const { compilerOptions } = JSON.parse(readFileSync(join(ROOT, "tsconfig.json"), "utf8"));
  const jobs = [];
  const visit = (rel) => {
    for (const entry of readdirSync(join(ROOT, rel), { withFileTypes: true })) {
      const from = join(rel, entry.name);
      const source = join(ROOT, from);
      const target = join(out, from);
      if (entry.isDirectory() && entry.name !== "fixtures") {
        mkdirSync(target, { recursive: true });
        visit(from);
      } else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")) {
        const define = {
          "import.meta.url": JSON.stringify(pathToFileURL(source).href),
          "import.meta.dirname": JSON.stringify(dirname(source)),
          "import.meta.filename": JSON.stringify(source),
        };
        jobs.push(
          transform(readFileSync(source, "utf8"), {
            loader: "ts",
            format: "esm",
            platform: "node",
            target: "node20",
            keepNames: true,
            define,
            tsconfigRaw: { compilerOptions },
            sourcefile: source,
          }).then((r) => writeFileSync(target.replace(/\.ts$/, ".js"), r.code)),
        );
      } else {
        symlinkSync(source, target);
      }
    }
  };
  for (const top of readdirSync(ROOT)) {
    if (top === "node_modules") continue;
    if (top === "src" || top === "test") {
      mkdirSync(join(out, top));
      visit(top);
    } else {
      symlinkSync(join(ROOT, top), join(out, top));
    }
  }
  await Promise.all(jobs);
}

/** Runs one file; resolves with its outcome, wall time and (where measurable) CPU seconds. */
function runFile({ name, files, limit }, index) {
  // The file is run as a script (node:test runs its tests and sets the exit code), not under
  // `node --test`, which would start a second Node process for each file. Files that share a
  // process are imported one after another by a script of their own.
  const scriptOf = (file) => (compiled ? join(compiled, file.replace(/\.ts$/, ".js")) : resolve(file));
  let script = scriptOf(files[0]);
  if (files.length > 1) {
    script = join(scratch, `${index}.mjs`);
    const imports = files.map((f) => `await import(${JSON.stringify(pathToFileURL(scriptOf(f)).href)});`);
    writeFileSync(script, `${imports.join("\n")}\n`);
  }
  const node = [process.execPath, ...(compiled ? [] : ["--import", "tsx"]), "--test-reporter=spec", script];
  const cpuFile = join(scratch, `${index}.cpu`);
  const argv = TIME ? [TIME, "-q", "-f", "%U %S", "-o", cpuFile, ...node] : node;
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    // A process group of its own, so that a file cut off at its limit takes its servers with it.
    const child = spawn(argv[0], argv.slice(1), {
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? "1" : "0" },
    });
    running.add(child.pid);
    const out = [];
    child.stdout.on("data", (b) => out.push(b));
    child.stderr.on("data", (b) => out.push(b));
    let cutOff = false;
    const timer = setTimeout(() => {
      cutOff = true;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }, limit * 1000);
    child.on("close", (code, signal) => {
      running.delete(child.pid);
      clearTimeout(timer);
      const wall = Number(process.hrtime.bigint() - started) / 1e9;
      let cpu;
      try {
        const [user, sys] = readFileSync(cpuFile, "utf8").trim().split("\n").pop().split(" ").map(Number);
        if (Number.isFinite(user) && Number.isFinite(sys)) cpu = user + sys;
      } catch {
        // Not measured (killed, or no /usr/bin/time).
      }
      const text = Buffer.concat(out).toString("utf8");
      const count = (what) => Number(new RegExp(`^ℹ ${what} (\\d+)$`, "m").exec(text)?.[1] ?? 0);
      resolve({
        name,
        limit,
        ok: code === 0 && !cutOff,
        cutOff,
        code: code ?? signal,
        wall,
        cpu,
        text,
        tests: count("tests"),
        pass: count("pass"),
        fail: count("fail"),
        cancelled: count("cancelled"),
      });
    });
  });
}

const suiteStarted = Date.now();
const results = [];
let next = 0;
async function worker() {
  while (next < jobs.length) {
    const index = next++;
    const r = await runFile(jobs[index], index);
    results.push(r);
    const members = jobs[index].files.length > 1 ? `# ${jobs[index].files.join(", ")}\n` : "";
    process.stdout.write(`\n# ${r.name} (${r.wall.toFixed(1)} s)\n${members}${r.text}`);
    if (r.cutOff) process.stdout.write(`✖ ${r.name} was stopped at its time limit of ${r.limit} s\n`);
    else if (!r.ok) process.stdout.write(`✖ ${r.name} failed (exit ${r.code})\n`);
  }
}
await Promise.all(Array.from({ length: Math.min(CONCURRENCY, jobs.length) }, worker));
rmSync(scratch, { recursive: true, force: true });
if (compiled) rmSync(compiled, { recursive: true, force: true });

const sum = (k) => results.reduce((n, r) => n + r[k], 0);
const failed = results.filter((r) => !r.ok);
const wall = (Date.now() - suiteStarted) / 1000;
const cpuKnown = results.every((r) => r.cpu !== undefined);
const byTime = [...results].sort((a, b) => b.wall - a.wall);
const shown = process.env.TOOLSCORE_TEST_TIMES ? byTime : byTime.slice(0, 10);
const fmt = (n) => (n === undefined ? "    -" : n.toFixed(1).padStart(5));
console.log(`\n# slowest files (wall s, cpu s, limit s)`);
for (const r of shown) console.log(`${fmt(r.wall)} ${fmt(r.cpu)} ${String(r.limit).padStart(4)}  ${r.name}`);
console.log(
  `\n# ${matched.length} files in ${results.length} processes, ${sum("tests")} tests, ${sum("pass")} passed, ${sum("fail")} failed, ` +
    `${sum("cancelled")} cancelled; ${wall.toFixed(1)} s` +
    (cpuKnown ? `, ${results.reduce((n, r) => n + r.cpu, 0).toFixed(1)} cpu s` : ""),
);
for (const r of failed) console.log(`✖ ${r.name}${r.cutOff ? ` (stopped at ${r.limit} s)` : ""}`);
process.exit(failed.length > 0 ? 1 : 0);
