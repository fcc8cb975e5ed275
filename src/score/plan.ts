import type { RawTool } from "../mcp/types.js";
import { deriveEffects, type Effect, type EffectFinding } from "../pin/effects.js";
import { edgeCases } from "./edge.js";
import { generateArguments } from "./generate.js";
import { Prng } from "./prng.js";
import { isObject } from "./schema.js";
import { NotChecked, compileSchema } from "./validate.js";
import { unsafeArguments } from "./safety.js";
import { ownValue } from "../util/json.js";
import { scanHeaderDeclarations } from "../schema/x-mcp-header.js";
import { networkRefsIn } from "../schema/ref.js";

/** Capabilities that keep a tool from being called without --allow-writes. */
export const UNSAFE_EFFECTS: readonly Effect[] = ["write", "delete", "exec", "unknown"];

/** One call to make. */
export interface PlannedCall {
  tool: string;
  kind: "happy" | "edge";
  case: string;
  args: Record<string, unknown>;
  /** Set when the arguments could not be shown valid (the call is still made). */
  note?: string;
  /** Edge cases: the argument the case is about, and whether a careful server rejects the call. */
  edge?: { property: string; shouldReject: boolean };
}

// Tools that fetch one thing by its id: an unknown id should get "not found".
const LOOKUP = /^(?:get|read|show|describe|view|retrieve|open|inspect|fetch|lookup|load)(?:$|[_\-.A-Z])/;

/**
 * Whether an edge case's arguments break the schema (then a careful server rejects them). Without a
 * compiled schema the kind decides: an empty value or zero may well be allowed.
 */
function shouldReject(kind: string, args: Record<string, unknown>, inputSchema: unknown): boolean {
  if (kind === "unknown-id") return true;
  const check = compileSchema(isObject(inputSchema) ? inputSchema : {});
  if (check) {
    try {
      return check.check(args) !== null;
    } catch (e) {
      // A pattern that ran out of time: the kind decides, as without a schema.
      if (!(e instanceof NotChecked)) throw e;
    }
  }
  return kind !== "empty-value" && kind !== "zero";
}

/** A tool as the scorecard sees it: callable or skipped (with why), and its planned calls. */
export interface ToolPlan {
  tool: RawTool;
  name: string;
  capabilities: EffectFinding[];
  skippedReason: string | null;
  /** A few words for a table (`may write, delete`, `network`), or null when called. */
  skippedNote: string | null;
  calls: PlannedCall[];
  /**
   * Arguments whose schema refers to a network URL (a `$ref` never fetched): no value is made for
   * them. `argument` is null for a reference outside the properties (the input as a whole).
   */
  notGenerated: NotGenerated[];
}

/** An argument not generated because its schema refers to a network URL, and that URL. */
export interface NotGenerated {
  argument: string | null;
  ref: string;
}

/** The arguments of an input schema that refer to network URLs, property by property. */
export function networkArguments(inputSchema: unknown): NotGenerated[] {
  if (!isObject(inputSchema)) return [];
  const out: NotGenerated[] = [];
  const props = isObject(inputSchema.properties) ? inputSchema.properties : {};
  for (const [argument, sub] of Object.entries(props))
    for (const ref of networkRefsIn(sub, inputSchema)) out.push({ argument, ref });
  // Definitions count where they are used, through the references that follow them.
  const { properties: _p, $defs: _d, definitions: _f, ...rest } = inputSchema;
  for (const ref of networkRefsIn(rest, inputSchema)) out.push({ argument: null, ref });
  return out;
}

/** A per-purpose random stream, fixed by the seed, the tool and the purpose (not by call order). */
export function streamFor(seed: string, tool: string, purpose: string): Prng {
  return new Prng(`${seed}\u0000${tool}\u0000${purpose}`);
}

function noteOf(effects: EffectFinding[]): string {
  const may = effects.map((c) => c.capability).filter((c) => UNSAFE_EFFECTS.includes(c) && c !== "unknown");
  const parts = [
    ...(may.length ? [`may ${may.join(", ")}`] : []),
    ...(effects.some((c) => c.capability === "unknown") ? ["capabilities unknown"] : []),
  ];
  return parts.join("; ");
}

function describeUnsafe(effects: EffectFinding[]): string | null {
  const unsafe = effects.filter((c) => UNSAFE_EFFECTS.includes(c.capability));
  if (unsafe.length === 0) return null;
  const parts = unsafe.map((c) =>
    c.capability === "unknown"
      ? "its capabilities are unknown: nothing shows it only reads"
      : `may ${c.capability}${c.sources.length ? ` (${c.sources.join(", ")})` : ""}`,
  );
  return `${parts.join("; ")}: not called without --allow-writes`;
}

