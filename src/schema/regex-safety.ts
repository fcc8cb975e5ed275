// Regular expressions from a server (`pattern`, `patternProperties`) run on values toolscore makes
// and on what the server answers. V8's default engine backtracks: `^(a+)+$` against thirty a's
// and a `!` takes longer than anyone waits, and a run blocked in a regex ignores Ctrl-C. So every
// such pattern is compiled here: one longer than `pattern-chars` is refused, one that V8's linear
// engine can run is compiled for it, and one it cannot (back-references, lookaround, `\p{…}`)
// runs on a worker thread, for at most the time the `regex-ms` limit gives the check.
import * as v8 from "node:v8";
import { limitPhrase, limits } from "../util/limits.js";
import { testOnWorker } from "./regex-worker.js";

let linearFallback = false;

/**
 * Lets V8 switch a regular expression to its linear-time engine once it has backtracked too much
 * (for the patterns that engine supports). Process-wide; the CLI turns it on before anything
 * else, and a program that validates servers' schemas through the library should too.
 */
export function enableLinearRegExpFallback(): void {
  if (linearFallback) return;
  linearFallback = true;
  v8.setFlagsFromString("--enable-experimental-regexp-engine-on-excessive-backtracks");
}

// What only V8's backtracking engine runs: back-references, lookaround, and what needs the `u`
// flag, under which the linear engine is never used.
const BACKTRACK_ONLY = /\\[1-9]|\\k<|\(\?<?[=!]|\\[pP]\{|\\u\{|[\ud800-\udfff]/;

/** A compiled pattern as ajv uses it. */
export interface RegExpLike {
  test(s: string): boolean;
  toString(): string;
}

/**
 * Compiles a pattern from a server for ajv (`code.regExp`). Throws, so that the schema does not
 * compile and is reported as not checked, for a pattern longer than `pattern-chars`. A pattern
 * V8's linear engine can run runs here; any other runs on the worker of regex-worker.ts under the
 * `regex-ms` budget of the check (whose {@link PatternTimeout} says it was not checked).
 */
export const safeRegExp = Object.assign(
  (pattern: string, flags: string): RegExpLike => {
    if (pattern.length > limits()["pattern-chars"])
      throw new Error(`a pattern of ${pattern.length} characters is past ${limitPhrase("pattern-chars")}`);
    if (!BACKTRACK_ONLY.test(pattern) && linearFallback) return new RegExp(pattern, flags.replace("u", ""));
    // Compiling runs nothing: an invalid pattern fails here, as for ajv's own RegExp.
    new RegExp(pattern, flags);
    // ajv keeps one compiled pattern per toString(): it must tell patterns apart.
    return { test: (s: string) => testOnWorker(pattern, flags, s), toString: () => `/${pattern}/${flags}` };
  },
  { code: "safeRegExp" },
);
