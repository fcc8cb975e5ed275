// A property named `__proto__` (a server may name one; JSON allows it) is one ajv cannot see: it
// leaves that name out of `properties`, so its schema is never applied. A schema that names one is
// compiled with the name replaced by a stand-in, and each value is checked with its own
// `__proto__` keys replaced the same way; errors show the name again.
import { isObject, setOwn, someInJson } from "../util/json.js";

const PROTO = "__proto__";
const STAND_IN = "\u0000proto\u0000";

/** Whether a schema names `__proto__` anywhere: as a key, or as a string. */
export function namesProto(schema: unknown): boolean {
  return someInJson(schema, (v, key) => key === PROTO || v === PROTO);
}

// Keywords whose arrays list property names.
const NAME_LISTS = new Set(["required"]);
const NAME_LIST_MAPS = new Set(["dependentRequired", "dependencies"]);

const renameList = (v: unknown) =>
  Array.isArray(v) ? v.map((x) => (x === PROTO ? STAND_IN : (x as unknown))) : v;

/** `schema` with every `__proto__` key, and `__proto__` in lists of property names, replaced. */
export function renameInSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(renameInSchema);
  if (!isObject(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    let value: unknown;
    if (NAME_LISTS.has(k)) value = renameList(v);
    else if (NAME_LIST_MAPS.has(k) && isObject(v)) {
      const map: Record<string, unknown> = {};
      for (const [name, deps] of Object.entries(v))
        setOwn(map, name === PROTO ? STAND_IN : name, renameList(renameInSchema(deps)));
      value = map;
    } else value = renameInSchema(v);
    setOwn(out, k === PROTO ? STAND_IN : k, value);
  }
  return out;
}

/** `value` with every own `__proto__` key replaced by the stand-in. */
export function renameInValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(renameInValue);
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) setOwn(out, k === PROTO ? STAND_IN : k, renameInValue(v));
  return out;
}

/** An error text with the stand-in shown as `__proto__` again. */
export function restoreName(text: string): string {
  return text.split(STAND_IN).join(PROTO);
}
