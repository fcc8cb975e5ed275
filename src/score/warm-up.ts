import { lintTools } from "../lint/index.js";
import type { RawTool } from "../mcp/types.js";
import { harvest } from "./harvest.js";
import { errorClass, judgeOutcome } from "./judge.js";
import { planCalls } from "./plan.js";

// A tool that uses what real tools use (types, bounds, a pattern, formats, an enum, nested objects
// and lists, an id, an output schema), so that warming up runs the code a real run will: V8
// compiles a function the first time it runs it, and the generated meta-schema validators, ajv's
// code generation, the generator and the lint rules are large.
const WARM_UP_TOOL: RawTool = {
  name: "warm_up_search",
  description: "Search the notes for a phrase and list the matching notes by id.",
  inputSchema: {
    type: "object",
    properties: {
      query: { type: "string", minLength: 1, maxLength: 40, pattern: "^[a-z ]+$", description: "Words" },
      note_id: { type: "string", format: "uuid", description: "A note" },
      limit: { type: "integer", minimum: 1, maximum: 50, default: 10, description: "How many" },
      order: { type: "string", enum: ["newest", "oldest"], description: "Sort order" },
      tags: { type: "array", items: { type: "string" }, maxItems: 5, description: "Tags to match" },
      since: {
        type: "object",
        properties: { date: { type: "string", format: "date-time" } },
        description: "Only notes changed since",
      },
    },
    required: ["query"],
  },
  outputSchema: {
    type: "object",
    properties: { notes: { type: "array", items: { type: "object" } }, total: { type: "integer" } },
    required: ["notes"],
  },
  annotations: { readOnlyHint: true },
};

/**
 * Runs the grading code once on a made-up tool (plans its calls, judges an answer, lints it), so a
 * caller can pay for loading and compiling it while it waits on something else, such as a server
 * starting: that start is most of a run on a small server, spent waiting on another process.
 */
export function warmUp(): void {
  const plans = planCalls([WARM_UP_TOOL], { seed: "warm-up", cases: 2, edgeCases: true, allowWrites: false });
  const answer = { notes: [{ id: "n-1", title: "One" }], total: 1 };
  const result = { content: [{ type: "text", text: JSON.stringify(answer) }], structuredContent: answer };
  for (const c of plans[0]!.calls) {
    const edge = c.edge && { invalid: c.edge.shouldReject, property: c.edge.property };
    judgeOutcome({ ok: true, result, latencyMs: 1 }, c.kind, WARM_UP_TOOL.outputSchema, edge, c.args);
  }
  harvest(result);
  errorClass("fetch failed: getaddrinfo ENOTFOUND example.com");
  lintTools([WARM_UP_TOOL]);
}
