// Regular expressions from a server (`pattern`, `patternProperties`) run on values toolscore makes
// and on what the server answers. V8's default engine backtracks: `^(a+)+$` against thirty a's
// and a `!` takes longer than anyone waits, and a run blocked in a regex ignores Ctrl-C. So every
// such pattern is compiled here: one longer than `pattern-chars` is refused, one that V8's linear
// engine can run is compiled for it, and one it cannot runs on a worker thread, for at most the
// time the `regex-ms` limit gives the check. Which engine runs a pattern is V8's answer (the `l`
// flag compiles only what its linear engine runs), not a guess from the pattern's text: besides
// back-references, lookaround and `\p{…}`, it refuses counted repeats past 16 (`^(a+){1,50}$`
// backtracks for seconds on 26 a's), and such a pattern must not run on the main thread, where it
// would block Ctrl-C. The worker, not a refusal: most such patterns are honest (`^\d{1,20}$`),
// and their values are checked as always.
import * as v8 from "node:v8";
import { limitPhrase, limits } from "../util/limits.js";
import { testOnWorker } from "./regex-worker.js";

let linearFallback = false;

/**
 * Turns on V8's linear-time regular expression engine (the `l` flag), and lets V8 switch a
 * regular expression to it once it has backtracked too much (for the patterns that engine
 * supports). Process-wide; the CLI turns it on before anything else, and a program that validates
 * servers' schemas through the library should too.
 */
export function enableLinearRegExpFallback(): void {
  if (linearFallback) return;
  linearFallback = true;
  v8.setFlagsFromString("--enable-experimental-regexp-engine");
  v8.setFlagsFromString("--enable-experimental-regexp-engine-on-excessive-backtracks");
}

/** The pattern compiled for V8's linear engine, or undefined when that engine cannot run it. */
function linear(pattern: string, flags: string): RegExp | undefined {
  if (!linearFallback || BACKTRACK_ONLY.test(pattern)) return undefined;
  try {
    return new RegExp(pattern, `${flags.replace("u", "")}l`);
  } catch {
    return undefined;
  }
}

// What needs the `u` flag, under which the linear engine is never used (V8 would compile `\p{L}`
// without it, as other text); the rest is V8's to say (see linear()).
const BACKTRACK_ONLY = /\\[pP]\{|\\u\{|[\ud800-\udfff]/;

/** A compiled pattern as ajv uses it. */
export interface RegExpLike {
  test(s: string): boolean;
  toString(): string;
}

/**
 * Compiles a pattern from a server for ajv (`code.regExp`). Throws, so that the schema does not
 * compile and is reported as not checked, for a pattern longer than `pattern-chars`. A pattern
 * V8's linear engine can run runs here, in that engine; any other runs on the worker of
 * regex-worker.ts under the `regex-ms` budget of the check (whose {@link PatternTimeout} says it
 * was not checked).
 */
export const safeRegExp = Object.assign(
  (pattern: string, flags: string): RegExpLike => {
    if (pattern.length > limits()["pattern-chars"])
      throw new Error(`a pattern of ${pattern.length} characters is past ${limitPhrase("pattern-chars")}`);
    const fast = linear(pattern, flags);
    if (fast) return fast;
    // Compiling runs nothing: an invalid pattern fails here, as for ajv's own RegExp.
    new RegExp(pattern, flags);
    // ajv keeps one compiled pattern per toString(): it must tell patterns apart.
    return { test: (s: string) => testOnWorker(pattern, flags, s), toString: () => `/${pattern}/${flags}` };
  },
  { code: "safeRegExp" },
);
