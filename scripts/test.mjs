// Runs every test file under test/ with node's test runner, each file in a process of its own.
// `node scripts/test.mjs unit` runs only the files whose path contains "unit". With --check (as
// `npm test` runs it) the bundle is built first (without its type declarations, which the package
// test makes when it needs them), and the checks of scripts/checks.mjs (typecheck, ESLint,
// Prettier, knip) run in the same pool as the test files, each one a job like a file.
//
// Two jobs run at a time (TOOLSCORE_TEST_CONCURRENCY, 2 by default: the machine the suite is sized
// for has two cores). Many files spend much of their time waiting (on a timeout, a server's exit),
// so the pool starts one more job, up to twice that number, while the cores have been mostly idle
// for the last two seconds: on a quiet machine the waits are filled, on a busy one nothing is
// added. A TOOLSCORE_TEST_CONCURRENCY set by hand is kept exactly.
//
// The files of test/unit/ (pure code, no servers) and of test/cli/ (the CLI run in-process) are
// the exception: each tier's files share a process per core, imported one after another, since
// starting a process and loading the modules they test cost most of a small file's time. A file
// that needs a process of its own is one whose top-level hooks run around every test (beforeEach,
// afterEach at the top level: in a shared process they would run around the other files' tests),
// or one that changes the working folder or the environment; a shared file must otherwise leave
// shared state (limits, the environment, the working folder) as it found it once its tests end.
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
// and counts as failed. The jobs that took longest the last time start first, so that the heavy ones
// do not end the run alone: each job's wall and CPU seconds are kept under node_modules/.cache (a
// file for each checkout); a job not measured yet is placed by its time limit (a tenth of it), a
// check by the seconds scripts/checks.mjs gives it.
//
// A job's output is printed whole when it ends, so that two never interleave. At the end, the
// slowest jobs are listed with their wall time and, where /usr/bin/time exists, the CPU seconds of
// the job and every process it started (TOOLSCORE_TEST_TIMES=1 lists every job), then every check
// and file that failed.
import { transform } from "esbuild";
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { cpus, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { CHECKS, runCaptured } from "./checks.mjs";

const DEFAULT_LIMIT_S = 180;
const GROUP_LIMIT_S = 300;
const FIXED = Number(process.env.TOOLSCORE_TEST_CONCURRENCY) || 0;
const CONCURRENCY = Math.max(1, FIXED || 2);
// Up to twice as many while the cores idle (never when the number was set by hand).
const MOST = FIXED ? CONCURRENCY : CONCURRENCY * 2;
const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;
const SHARED_TIERS = ["unit", "cli"];

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

/** The tier (test/unit, test/cli) whose files share a process, or undefined. */
const tierOf = (file) => SHARED_TIERS.find((t) => file.startsWith(join("test", t) + "/"));

/**
 * A unit or CLI file shares a process with the other files of its tier unless it has hooks at its
 * top level that run around every test (`beforeEach`, `afterEach`: in a shared process they would
 * run around the other files' tests too), or changes the working folder or the environment.
 */
function shares(file) {
  const text = readFileSync(file, "utf8");
  return (
    tierOf(file) !== undefined &&
    !/^(beforeEach|afterEach)\(/m.test(text) &&
    !/process\.chdir\(|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env/.test(text)
  );
}

const args = process.argv.slice(2);
const withChecks = args.includes("--check");
const filters = args.filter((a) => !a.startsWith("--"));
const matched = walk("test")
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
if (matched.length === 0) {
  console.error("no test files matched");
  process.exit(1);
}
const groups = SHARED_TIERS.flatMap((tier) => {
  const members = matched.filter((f) => tierOf(f) === tier && shares(f));
  const count = Math.min(CONCURRENCY, Math.ceil(members.length / 2));
  const parts = Array.from({ length: count }, (_, g) => members.filter((_, i) => i % count === g));
  return parts
    .filter((g) => g.length > 1)
    .map((files, g, all) => ({
      name: `test/${tier}, ${files.length} files in one process (${g + 1} of ${all.length})`,
      key: `test/${tier} ${g + 1} of ${all.length}`,
      files,
      // Many files' work in one process: the limit of a file that starts many processes.
      limit: Math.max(GROUP_LIMIT_S, ...files.map(limitOf)),
    }));
});
const grouped = new Set(groups.flatMap((g) => g.files));

// What each job took the last time: its wall and CPU seconds, by job.
const ROOT = resolve(import.meta.dirname, "..");
const CACHE = join(ROOT, "node_modules", ".cache", "toolscore-test");
const timesFile = join(CACHE, `times-${createHash("sha256").update(ROOT).digest("hex").slice(0, 16)}.json`);
let times = {};
try {
  times = JSON.parse(readFileSync(timesFile, "utf8"));
} catch {
  // None yet.
}
const expected = (job) => times[job.key]?.wall ?? job.estimate;

const jobs = [
  ...(withChecks
    ? CHECKS.map((c) => ({ name: c.name, key: `check ${c.name}`, check: c.argv, estimate: c.seconds }))
    : []),
  ...matched
    .filter((f) => !grouped.has(f))
    .map((file) => ({ name: file, key: file, files: [file], limit: limitOf(file) })),
  ...groups,
]
  .map((job) => ({ estimate: job.limit / 10, ...job }))
  .sort((a, b) => expected(b) - expected(a) || (a.name < b.name ? -1 : 1));

const scratch = mkdtempSync(join(tmpdir(), "toolscore-test-"));
const configHome = join(scratch, "config");
mkdirSync(configHome);

// Under node_modules, which every tool ignores, so that the compiled files find the packages the
// sources import; a folder of its own for each run.
const TSX = process.env.TOOLSCORE_TEST_TSX === "1";
mkdirSync(CACHE, { recursive: true });
const compiled = TSX ? undefined : mkdtempSync(join(CACHE, "run-"));

// Interrupted, the run stops the jobs running (with what they started) and removes its folders.
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

const suiteStarted = Date.now();
if (withChecks) {
  // The tests run the bundle, and the checks read the validators the build generates.
  const built = await runCaptured([process.execPath, "scripts/build.mjs", "--no-types"]);
  process.stdout.write(
    `# build: ${built.ok ? "ok" : "FAILED"} (${built.seconds.toFixed(1)} s)\n${built.text}`,
  );
  if (!built.ok) {
    rmSync(scratch, { recursive: true, force: true });
    if (compiled) rmSync(compiled, { recursive: true, force: true });
    process.exit(1);
  }
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

/**
 * Runs one job (a file, files sharing a process, a check); resolves with its outcome, wall time and
 * (where measurable) CPU seconds.
 */
function runJob({ name, key, files, check, limit }, index) {
  let command = check;
  if (!command) {
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
    command = [process.execPath, ...(compiled ? [] : ["--import", "tsx"]), "--test-reporter=spec", script];
  }
  const cpuFile = join(scratch, `${index}.cpu`);
  const argv = TIME ? [TIME, "-q", "-f", "%U %S", "-o", cpuFile, ...command] : command;
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    // A process group of its own, so that a file cut off at its limit takes its servers with it.
    const child = spawn(argv[0], argv.slice(1), {
      stdio: ["ignore", "pipe", "pipe"],
      cwd: ROOT,
      detached: true,
      // The test reporter's colours follow the terminal; a check's output is as it would print it.
      // A test file's XDG_CONFIG_HOME is an empty folder of the run's, so that no test reads or
      // writes the sign-ins (toolscore/credentials.json) of whoever runs the suite.
      env: check
        ? process.env
        : { ...process.env, FORCE_COLOR: process.stdout.isTTY ? "1" : "0", XDG_CONFIG_HOME: configHome },
    });
    running.add(child.pid);
    const out = [];
    child.stdout.on("data", (b) => out.push(b));
    child.stderr.on("data", (b) => out.push(b));
    let cutOff = false;
    // A check has no limit: it starts no server, and ends.
    const timer =
      limit &&
      setTimeout(() => {
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
        key,
        check: Boolean(check),
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

/** The cores idle since the last call, from the machine's CPU times. */
let lastTimes = cpus().map((c) => c.times);
function idleCores() {
  const now = cpus().map((c) => c.times);
  let idle = 0;
  let total = 0;
  now.forEach((t, i) => {
    const was = lastTimes[i] ?? t;
    const sum = (x) => x.user + x.nice + x.sys + x.idle + x.irq;
    idle += t.idle - was.idle;
    total += sum(t) - sum(was);
  });
  lastTimes = now;
  return total > 0 ? (idle / total) * now.length : 0;
}

const results = [];
let next = 0;
let active = 0;
let lastStart = 0;
let idleBefore = 0;
let finished;
const done = new Promise((resolve) => (finished = resolve));
function start() {
  const index = next++;
  const job = jobs[index];
  active++;
  lastStart = Date.now();
  void runJob(job, index).then((r) => {
    active--;
    results.push(r);
    const members = job.files?.length > 1 ? `# ${job.files.join(", ")}\n` : "";
    process.stdout.write(`\n# ${r.name} (${r.wall.toFixed(1)} s)\n${members}${r.text}`);
    if (r.cutOff) process.stdout.write(`✖ ${r.name} was stopped at its time limit of ${r.limit} s\n`);
    else if (!r.ok) process.stdout.write(`✖ ${r.name} failed (exit ${r.code})\n`);
    fill();
    if (active === 0 && next >= jobs.length) finished();
  });
}
/** Starts jobs until CONCURRENCY run. */
function fill() {
  while (next < jobs.length && active < CONCURRENCY) start();
}
// Every second: one more job while the cores were mostly idle for the last two seconds (half a
// core each second), none sooner than two seconds after the last start (a new process takes a
// moment to get going).
const filler = setInterval(() => {
  const idle = idleCores();
  if (
    next < jobs.length &&
    active < MOST &&
    idle >= 0.5 &&
    idleBefore >= 0.5 &&
    Date.now() - lastStart >= 2000
  )
    start();
  idleBefore = idle;
}, 1000);
fill();
await done;
clearInterval(filler);
rmSync(scratch, { recursive: true, force: true });
if (compiled) rmSync(compiled, { recursive: true, force: true });

// What each job took, for the order of the next run. A job stopped at its limit is not a measure;
// a whole run forgets the jobs it no longer has (files renamed, groups split another way).
// (The checks' times stay when a run has no checks.)
if (filters.length === 0) {
  const kept = ([key]) => jobs.some((j) => j.key === key) || (!withChecks && key.startsWith("check "));
  times = Object.fromEntries(Object.entries(times).filter(kept));
}
for (const r of results) {
  if (r.cutOff) continue;
  times[r.key] = {
    wall: Number(r.wall.toFixed(1)),
    ...(r.cpu === undefined ? {} : { cpu: Number(r.cpu.toFixed(1)) }),
  };
}
const written = `${timesFile}.${process.pid}`;
writeFileSync(written, `${JSON.stringify(times, null, 1)}\n`);
renameSync(written, timesFile);

const files = results.filter((r) => !r.check);
const sum = (k) => files.reduce((n, r) => n + r[k], 0);
const failed = results.filter((r) => !r.ok);
const wall = (Date.now() - suiteStarted) / 1000;
const cpuKnown = results.every((r) => r.cpu !== undefined);
const byTime = [...results].sort((a, b) => b.wall - a.wall);
const shown = process.env.TOOLSCORE_TEST_TIMES ? byTime : byTime.slice(0, 10);
const fmt = (n) => (n === undefined ? "    -" : n.toFixed(1).padStart(5));
console.log(`\n# slowest jobs (wall s, cpu s, limit s)`);
for (const r of shown)
  console.log(`${fmt(r.wall)} ${fmt(r.cpu)} ${String(r.limit ?? "-").padStart(4)}  ${r.name}`);
const checks = results.filter((r) => r.check);
console.log(
  `\n# ${matched.length} files in ${files.length} processes, ${sum("tests")} tests, ${sum("pass")} passed, ${sum("fail")} failed, ` +
    `${sum("cancelled")} cancelled` +
    (checks.length > 0 ? `; ${checks.filter((r) => r.ok).length} of ${checks.length} checks passed` : "") +
    `; ${wall.toFixed(1)} s` +
    (cpuKnown ? `, ${results.reduce((n, r) => n + r.cpu, 0).toFixed(1)} cpu s` : ""),
);
for (const r of failed) console.log(`✖ ${r.name}${r.cutOff ? ` (stopped at ${r.limit} s)` : ""}`);
process.exit(failed.length > 0 ? 1 : 0);
