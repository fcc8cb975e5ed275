import type { EdgeChange } from "./call-facts.js";
import { harmlessOptional } from "./safety.js";
import { limits } from "../util/limits.js";
import { isObject, resolveRef, schemaTypes, type Schema } from "./schema.js";

/** The kinds of edge case toolscore sends. */
export type EdgeKind =
  "missing-required" | "wrong-type" | "empty-value" | "zero" | "out-of-range" | "not-in-enum" | "unknown-id";

/** One edge-case call: arguments a careful server should answer (usually with an error) without crashing. */
export interface EdgeCase {
  kind: EdgeKind;
  args: Record<string, unknown>;
  /** What was changed (the reports say it: `without required 'title'`). */
  change: EdgeChange;
  /** The argument the case is about. */
  property: string;
}

// An argument that names one thing to look up: `id`, `note_id`, `noteId`.
const ID_NAME = /^id$|_id$|[a-z]Id$/;

function deref(s: unknown, root: unknown): Schema {
  let node = s;
  for (let i = 0; i < 10 && isObject(node) && typeof node.$ref === "string"; i++)
    node = resolveRef(node.$ref, root);
  return isObject(node) ? node : {};
}

function wrongValue(types: string[]): unknown {
  if (types.includes("string")) return types.includes("number") || types.includes("integer") ? [] : 12345;
  if (types.includes("number") || types.includes("integer")) return "not a number";
  if (types.includes("boolean")) return "yes";
  if (types.includes("array")) return "not a list";
  if (types.includes("object")) return "not an object";
  return undefined;
}

/**
 * The edge cases for a tool, built from valid `base` arguments (with every property): at most one
 * of each kind, on the first property it applies to (required ones first), in a fixed order. With
 * `safe`, an optional property that may write (a `filename`) is never given a value here either.
 */
export function edgeCases(
  inputSchema: unknown,
  base: Record<string, unknown>,
  opts: { safe?: boolean; lookup?: boolean } = {},
): EdgeCase[] {
  const root = isObject(inputSchema) ? inputSchema : {};
  const props = isObject(root.properties) ? root.properties : {};
  const required = Array.isArray(root.required)
    ? root.required.filter((r): r is string => typeof r === "string")
    : [];
  const order = [
    ...required.filter((r) => Object.hasOwn(props, r)),
    ...Object.keys(props).filter(
      (p) => !required.includes(p) && (!opts.safe || harmlessOptional(p, props[p])),
    ),
  ];
  const cases: EdgeCase[] = [];
  const add = (kind: EdgeKind, name: string, value: unknown, change: EdgeChange) => {
    if (cases.some((c) => c.kind === kind)) return;
    cases.push({ kind, args: { ...base, [name]: value }, change, property: name });
  };
  const first = required[0];
  if (first !== undefined) {
    const { [first]: _gone, ...rest } = base;
    cases.push({
      kind: "missing-required",
      args: rest,
      change: { change: "missing", property: first },
      property: first,
    });
  }
  // A lookup tool given an id nobody made (the generated one): it should say it found nothing.
  const id = required.find((r) => ID_NAME.test(r) && typeof base[r] === "string");
  if (opts.lookup && id !== undefined)
    cases.push({
      kind: "unknown-id",
      args: { ...base },
      change: { change: "unknown-id", property: id },
      property: id,
    });
  for (const name of order) {
    const s = deref(props[name], root);
    const types = schemaTypes(s);
    const wrong = wrongValue(types);
    if (wrong !== undefined && !types.includes(typeof wrong))
      add("wrong-type", name, wrong, { change: "wrong-type", property: name, value: wrong, types });
    if (types.includes("string")) add("empty-value", name, "", { change: "empty-string", property: name });
    else if (types.includes("array")) add("empty-value", name, [], { change: "empty-list", property: name });
    if (types.includes("number") || types.includes("integer"))
      add("zero", name, 0, { change: "zero", property: name });
    if (typeof s.maximum === "number")
      add("out-of-range", name, s.maximum + 1, { change: "above-maximum", property: name });
    else if (typeof s.exclusiveMaximum === "number")
      add("out-of-range", name, s.exclusiveMaximum, { change: "at-exclusive-maximum", property: name });
    else if (typeof s.minimum === "number")
      add("out-of-range", name, s.minimum - 1, { change: "below-minimum", property: name });
    else if (typeof s.maxLength === "number" && s.maxLength < limits()["string-chars"])
      add("out-of-range", name, "x".repeat(s.maxLength + 1), { change: "past-max-length", property: name });
    else if (typeof s.maxItems === "number" && s.maxItems < 1000) {
      const item = Array.isArray(base[name]) && base[name].length ? base[name][0] : "x";
      add("out-of-range", name, Array(s.maxItems + 1).fill(item), {
        change: "past-max-items",
        property: name,
      });
    }
    if (Array.isArray(s.enum) && s.enum.length) {
      const outside = s.enum.every((e) => typeof e === "string") ? "not-one-of-the-choices" : -987654321;
      if (!s.enum.includes(outside))
        add("not-in-enum", name, outside, { change: "outside-enum", property: name });
    }
  }
  return cases;
}
