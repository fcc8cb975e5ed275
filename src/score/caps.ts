// What argument generation may build from a server's schema: a schema can ask for a string of a
// billion characters, a million items, a number whose step underflows, or a pattern whose
// repetitions have no practical end. Past the caps here a parameter is skipped, with the cap it
// went past (the reports say it).
import { limits, type LimitName } from "../util/limits.js";
import type { CapFacts, LimitFacts } from "./call-facts.js";
import type { Schema } from "./schema.js";

/** A randexp token (from its `ret` parser): only the fields the length estimate reads. */
interface Token {
  type: number;
  stack?: Token[];
  options?: Token[][];
  min?: number;
  max?: number;
  value?: Token | number;
}

// ret's token types.
const ROOT = 0;
const GROUP = 1;
const REPETITION = 5;
const REFERENCE = 6;

/**
 * The most characters randexp can make from `tokens`, with unbounded repetitions (`*`, `+`)
 * taking at most `openMax` more. Stops counting once past `cap`: only "too long" matters.
 */
export function patternMaxLength(tokens: Token, openMax: number, cap: number): number {
  let longestGroup = 0;
  const len = (t: Token): number => {
    switch (t.type) {
      case ROOT:
      case GROUP: {
        const seqs = t.options ?? [t.stack ?? []];
        let best = 0;
        for (const seq of seqs) {
          let sum = 0;
          for (const x of seq) {
            sum += len(x);
            if (sum > cap) return cap + 1;
          }
          best = Math.max(best, sum);
        }
        if (t.type === GROUP) longestGroup = Math.max(longestGroup, best);
        return best;
      }
      case REPETITION: {
        const max = t.max === Infinity || t.max === undefined ? (t.min ?? 0) + openMax : t.max;
        const inner = typeof t.value === "object" ? len(t.value) : 0;
        return inner === 0 ? 0 : max > cap ? cap + 1 : Math.min(cap + 1, max * inner);
      }
      case REFERENCE:
        return longestGroup;
      default:
        return 1;
    }
  };
  return len(tokens);
}

/** A limit with the value in force. */
const limit = (name: LimitName): LimitFacts => ({ name, value: limits()[name] });

/**
 * Why generation skips a string schema: a minLength, maxLength-bound value or pattern past the
 * caps. `tokens` and `openMax` are the pattern's, when it has one.
 */
export function stringOverCap(
  s: Schema,
  pattern?: { tokens: unknown; openMax: number },
): CapFacts | undefined {
  const maxChars = limits()["string-chars"];
  if (typeof s.minLength === "number" && s.minLength > maxChars)
    return { cap: "min-length", value: s.minLength, limit: limit("string-chars") };
  if (typeof s.pattern === "string") {
    if (s.pattern.length > limits()["pattern-chars"])
      return { cap: "pattern-length", length: s.pattern.length, limit: limit("pattern-chars") };
    if (pattern && patternMaxLength(pattern.tokens as Token, pattern.openMax, maxChars) > maxChars)
      return { cap: "pattern-output", limit: limit("string-chars") };
  }
  return undefined;
}

/** Why generation skips an array or object schema: more items or properties than the cap. */
export function itemsOverCap(s: Schema): CapFacts | undefined {
  const maxItems = limits()["array-items"];
  if (typeof s.minItems === "number" && s.minItems > maxItems)
    return { cap: "min-items", value: s.minItems, limit: limit("array-items") };
  if (typeof s.minProperties === "number" && s.minProperties > maxItems)
    return { cap: "min-properties", value: s.minProperties, limit: limit("array-items") };
  return undefined;
}

/**
 * Why generation skips a number schema: a `multipleOf` so small that its multiples cannot be
 * written exactly in a double (past 15 significant decimals nothing made would validate).
 */
export function numberOverCap(s: Schema): CapFacts | undefined {
  const m = s.multipleOf;
  if (typeof m !== "number" || !(m > 0)) return undefined;
  if (m < 1e-15) return { cap: "multiple-of", value: m };
  return undefined;
}

/**
 * A budget for one draw of arguments: characters and items made, and a deadline. Nested arrays
 * of arrays multiply; the budget bounds the product.
 */
export class GenerationBudget {
  private units: number;
  private readonly deadline: number;
  /** Why the draw stopped, once it has. */
  stopped: CapFacts | undefined;

  constructor() {
    this.units = limits()["string-chars"] * 10 + limits()["array-items"] * 10;
    this.deadline = Date.now() + limits()["generate-ms"];
  }

  /** Takes `n` units; false (and `stopped` set) when the budget or the time is spent. */
  take(n: number): boolean {
    if (this.stopped) return false;
    this.units -= n;
    if (this.units < 0) this.stopped = { cap: "budget" };
    else if (Date.now() > this.deadline) this.stopped = { cap: "time", limit: limit("generate-ms") };
    return this.stopped === undefined;
  }
}
