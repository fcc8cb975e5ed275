import { defineRule, quote } from "../rule.js";
import { givesType, lintedSchemas, schemaNodes } from "../schemas.js";
import { isObject } from "../walk.js";

/**
 * property-no-type: an inputSchema property or array items with no type (a warning when declared
 * `{}`, a deliberate "any"). An untyped output value is nothing a model fills in: no finding.
 */
export const propertyNoType = defineRule({
  id: "property-no-type",
  severity: "error",
  docs: {
    summary:
      "An inputSchema property has no type, and no enum, const, $ref or combinator that gives one (a warning when it is declared {}: a deliberate any; outputSchema values are not checked).",
    help: "Without a type a model guesses what to send. Give the property a type (or an enum, const or anyOf of typed schemas).",
    finds:
      'an inputSchema property (at any depth, in array items and `$defs` too) with no `type`, `enum`, `const`, `$ref`, or `anyOf`/`oneOf` of typed schemas, or `allOf` with one; a warning for `{}`, a deliberate "any"; an untyped outputSchema value is no finding (nothing a model fills in)',
  },
  // One schema at one place: a property, or the items of an array.
  messages: { property: () => "", items: () => "" },
  check({ tool }, report) {
    for (const { field, schema } of lintedSchemas(tool)) {
      if (field === "outputSchema") continue;
      for (const node of schemaNodes(schema, field)) {
        if ((node.role !== "property" && node.role !== "items") || givesType(node.schema)) continue;
        const s = node.schema;
        const what = node.role === "property" ? `property ${quote(node.key ?? "")}` : "array items";
        const anyValue = s === true || (isObject(s) && Object.keys(s).length === 0);
        report(
          node.role,
          node.path,
          { what, path: node.path },
          { property: node.key ?? null },
          anyValue ? "warning" : undefined,
        );
      }
    }
  },
});
