import type { Emit, ToolUnderLint } from "./context.js";
import { quote } from "./context.js";
import { compileError } from "./schema-compile.js";
import { isObject, walkSchema, type SchemaNode } from "./walk.js";

const TYPE_GIVERS = ["type", "enum", "const", "$ref", "$dynamicRef"] as const;

/** True when a schema says what type its value has, itself or through its combinators. */
export function givesType(s: unknown, depth = 0): boolean {
  if (s === false) return true; // forbids the value: there is nothing to guess
  if (!isObject(s) || depth > 32) return false;
  if (TYPE_GIVERS.some((k) => k in s)) return true;
  const every = (k: string) =>
    Array.isArray(s[k]) && s[k].length > 0 && s[k].every((b: unknown) => givesType(b, depth + 1));
  if (every("anyOf") || every("oneOf")) return true;
  return Array.isArray(s.allOf) && s.allOf.some((b: unknown) => givesType(b, depth + 1));
}

// Keywords that say nothing about the value: a schema of only these is empty.
const META_ONLY = new Set(["$schema", "$id", "$comment", "title", "description"]);

function isEmptySchema(s: Record<string, unknown>): boolean {
  return Object.keys(s).every((k) => META_ONLY.has(k));
}

/** Which schemas a tool has, by field: the input schema always, the output schema when present. */
function schemaFields(tool: Record<string, unknown>): Array<"inputSchema" | "outputSchema"> {
  return tool.outputSchema === undefined ? ["inputSchema"] : ["inputSchema", "outputSchema"];
}

/**
 * The schema rules: input-schema-missing, schema-not-object, property-no-type, required-unknown,
 * required-missing, enum-empty and schema-invalid.
 */
export function checkSchemas({ tool }: ToolUnderLint, emit: Emit): void {
  const input = tool.inputSchema;
  if (!isObject(input) || isEmptySchema(input)) {
    const why =
      input === undefined
        ? "tool has no inputSchema"
        : isObject(input)
          ? Object.keys(input).length === 0
            ? "inputSchema is empty"
            : `inputSchema is empty (it has only ${Object.keys(input).sort().join(", ")})`
          : `inputSchema is ${Array.isArray(input) ? "a list" : input === null ? "null" : `a ${typeof input}`}, not an object`;
    emit(
      "input-schema-missing",
      "inputSchema",
      why,
      'Declare the arguments as a JSON Schema object; with none, use {"type": "object", "properties": {}}.',
    );
  }
  for (const field of schemaFields(tool)) {
    const schema = tool[field];
    if (field === "inputSchema" && (!isObject(schema) || isEmptySchema(schema))) continue;
    if (!isObject(schema)) {
      emit(
        "schema-not-object",
        field,
        `${field} is not a JSON object`,
        `Make ${field} a JSON Schema with "type": "object".`,
        { field },
      );
      continue;
    }
    if (schema.type !== "object") {
      emit(
        "schema-not-object",
        `${field}.type`,
        schema.type === undefined
          ? `${field} has no type`
          : `${field} has type ${JSON.stringify(schema.type)}, not "object"`,
        `Set "type": "object" at the root of ${field}${schema.type === undefined ? "" : `; wrap other values in a property`}.`,
        { field, type: schema.type ?? null },
      );
    }
    const nodes = walkSchema(schema, field);
    for (const node of nodes) checkNode(node, emit);
    if (field === "inputSchema") checkRequiredList(schema, emit);
    const error = compileError(schema);
    if (error !== undefined) {
      emit(
        "schema-invalid",
        field,
        `${field} does not compile as JSON Schema: ${error}`,
        "Fix the schema so a JSON Schema validator (draft 2020-12 or draft-07) accepts it.",
        { field, error },
      );
    }
  }
}

function checkNode(node: SchemaNode, emit: Emit): void {
  const s = node.schema;
  // An untyped output value is nothing a model fills in; an input property declared `{}` is a
  // deliberate "any": worth a warning, not an error.
  const output = node.path.startsWith("outputSchema");
  if ((node.role === "property" || node.role === "items") && !givesType(s) && !output) {
    const what = node.role === "property" ? `property ${quote(node.key ?? "")}` : "array items";
    const anyValue = s === true || (isObject(s) && Object.keys(s).length === 0);
    emit(
      "property-no-type",
      node.path,
      `${what} has no type`,
      node.role === "property"
        ? `Add a "type" to ${what} (or an enum, const, or anyOf of typed schemas).`
        : `Add a "type" to the items schema at ${node.path}.`,
      { property: node.key ?? null },
      anyValue ? "warning" : undefined,
    );
  }
  if (!isObject(s)) return;
  if (Array.isArray(s.enum) && s.enum.length === 0) {
    emit(
      "enum-empty",
      `${node.path}.enum`,
      "enum has no values, so no value is valid",
      "List the allowed values in the enum, or remove it.",
    );
  }
  if (Array.isArray(s.required)) {
    const props = isObject(s.properties) ? s.properties : undefined;
    // A part of an allOf may list required names whose properties a sibling part declares.
    if (props === undefined && (node.role === "combinator" || s.type !== "object")) return;
    s.required.forEach((name: unknown, i: number) => {
      if (typeof name !== "string" || (props && Object.hasOwn(props, name))) return;
      emit(
        "required-unknown",
        `${node.path}.required[${i}]`,
        `required names ${quote(name)}, which is not among the properties`,
        `Add ${quote(name)} to properties with a type and description, or remove it from required.`,
        { name },
      );
    });
  }
}

function checkRequiredList(schema: Record<string, unknown>, emit: Emit): void {
  if (!isObject(schema.properties) || Object.keys(schema.properties).length === 0) return;
  if ("required" in schema) return;
  emit(
    "required-missing",
    "inputSchema.required",
    "inputSchema has properties but no required list",
    'Add "required" with the names of the arguments that must be given ("required": [] if none).',
    { properties: Object.keys(schema.properties).sort() },
  );
}
