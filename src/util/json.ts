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

/**
 * How deeply `value` nests (a scalar is 0, `{}` and `[]` are 1), counted without recursion and
 * stopping as soon as it passes `max`: a server's data may nest far deeper than the stack.
 */
export function jsonDepth(value: unknown, max = Infinity): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (typeof v !== "object" || v === null) continue;
    const depth = d + 1;
    if (depth > deepest) deepest = depth;
    if (deepest > max) return deepest;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) if (typeof v[i] === "object") stack.push([v[i], depth]);
    } else {
      for (const k in v) {
        if (!Object.hasOwn(v, k)) continue;
        const x = (v as Record<string, unknown>)[k];
        if (typeof x === "object") stack.push([x, depth]);
      }
    }
  }
  return deepest;
}

/** `obj[key]` when `key` is the object's own, else undefined: `constructor` from a server is a name. */
export function ownValue<T>(obj: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/** Sets an own property, even one named `__proto__`, which plain assignment would not create. */
export function setOwn<T>(obj: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * A tool's name as text: the name when it is a string, else its JSON (`42`, `null`, `{…}`). A
 * server may send any JSON there; `String()` of an object whose `toString` is not a function throws.
 */
export function nameText(name: unknown): string {
  return typeof name === "string" ? name : (JSON.stringify(name ?? null) ?? "null");
}

/** `text` without one leading UTF-8 byte-order mark, which Windows editors write at the start of a file. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The text of a JSON file parsed: one leading byte-order mark is accepted, as editors write it.
 * Every JSON file toolscore reads (snapshots, locks, lock sets, overrides, reports) comes through
 * here; configs (JSONC, TOML) strip it the same way before their own parser.
 */
export function parseJsonFileText(text: string): unknown {
  return JSON.parse(stripBom(text)) as unknown;
}

/**
 * The path (`inputSchema.properties.n.maximum`, `enum[2]`) of the first number in `value` that
 * JSON cannot hold (a server's `1e400` parses as Infinity), or undefined. Walked without recursion.
 */
export function nonFiniteAt(value: unknown): string | undefined {
  const stack: Array<[unknown, string]> = [[value, ""]];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === "number") {
      if (!Number.isFinite(v)) return path;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${path}[${i}]`]);
    } else if (typeof v === "object" && v !== null) {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--)
        stack.push([(v as Record<string, unknown>)[keys[i]!], path ? `${path}.${keys[i]!}` : keys[i]!]);
    }
  }
  return undefined;
}

/**
 * Whether `test` holds for any value inside a JSON value (the value itself included), each told
 * the object key it sits under (undefined for the root and for array items). Walked without
 * recursion, since a server's data may nest deeper than the stack, and stopped at the first hit.
 */
export function someInJson(value: unknown, test: (v: unknown, key: string | undefined) => boolean): boolean {
  const stack: Array<[unknown, string | undefined]> = [[value, undefined]];
  while (stack.length > 0) {
    const [v, key] = stack.pop()!;
    if (test(v, key)) return true;
    if (Array.isArray(v)) for (const x of v) stack.push([x, undefined]);
    else if (typeof v === "object" && v !== null) for (const [k, x] of Object.entries(v)) stack.push([x, k]);
  }
  return false;
}
