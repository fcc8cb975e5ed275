import { defineRule, quote } from "../rule.js";
import { schemaNodes } from "../schemas.js";
import { childPath, isObject } from "../walk.js";

// Leaving `required` out is valid JSON Schema and means "all optional", which many real tools
// mean. What misleads a model is a property whose own words say it must be given while the schema
// lets it be left out. Only unconditional wording counts: "(required)", "Required.", "X is
// required."; "required when updating a file" or "Required to be written as YYYY-MM-DD" do not.
const SAID_REQUIRED = [
  // "(required)", "[required]", "(mandatory)"
  /[([]\s*\**(?:required|mandatory)\**\s*[)\]]/i,
  // "Required." / "REQUIRED:" / "**Required**" opening the text or a sentence
  /(?:^|[.!;]\s+)\**(?:required|mandatory)\**\s*(?:[.:!,-]|$)/i,
  // "This field is required." / "... are mandatory" closing a sentence
  /\b(?:is|are)\s+(?:always\s+)?(?:required|mandatory)\s*(?:[.!;]|$)/i,
  // "The id. Required" closing the text
  /[.;,]\s*\**(?:required|mandatory)\**\s*$/i,
];

/** The words of `text` that say, unconditionally, that a value must be given; undefined if none. */
export function saysRequired(text: unknown): string | undefined {
  if (typeof text !== "string") return undefined;
  const head = text.slice(0, 4096);
  for (const re of SAID_REQUIRED) {
    const m = re.exec(head);
    if (m) return m[0].trim();
  }
  return undefined;
}

/**
 * required-missing: a property whose description says it is required, in an object whose
 * `required` list does not name it (or that has no such list). Checked in every object of the
 * input schema, nested ones too.
 */
export const requiredMissing = defineRule({
  id: "required-missing",
  severity: "warning",
  docs: {
    summary: "A property described as required is not in the required list.",
    help: 'A model reads the description, a client validates the schema: add the property to "required", or stop calling it required. A schema without "required" is valid and means every argument is optional.',
    finds:
      'a property whose description says it is required ("(required)", "Required.", "is required.") but that `required` does not list; a schema without `required` (all optional) is no finding',
  },
  // A property not in the list sorts before one of a schema with no list.
  messages: { missing: (d) => `${quote(d.name)} ${quote(d.said, 30)}) ${d.list ? 0 : 1}` },
  check({ tool }, report) {
    if (!isObject(tool.inputSchema)) return;
    for (const node of schemaNodes(tool.inputSchema, "inputSchema")) {
      const s = node.schema;
      if (!isObject(s) || !isObject(s.properties)) continue;
      const list = Array.isArray(s.required) ? s.required : undefined;
      for (const [name, prop] of Object.entries(s.properties)) {
        if (!isObject(prop) || list?.includes(name)) continue;
        const said = saysRequired(prop.description) ?? saysRequired(prop.title);
        if (said === undefined) continue;
        report(
          "missing",
          childPath(childPath(node.path, "properties"), name),
          { name, said, list: list !== undefined },
          { property: name, said },
        );
      }
    }
  },
});
