import type { RawTool } from "../mcp/types.js";
import type { ArgumentsProblem, CallFacts, CapFacts, EdgeChange } from "./call-facts.js";
import { deriveEffects, type Effect, type EffectFinding } from "../pin/effects.js";
import { edgeCases } from "./edge.js";
import { generateArguments } from "./arguments.js";
import { Prng } from "./prng.js";
import { isObject } from "./schema.js";
import { NotChecked, compileSchema } from "./validate.js";
import { unsafeArguments, type UnsafeArguments } from "./safety.js";
import { ownValue, setOwn } from "../util/json.js";
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
  /** Valid-input calls: why the arguments could not be shown valid (the call is still made). */
  unproven?: ArgumentsProblem;
  /**
   * Edge cases: the argument the case is about, what the case changed, and whether a careful
   * server rejects the call.
   */
  edge?: { property: string; change: EdgeChange; shouldReject: boolean };
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

/**
 * Why a tool is not called, as facts keyed by `rule`; the reports make the sentence and the few
 * words of a table from them.
 */
export type SkipFacts =
  /** Its name is not a string. */
  | { rule: "no-name" }
  /** Its capabilities may write, delete or execute, or are unknown (the unsafe ones, with sources). */
  | { rule: "unsafe-effects"; effects: EffectFinding[] }
  /** A read tool whose arguments would still change something: what its definition says. */
  | { rule: "unsafe-arguments"; says: UnsafeArguments }
  /** It reaches the network and the run is `--no-network`. */
  | { rule: "network"; sources: string[] }
  /** Only write, delete or exec values fit its arguments. */
  | { rule: "writes-only" }
  /** A bound of argument generation stopped it (which one). */
  | { rule: "generation-capped"; capped: CapFacts }
  /** Every valid-input call asked for input toolscore does not give (the first call's facts). */
  | { rule: "needs-input"; call: CallFacts }
  /** Its `x-mcp-header` declarations are invalid, and calls carry `Mcp-Param-*` headers. */
  | { rule: "headers-invalid" }
  /** A required argument (null: the input as a whole) refers to a network URL, never fetched. */
  | { rule: "network-ref"; argument: string | null; ref: string };

