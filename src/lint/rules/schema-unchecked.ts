import { defineRule, quote } from "../rule.js";
import { uncheckedReason } from "../schema-compile.js";
import { lintedSchemas } from "../schemas.js";

type Data = { field: string; reason: string };
type RefData = { field: string; ref: string };

/**
 * schema-unchecked: a schema too large for the compiler (not known to be valid, nor invalid), or
 * one holding a pattern toolscore does not run or a `$ref` to a network URL, which is never
 * fetched (values cannot be checked against it).
 */
export const schemaUnchecked = defineRule({
  id: "schema-unchecked",
  severity: "warning",
  docs: {
    summary:
      "The schema could not be checked: it is too large for the compiler, holds a pattern too long to run, or refers to a network $ref.",
    help: "toolscore could not tell whether the schema is valid JSON Schema, or cannot check values against it because a pattern is longer than pattern-chars or a $ref points at a network URL (never fetched, as MCP requires). Clients that validate arguments may fail on it too; a smaller, self-contained schema can be checked.",
    finds:
      "a schema too large or too deep for the JSON Schema compiler (thousands of properties), holding a pattern longer than `pattern-chars`, or with a `$ref` to a network URL (never fetched): values are not checked against it, and it is not passed as checked",
  },
  messages: {
    unchecked: {
      message: (d: Data) => `${d.field} was not checked as JSON Schema: ${d.reason}`,
      fix: () =>
        "Split the tool or trim the schema so it can be checked; it was neither found valid nor invalid.",
    },
    networkRef: {
      message: (d: RefData) =>
        `values cannot be checked against ${d.field}: it refers to ${quote(d.ref, 200)}, a network $ref toolscore never fetches`,
      fix: () =>
        "Put the referenced schema in $defs and refer to it as #/$defs/…: clients must not fetch a network $ref either.",
    },
    patternRefused: {
      message: (d: Data) => `values cannot be checked against ${d.field}: ${d.reason}`,
      fix: () =>
        "Shorten the pattern (or check the value in the tool); to run it anyway, raise the pattern-chars limit past its length.",
    },
  },
  check({ tool }, report) {
    for (const { field, schema } of lintedSchemas(tool)) {
      const found = uncheckedReason(schema);
      if (found === undefined) continue;
      if (found.kind === "network-ref") {
        report("networkRef", field, { field, ref: found.ref }, { field, ref: found.ref });
        continue;
      }
      const data = { field, reason: found.reason };
      report(found.kind === "refused" ? "patternRefused" : "unchecked", field, data, data);
    }
  },
});
