// Runs the jobs of a run, two at a time by default, with one more (up to twice that number) while
// the cores idle, and each job (a test file, files sharing a process, a check) as a process group
// of its own, stopped with everything it started at its time limit.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;

/** The process groups of the jobs running, for an interrupted run to stop. */
export const running = new Set();

/**
 * Runs one job; resolves with its outcome, wall time and (where /usr/bin/time exists) the CPU
 * seconds of the job and every process it started. It runs in `root`; `compiled` is the folder of the compiled
 * checkout (undefined: the sources run through tsx); `scratch` holds the run's small files;
 * `configHome` is the XDG_CONFIG_HOME the test files get.
 */
export function runJob({ name, key, files, check, limit }, index, { root, compiled, scratch, configHome }) {
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
  return new Promise((done) => {
    // A process group of its own, so that a file cut off at its limit takes its servers with it.
    const child = spawn(argv[0], argv.slice(1), {
      stdio: ["ignore", "pipe", "pipe"],
      cwd: root,
      detached: true,
      // The test reporter's colours follow the terminal; a check's output is as it would print it.
      // A test file's XDG_CONFIG_HOME is an empty folder of the run's, so that no test reads or
      // writes the sign-ins (toolscore/credentials.json) of whoever runs the suite. It gets no
      // NODE_EXTRA_CA_CERTS: every Node process reads and parses that bundle as it starts (where
      // it is set, close to half of a bare start's CPU), a file starts dozens of processes, and
      // no test reaches a server beyond 127.0.0.1, over TLS or otherwise.
      env: check
        ? process.env
        : {
            ...process.env,
            FORCE_COLOR: process.stdout.isTTY ? "1" : "0",
            XDG_CONFIG_HOME: configHome,
            NODE_EXTRA_CA_CERTS: undefined,
          },
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
      done({
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
function idleMeter() {
  let lastTimes = cpus().map((c) => c.times);
  return () => {
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
  };
}

/**
 * Runs `jobs` in order, `concurrency` at a time, and one more (up to `most`) while the cores were
 * mostly idle for the last second (half a core each half second), none sooner than a second after
 * the last start (a new process takes a moment to get going). `onResult` gets each result as its
 * job ends; resolves with every result.
 */
export function runPool(jobs, { concurrency, most, onResult, ...context }) {
  const results = [];
  const idleCores = idleMeter();
  let next = 0;
  let active = 0;
  let lastStart = 0;
  let idleBefore = 0;
  return new Promise((finished) => {
    const start = () => {
      const index = next++;
      const job = jobs[index];
      active++;
      lastStart = Date.now();
      void runJob(job, index, context).then((r) => {
        active--;
        results.push(r);
        onResult(job, r);
        fill();
        if (active === 0 && next >= jobs.length) {
          clearInterval(filler);
          finished(results);
        }
      });
    };
    const fill = () => {
      while (next < jobs.length && active < concurrency) start();
    };
    const filler = setInterval(() => {
      const idle = idleCores();
      if (
        next < jobs.length &&
        active < most &&
        idle >= 0.5 &&
        idleBefore >= 0.5 &&
        Date.now() - lastStart >= 1000
      )
        start();
      idleBefore = idle;
    }, 500);
    fill();
  });
}