/** A tool as the scorecard sees it: callable or skipped (with why), and its planned calls. */
export interface ToolPlan {
  tool: RawTool;
  name: string;
  capabilities: EffectFinding[];
  /** Why it is not called, or null when it is. */
  skipped: SkipFacts | null;
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

/**
 * `args` with each string argument declared with `x-mcp-header` made into text that is not plain
 * ASCII (so its `Mcp-Param-*` header is sent in the `=?base64?…?=` form), where the schema still
 * accepts it; an argument it would not accept keeps its value.
 */
export function headerEncoded(args: Record<string, unknown>, inputSchema: unknown): Record<string, unknown> {
  const check = compileSchema(isObject(inputSchema) ? inputSchema : {});
  if (!check) return args;
  let out = args;
  for (const { path } of scanHeaderDeclarations(inputSchema).declarations) {
    const value = valueAt(out, path);
    if (typeof value !== "string") continue;
    for (const text of [`${value}é`, `${value.slice(0, -1)}é`, "é"]) {
      const tried = withValueAt(out, path, text);
      try {
        if (check.check(tried) !== null) continue;
      } catch (e) {
        // A pattern that ran out of time: the value stays as drawn.
        if (!(e instanceof NotChecked)) throw e;
        break;
      }
      out = tried;
      break;
    }
  }
  return out;
}

function valueAt(args: Record<string, unknown>, path: readonly string[]): unknown {
  let node: unknown = args;
  for (const key of path) node = isObject(node) ? ownValue(node, key) : undefined;
  return node;
}

/** A copy of `args` with the value at `path` (whose parents exist) replaced. */
function withValueAt(
  args: Record<string, unknown>,
  path: readonly string[],
  value: unknown,
): Record<string, unknown> {
  const [key, ...rest] = path;
  const copy = { ...args };
  setOwn(
    copy,
    key!,
    rest.length === 0 ? value : withValueAt(ownValue(args, key!) as Record<string, unknown>, rest, value),
  );
  return copy;
}

/** A per-purpose random stream, fixed by the seed, the tool and the purpose (not by call order). */
export function streamFor(seed: string, tool: string, purpose: string): Prng {
  return new Prng(`${seed}\u0000${tool}\u0000${purpose}`);
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
    let skipped: SkipFacts | null = null;
    const skip = (why: SkipFacts) => {
      skipped ??= why;
    };
    if (typeof tool.name !== "string") skip({ rule: "no-name" });
    if (opts.paramHeaders && scanHeaderDeclarations(tool.inputSchema).problems.length > 0)
      skip({ rule: "headers-invalid" });
    const unsafe = safe ? capabilities.filter((c) => UNSAFE_EFFECTS.includes(c.capability)) : [];
    if (unsafe.length) skip({ rule: "unsafe-effects", effects: unsafe });
    const args = safe ? unsafeArguments(tool) : null;
    if (args) skip({ rule: "unsafe-arguments", says: args });
    const notGenerated = networkArguments(tool.inputSchema);
    const required =
      isObject(tool.inputSchema) && Array.isArray(tool.inputSchema.required) ? tool.inputSchema.required : [];
    const blocking = notGenerated.find((n) => n.argument === null || required.includes(n.argument));
    if (blocking) skip({ rule: "network-ref", argument: blocking.argument, ref: blocking.ref });
    const network = capabilities.find((c) => c.capability === "network");
    if (network && opts.network === false) skip({ rule: "network", sources: network.sources });
    if (skipped === null && safe && opts.cases > 0) {
      // Safe generation that finds nothing where free generation would: only write modes fit.
      const stream = () => streamFor(opts.seed, name, "happy-1");
      const held = generateArguments(tool.inputSchema, stream(), { safe });
      if (held.valid === false && generateArguments(tool.inputSchema, stream()).valid === true)
        skip({ rule: "writes-only" });
    }
    const calls: PlannedCall[] = [];
    if (skipped === null) {
      for (let i = 0; i < opts.cases; i++) {
        const g = generateArguments(tool.inputSchema, streamFor(opts.seed, name, `happy-${i + 1}`), {
          variant: i,
          safe,
        });
        if (g.capped) {
          // Past a cap every draw fails the same way: no call, and the scorecard says why.
          skip({ rule: "generation-capped", capped: g.capped });
          calls.length = 0;
          break;
        }
        // The last of several valid-input calls of a tool whose parameters travel as headers holds
        // text that must be sent Base64-encoded: the server has to decode it to match the body.
        const encoded =
          opts.paramHeaders && i === opts.cases - 1 && i > 0 && g.valid === true
            ? headerEncoded(g.args, tool.inputSchema)
            : g.args;
        calls.push({
          tool: name,
          kind: "happy",
          case: `happy-${i + 1}`,
          args: encoded,
          ...(g.problem ? { unproven: g.problem } : {}),
        });
      }
      if (opts.edgeCases && skipped === null) {
        // Each edge case changes one argument of the smallest valid call (only what is required),
        // so the server's answer is about that argument alone.
        const base = generateArguments(tool.inputSchema, streamFor(opts.seed, name, "edge-base"), {
          minimal: true,
          safe,
        });
        const lookup = LOOKUP.test(name.replace(/^[a-z0-9]+_(?=(?:get|read|show|fetch)_)/, ""));
        for (const e of edgeCases(tool.inputSchema, base.args, { safe, lookup }))
          calls.push({
            tool: name,
            kind: "edge",
            case: e.kind,
            args: e.args,
            edge: {
              property: e.property,
              change: e.change,
              shouldReject: shouldReject(e.kind, e.args, tool.inputSchema),
            },
          });
      }
    }
    return { tool, name, capabilities, skipped, calls, notGenerated };
  });
}
