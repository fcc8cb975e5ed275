// Tools as fast-check makes them for the pin properties: names from words that sound like effects
// (get, delete, run, shell, ...), texts among them a few that name a capability, and schemas,
// output schemas and annotations of a few fields each.
import fc from "fast-check";

const WORDS = [
  "get",
  "list",
  "create",
  "delete",
  "run",
  "command",
  "note",
  "file",
  "fetch",
  "url",
  "x",
  "shell",
];
const name = fc
  .array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 })
  .chain((ws) => fc.nat(99).map((n) => `${ws.join("_")}_${n}`));
export const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom("Search.", "Runs a shell command.", "Removes a note.", "See https://example.com", ""),
);
export const schema = fc.record(
  {
    type: fc.constant("object"),
    properties: fc.dictionary(
      fc.string({ minLength: 1, maxLength: 6 }),
      fc.record(
        { type: fc.constantFrom("string", "number", "boolean"), description: text },
        { requiredKeys: ["type"] },
      ),
      { maxKeys: 3 },
    ),
  },
  { requiredKeys: ["type"] },
);
export const annotations = fc.record(
  {
    readOnlyHint: fc.boolean(),
    destructiveHint: fc.boolean(),
    openWorldHint: fc.boolean(),
    title: fc.string({ maxLength: 8 }),
  },
  { requiredKeys: [] },
);
const tool = (n: string) =>
  fc.record(
    {
      name: fc.constant(n),
      title: fc.string({ maxLength: 12 }),
      description: text,
      inputSchema: schema,
      outputSchema: schema,
      annotations,
      execution: fc.constant({ taskSupport: "optional" }),
    },
    { requiredKeys: ["name", "inputSchema"] },
  );
export const toolSet = fc
  .uniqueArray(name, { minLength: 1, maxLength: 6 })
  .chain((names) => fc.tuple(...names.map(tool)));