/** Plans the calls for every tool: happy cases, then edge cases, in a fixed order. */
export function planCalls(
  tools: readonly RawTool[],
  opts: {
    seed: string;
    cases: number;
    edgeCases: boolean;
    allowWrites: boolean;
    /** Call read tools that reach the network (default true; `--no-network` makes it false). */
    network?: boolean;
    effectOverrides?: Record<string, Effect[]>;
    /**
     * Calls carry `Mcp-Param-*` headers (Streamable HTTP in MCP 2026-07-28): a tool whose
     * `x-mcp-header` declarations are invalid is left out by clients, and is not called.
     */
    paramHeaders?: boolean;
  },
): ToolPlan[] {
  const safe = !opts.allowWrites;
  return tools.map((tool) => {
    const name = typeof tool.name === "string" ? tool.name : JSON.stringify(tool.name ?? null);
    const override =
      typeof tool.name === "string" && opts.effectOverrides
        ? ownValue(opts.effectOverrides, tool.name)
        : undefined;
    const capabilities = deriveEffects(tool, override);
    let skippedReason: string | null = null;
    let skippedNote: string | null = null;
    const skip = (reason: string, note: string) => {
      if (skippedReason === null) [skippedReason, skippedNote] = [reason, note];
    };
    if (typeof tool.name !== "string") skip("its name is not a string: it cannot be called", "no name");
    if (opts.paramHeaders && scanHeaderDeclarations(tool.inputSchema).problems.length > 0)
      skip(
        "its x-mcp-header declarations are invalid (x-mcp-header-invalid): clients over Streamable HTTP do not show it, so it is not called",
        "x-mcp-header invalid",
      );
    const unsafe = safe ? describeUnsafe(capabilities) : null;
    if (unsafe) skip(unsafe, noteOf(capabilities));
    const args = safe ? unsafeArguments(tool) : null;
    if (args) skip(`${args}: not called without --allow-writes`, "may write");
    const notGenerated = networkArguments(tool.inputSchema);
    const required =
      isObject(tool.inputSchema) && Array.isArray(tool.inputSchema.required) ? tool.inputSchema.required : [];
    const blocking = notGenerated.find((n) => n.argument === null || required.includes(n.argument));
    if (blocking)
      skip(
        `its arguments could not be generated: ${blocking.argument === null ? "the input schema" : `the required argument ${JSON.stringify(blocking.argument)}`} refers to ${blocking.ref}, a network $ref toolscore never fetches`,
        "network $ref",
      );
    const network = capabilities.find((c) => c.capability === "network");
    if (network && opts.network === false)
      skip(
        `reaches the network${network.sources.length ? ` (${network.sources.join(", ")})` : ""}: not called with --no-network`,
        "network",
      );
    if (skippedReason === null && safe && opts.cases > 0) {
      // Safe generation that finds nothing where free generation would: only write modes fit.
      const stream = () => streamFor(opts.seed, name, "happy-1");
      const held = generateArguments(tool.inputSchema, stream(), { safe });
      if (held.valid === false && generateArguments(tool.inputSchema, stream()).valid === true)
        skip(
          "no arguments without a write, delete or exec value or a write-like parameter: not called without --allow-writes",
          "may write",
        );
    }
    const calls: PlannedCall[] = [];
    if (skippedReason === null) {
      for (let i = 0; i < opts.cases; i++) {
        const g = generateArguments(tool.inputSchema, streamFor(opts.seed, name, `happy-${i + 1}`), {
          variant: i,
          safe,
        });
        if (g.capped) {
          // Past a cap every draw fails the same way: no call, and the scorecard says why.
          skip(`its arguments were not generated: ${g.capped}`, "too large");
          calls.length = 0;
          break;
        }
        calls.push({
          tool: name,
          kind: "happy",
          case: `happy-${i + 1}`,
          args: g.args,
          ...(g.reason ? { note: g.reason } : {}),
        });
      }
      if (opts.edgeCases && skippedReason === null) {
        const base = generateArguments(tool.inputSchema, streamFor(opts.seed, name, "edge-base"), {
          full: true,
          safe,
        });
        const lookup = LOOKUP.test(name.replace(/^[a-z0-9]+_(?=(?:get|read|show|fetch)_)/, ""));
        for (const e of edgeCases(tool.inputSchema, base.args, { safe, lookup }))
          calls.push({
            tool: name,
            kind: "edge",
            case: e.kind,
            args: e.args,
            note: e.note,
            edge: { property: e.property, shouldReject: shouldReject(e.kind, e.args, tool.inputSchema) },
          });
      }
    }
    return { tool, name, capabilities, skippedReason, skippedNote, calls, notGenerated };
  });
}
