import type { RawTool } from "../mcp/types.js";
import { deriveCapabilities, type Capability, type CapabilityFinding } from "../pin/capabilities.js";
import { edgeCases } from "./edge.js";
import { generateArguments } from "./generate.js";
import { Prng } from "./prng.js";

/** Capabilities that keep a tool from being called without --allow-writes. */
export const UNSAFE_CAPABILITIES: readonly Capability[] = ["write", "delete", "exec", "unknown"];

/** One call to make. */
export interface PlannedCall {
  tool: string;
  kind: "happy" | "edge";
  case: string;
  args: Record<string, unknown>;
  /** Set when the arguments could not be shown valid (the call is still made). */
  note?: string;
}

/** A tool as the scorecard sees it: callable or skipped (with why), and its planned calls. */
export interface ToolPlan {
  tool: RawTool;
  name: string;
  capabilities: CapabilityFinding[];
  skippedReason: string | null;
  calls: PlannedCall[];
}

/** A per-purpose random stream, fixed by the seed, the tool and the purpose (not by call order). */
export function streamFor(seed: string, tool: string, purpose: string): Prng {
  return new Prng(`${seed}\u0000${tool}\u0000${purpose}`);
}

function describeUnsafe(caps: CapabilityFinding[]): string | null {
  const unsafe = caps.filter((c) => UNSAFE_CAPABILITIES.includes(c.capability));
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
    capabilityOverrides?: Record<string, Capability[]>;
  },
): ToolPlan[] {
  return tools.map((tool) => {
    const name = typeof tool.name === "string" ? tool.name : JSON.stringify(tool.name ?? null);
    const override = typeof tool.name === "string" ? opts.capabilityOverrides?.[tool.name] : undefined;
    const capabilities = deriveCapabilities(tool, override);
    let skippedReason =
      typeof tool.name === "string" ? null : "its name is not a string: it cannot be called";
    if (skippedReason === null && !opts.allowWrites) skippedReason = describeUnsafe(capabilities);
    const calls: PlannedCall[] = [];
    if (skippedReason === null) {
      for (let i = 0; i < opts.cases; i++) {
        const g = generateArguments(tool.inputSchema, streamFor(opts.seed, name, `happy-${i + 1}`), {
          variant: i,
        });
        calls.push({
          tool: name,
          kind: "happy",
          case: `happy-${i + 1}`,
          args: g.args,
          ...(g.reason ? { note: g.reason } : {}),
        });
      }
      if (opts.edgeCases) {
        const base = generateArguments(tool.inputSchema, streamFor(opts.seed, name, "edge-base"), {
          full: true,
        });
        for (const e of edgeCases(tool.inputSchema, base.args))
          calls.push({ tool: name, kind: "edge", case: e.kind, args: e.args, note: e.note });
      }
    }
    return { tool, name, capabilities, skippedReason, calls };
  });
}
