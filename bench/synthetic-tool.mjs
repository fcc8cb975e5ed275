// The source of one synthetic tool with a realistic schema, for the benchmarks that build large
// servers in a child process: `tool(i, variant)` is the i-th tool, its description ending in variant.
export const TOOL_SOURCE = `
const tool = (i, variant = "") => ({
  name: verbs[i % verbs.length] + "_resource_" + i,
  title: "Resource " + i,
  description: "Operates on resource " + i + " of the workspace. Returns the resource with its id, owner, tags and timestamps." + variant,
  inputSchema: {
    type: "object",
    properties: {
      id: { type: "string", description: "The resource id", pattern: "^res-[0-9]+$" },
      limit: { type: "integer", minimum: 1, maximum: 100, default: 20 },
      tags: { type: "array", items: { type: "string" }, maxItems: 10 },
      mode: { type: "string", enum: ["fast", "full", "dry-run"] },
      filter: {
        type: "object",
        properties: { owner: { type: "string" }, since: { type: "string", format: "date-time" } },
        additionalProperties: false,
      },
    },
    required: ["id"],
  },
  outputSchema: { type: "object", properties: { id: { type: "string" }, ok: { type: "boolean" } }, required: ["id"] },
  annotations: { readOnlyHint: i % 3 === 0, destructiveHint: i % 7 === 0, openWorldHint: false },
});
`;
