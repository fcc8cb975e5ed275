// The safety model of argument generation: without --allow-writes a called tool still gets no
// argument that could make it write. Tool choice (capabilities) decides which tools are called;
// this decides what they are called with, and skips a tool that cannot be called harmlessly.
import type { RawTool } from "../mcp/types.js";
import {
  describedChange,
  isWriteModeValue,
  sortsOrFilters,
  writeLikeParameter,
} from "../pin/effect-words.js";
import { isObject, resolveRef, type Schema } from "./schema.js";
import { appendAll } from "../util/order.js";

/** True when the generator may fill the optional property `name` (its name and description are harmless). */
export function harmlessOptional(name: string, schema: unknown): boolean {
  return writeLikeParameter(name, schema) === null;
}

/** The enum values the generator may pick: none that names a write, delete or exec mode. */
export function harmlessValues(values: readonly unknown[]): unknown[] {
  return values.filter((v) => !isWriteModeValue(v));
}

/** True when a schema branch can only be a write mode (a `const` or an enum of write modes). */
export function onlyWriteModes(s: unknown): boolean {
  if (!isObject(s)) return false;
  if ("const" in s) return isWriteModeValue(s.const);
  return Array.isArray(s.enum) && s.enum.length > 0 && harmlessValues(s.enum).length === 0;
}

function deref(s: unknown, root: unknown): Schema {
  let node = s;
  for (let i = 0; i < 10 && isObject(node) && typeof node.$ref === "string"; i++)
    node = resolveRef(node.$ref, root);
  return isObject(node) ? node : {};
}

/** The write-mode values a schema's own enum, const or combinator branches name, for messages. */
function writeModes(s: Schema, root: unknown): string[] {
  const values = [...(Array.isArray(s.enum) ? s.enum : []), ...("const" in s ? [s.const] : [])];
  for (const key of ["anyOf", "oneOf"]) {
    const branches = s[key];
    if (Array.isArray(branches))
      for (const b of branches) {
        const d = deref(b, root);
        appendAll(values, Array.isArray(d.enum) ? (d.enum as unknown[]) : []);
        if ("const" in d) values.push(d.const);
      }
  }
  return values.filter(isWriteModeValue).map(String);
}

/** True when every value a required property can take is a write mode. */
function requiredOnlyWrites(s: Schema, root: unknown): boolean {
  if (onlyWriteModes(s)) return true;
  for (const key of ["anyOf", "oneOf"]) {
    const branches = s[key];
    if (Array.isArray(branches) && branches.length > 0)
      return branches.every((b) => onlyWriteModes(deref(b, root)));
  }
  return false;
}

// Stricter than for optional parameters: a required path "to read, as written by save_file" is fine.
const DESTINATION =
  /\b(?:(?:save|saved|write|written) (?:to|as|into)|(?:file ?name|path|file) to (?:save|write)|destination|overwrit\w*|output (?:file|path|dir\w*|folder|location))\b/i;

/** Why a read tool's arguments would still change something, as facts (the reports word them). */
export type UnsafeArguments =
  /** Its description says it sets, changes, writes, deletes or runs something (`said`). */
  | { kind: "described-change"; said: string }
  /** A required parameter takes only write, delete or exec values. */
  | { kind: "write-values"; parameter: string; values: string[] }
  /** A required parameter's description says where to write (`said`). */
  | { kind: "destination"; parameter: string; said: string };

/**
 * Why a tool that its capabilities let through is still not called without --allow-writes, or
 * null. A description that says the tool sets, changes, writes, deletes or runs something outranks
 * `readOnlyHint: true`; a required parameter that takes only write modes (`operation: "set"`, but
 * not a field to sort or filter by) or names where to write (its description says so) cannot be
 * filled harmlessly.
 */
export function unsafeArguments(tool: RawTool): UnsafeArguments | null {
  const said = describedChange(tool.description);
  if (said) return { kind: "described-change", said };
  const root = isObject(tool.inputSchema) ? tool.inputSchema : {};
  const props = isObject(root.properties) ? root.properties : {};
  const required = Array.isArray(root.required) ? root.required.filter((r) => typeof r === "string") : [];
  for (const name of required) {
    if (!Object.hasOwn(props, name)) continue;
    const s = deref(props[name], root);
    if (!sortsOrFilters(name, s) && requiredOnlyWrites(s, root))
      return { kind: "write-values", parameter: name, values: writeModes(s, root) };
    const m = typeof s.description === "string" ? DESTINATION.exec(s.description) : null;
    if (m) return { kind: "destination", parameter: name, said: m[0] };
  }
  return null;
}
