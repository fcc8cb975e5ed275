/** True for a plain JSON object: not null, not an array. */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A copy of `value` with every object's keys sorted (UTF-16 code units); arrays keep their order. */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    // defineProperty, not assignment: a key named "__proto__" from a server must stay a key.
    for (const k of Object.keys(value).sort()) {
      Object.defineProperty(out, k, {
        value: sortKeysDeep((value as Record<string, unknown>)[k]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}

/**
 * Indented JSON with sorted keys: the form in which schemas and annotations are shown and compared,
 * so that a change of key order alone is no change.
 */
export function stableJson(value: unknown): string {
  return JSON.stringify(sortKeysDeep(value), null, 2) ?? "undefined";
}

/** True when two JSON values are equal, ignoring key order. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  return stableJson(a) === stableJson(b);
}
