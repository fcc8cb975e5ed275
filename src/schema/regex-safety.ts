// Regular expressions from a server (`pattern`, `patternProperties`) run on values toolscore makes
// and on what the server answers. V8's default engine backtracks: `^(a+)+$` against thirty a's
// and a `!` takes longer than anyone waits, and a run blocked in a regex ignores Ctrl-C. So every
// such pattern is compiled here: one longer than `pattern-chars` is refused, one that V8's linear
// engine can run is compiled for it, and one it cannot (back-references, lookaround, `\p{…}`)
// runs as written only when it has no nested or alternated repetition, the shapes that blow up.
import * as v8 from "node:v8";
import { limitPhrase, limits } from "../util/limits.js";

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

/**
 * True when `pattern` repeats something that itself repeats or alternates (`(a+)+`, `(a|ab)*`,
 * `(\w+\s?)*`): the shapes whose backtracking grows exponentially.
 */
export function hasNestedRepetition(pattern: string): boolean {
  const groups: Array<{ repeats: boolean; alternates: boolean }> = [{ repeats: false, alternates: false }];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    const top = groups[groups.length - 1]!;
    if (c === "\\") i++;
    else if (c === "[") {
      for (i++; i < pattern.length && pattern[i] !== "]"; i++) if (pattern[i] === "\\") i++;
    } else if (c === "(") groups.push({ repeats: false, alternates: false });
    else if (c === "|") top.alternates = true;
    else if (c === ")" && groups.length > 1) {
      const g = groups.pop()!;
      const parent = groups[groups.length - 1]!;
      const next = pattern[i + 1];
      const repeated = next === "*" || next === "+" || next === "{";
      if (repeated && (g.repeats || g.alternates)) return true;
      parent.repeats ||= g.repeats || repeated;
    } else if (c === "*" || c === "+" || c === "{") top.repeats = true;
  }
  return false;
}

/** A compiled pattern as ajv uses it. */
export interface RegExpLike {
  test(s: string): boolean;
}

/**
 * Compiles a pattern from a server for ajv (`code.regExp`). Throws, so that the schema does not
 * compile and is reported as not checked, for a pattern too long or one that could backtrack
 * without end.
 */
export const safeRegExp = Object.assign(
  (pattern: string, flags: string): RegExpLike => {
    if (pattern.length > limits()["pattern-chars"])
      throw new Error(`a pattern of ${pattern.length} characters is past ${limitPhrase("pattern-chars")}`);
    if (!BACKTRACK_ONLY.test(pattern) && linearFallback) return new RegExp(pattern, flags.replace("u", ""));
    if (hasNestedRepetition(pattern))
      throw new Error(`the pattern ${JSON.stringify(pattern.slice(0, 60))} could backtrack without end`);
    return new RegExp(pattern, flags);
  },
  { code: "safeRegExp" },
);
