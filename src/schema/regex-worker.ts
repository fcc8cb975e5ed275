// A pattern from a server that only V8's backtracking engine can run (back-references, lookaround,
// `\p{…}`) may take longer than anyone waits on a value the server also chose. Such a pattern is
// run on a worker thread: the main thread waits for its answer at most the time left of the
// check's `regex-ms` budget, and a worker still busy past it is terminated (V8 interrupts a running
// regular expression for that) and replaced; the pattern is then not run again. A check never
// blocks for longer than its budget, so Ctrl-C and SIGTERM are answered within `regex-ms` (10 s at
// most) and the servers are stopped as always.
import { Worker } from "node:worker_threads";
import { limitPhrase, limits } from "../util/limits.js";

// The worker: compiles each pattern once, answers 1 (matches) or 2 (does not) in shared memory.
// Plain CommonJS, evaluated as it stands: it needs nothing from toolscore's bundle.
const SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const state = new Int32Array(workerData);
const compiled = new Map();
parentPort.on("message", (m) => {
  let answer = 3;
  try {
    const key = m.flags + "/" + m.pattern;
    let re = compiled.get(key);
    if (re === undefined) {
      re = new RegExp(m.pattern, m.flags);
      if (compiled.size < 1000) compiled.set(key, re);
    }
    re.lastIndex = 0;
    answer = re.test(m.input) ? 1 : 2;
  } catch {}
  Atomics.store(state, 1, answer);
  Atomics.store(state, 0, m.seq);
  Atomics.notify(state, 0);
});
Atomics.store(state, 2, 1);
Atomics.notify(state, 2);
`;

// How long the worker may take to start: the machine's doing, not the server's, so not the budget.
const START_MS = 30_000;

interface Runner {
  worker: Worker;
  /** [answered sequence number, answer, ready]. */
  state: Int32Array;
  seq: number;
}

let runner: Runner | undefined;
// Patterns that once ran past their time: a server repeats its schemas and its answers, so each
// such pattern costs the wait once, and every later check with it stops at once.
const timedOut = new Set<string>();
// The milliseconds the current check may still spend in the worker (see beginRegexBudget).
let budget: number | undefined;

/** Why a check stopped: a pattern from the server ran past its time. */
export class PatternTimeout extends Error {}

function start(): Runner {
  const shared = new SharedArrayBuffer(12);
  const worker = new Worker(SOURCE, { eval: true, workerData: shared });
  // Never what keeps the process alive, and never a crash of the run: a failed worker times out.
  worker.unref();
  worker.on("error", () => {});
  return { worker, state: new Int32Array(shared), seq: 0 };
}

/**
 * Starts the time budget of one check (one value against one schema): every pattern run in the
 * worker until the next call shares `regex-ms`.
 */
export function beginRegexBudget(): void {
  budget = Math.min(limits()["regex-ms"], MAX_WAIT_MS);
}

/** The most one check waits, whatever `regex-ms` says: signals must not wait longer. */
export const MAX_WAIT_MS = 10_000;

/**
 * `new RegExp(pattern, flags).test(input)` on the worker. Throws {@link PatternTimeout} when the
 * check's budget runs out first (and at once when it already has).
 */
export function testOnWorker(pattern: string, flags: string, input: string): boolean {
  const left = budget ?? Math.min(limits()["regex-ms"], MAX_WAIT_MS);
  const key = `${flags}/${pattern}`;
  if (left <= 0 || timedOut.has(key)) throw timeout(pattern);
  runner ??= start();
  const r = runner;
  if (Atomics.load(r.state, 2) === 0) Atomics.wait(r.state, 2, 0, START_MS);
  const seq = ++r.seq;
  const began = Date.now();
  r.worker.postMessage({ seq, pattern, flags, input });
  for (;;) {
    const got = Atomics.load(r.state, 0);
    if (got === seq) break;
    const spent = Date.now() - began;
    if (spent >= left) {
      if (budget !== undefined) budget = 0;
      if (timedOut.size >= 1000) timedOut.clear();
      timedOut.add(key);
      runner = undefined;
      void r.worker.terminate();
      throw timeout(pattern);
    }
    Atomics.wait(r.state, 0, got, left - spent);
  }
  if (budget !== undefined) budget = Math.max(0, budget - (Date.now() - began));
  return Atomics.load(r.state, 1) === 1;
}

function timeout(pattern: string): PatternTimeout {
  const shown = JSON.stringify(pattern.length > 60 ? `${pattern.slice(0, 57)}...` : pattern);
  return new PatternTimeout(`the pattern ${shown} ran past ${limitPhrase("regex-ms")}`);
}
