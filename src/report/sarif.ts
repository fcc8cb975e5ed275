// SARIF 2.1.0 (OASIS) logs for GitHub code scanning and other SARIF consumers. A pure builder:
// findings with rule ids and a rule catalogue in, a log object out; the command writes it.
import { createHash } from "node:crypto";
import { parseJsonFileText } from "../util/json.js";
import { compareCodeUnits } from "../util/order.js";

/** The `$schema` every log names. */
export const SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";

/** A SARIF result level. */
export type SarifLevel = "error" | "warning" | "note" | "none";

/** A finding's severity as toolscore speaks of it. */
export type SarifSeverity = "error" | "warning" | "info";

/** One rule of the catalogue: its id and the words a reviewer reads in code scanning. */
export interface SarifRuleInfo {
  /** Stable rule id, e.g. `pin-tool-changed`. */
  id: string;
  /** One sentence: what the rule finds. */
  shortDescription: string;
  /** Why it matters; defaults to the short description. */
  fullDescription?: string;
  /** What to do about it (plain text; Markdown allowed in `helpMarkdown`). */
  help: string;
  /** The level a finding of this rule has unless it says otherwise. */
  severity: SarifSeverity;
}

/** One finding to report. */
export interface SarifFinding {
  /** The rule id; a rule missing from the catalogue gets a bare entry. */
  ruleId: string;
  severity: SarifSeverity;
  /** The sentence a person reads (already free of terminal control sequences). */
  message: string;
  /** The tool the finding is about, or null for the whole server. */
  tool: string | null;
  /** The prompt, resource template or resource the finding is about, when it is about one. */
  item?: { kind: string; key: string };
  /** JSON path inside the tool definition, when the finding has one. */
  path?: string;
  /** Where it points: a file relative to the repository root, and a 1-based line. */
  location?: { uri: string; line?: number };
}

/** What a SARIF log is built from. */
export interface SarifInput {
  /** The command that produced the findings, e.g. `mcp verify-pin`; it names the run. */
  command: string;
  version: string;
  rules: readonly SarifRuleInfo[];
  findings: readonly SarifFinding[];
  /**
   * The file the findings are about (a lock or snapshot), relative to the repository root, with its
   * text: a finding without a location of its own points at its tool's entry there, or at line 1.
   */
  artifact?: { uri: string; text?: string };
}

/** The subset of the SARIF 2.1.0 log that toolscore writes (see the OASIS schema for the rest). */
export interface SarifLog {
  $schema: string;
  version: "2.1.0";
  runs: SarifRun[];
}

/** One run of a SARIF log. */
export interface SarifRun {
  tool: { driver: SarifDriver };
  automationDetails: { id: string };
  results: SarifResult[];
}

/** The tool that produced a run, with its rule catalogue. */
export interface SarifDriver {
  name: string;
  version: string;
  semanticVersion: string;
  informationUri: string;
  rules: SarifRule[];
}

/** A rule entry (`reportingDescriptor`). */
export interface SarifRule {
  id: string;
  name: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  help: { text: string; markdown: string };
  defaultConfiguration: { level: SarifLevel };
  properties: { tags: string[] };
}

/** A result: one finding. */
export interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: SarifLevel;
  message: { text: string };
  locations: Array<{
    physicalLocation?: {
      artifactLocation: { uri: string };
      region?: { startLine: number };
    };
    logicalLocations?: Array<{ name: string; fullyQualifiedName: string; kind: string }>;
  }>;
  partialFingerprints: Record<string, string>;
}

const LEVEL: Record<SarifSeverity, SarifLevel> = { error: "error", warning: "warning", info: "note" };

/** The SARIF level of a severity: error → error, warning → warning, info → note. */
export function sarifLevel(severity: SarifSeverity): SarifLevel {
  return LEVEL[severity];
}

// PascalCase of a kebab-case id: SARIF's `name` is meant to be a readable identifier.
const ruleName = (id: string) =>
  id
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join("");

function ruleEntry(info: SarifRuleInfo, tag: string): SarifRule {
  return {
    id: info.id,
    name: ruleName(info.id),
    shortDescription: { text: info.shortDescription },
    fullDescription: { text: info.fullDescription ?? info.shortDescription },
    help: { text: info.help, markdown: `**${info.id}**: ${info.help}` },
    defaultConfiguration: { level: sarifLevel(info.severity) },
    properties: { tags: ["mcp", tag] },
  };
}

/**
 * A fingerprint that survives unrelated changes: the rule, the tool and the JSON path, not the
 * message (which may carry numbers that move) nor the line (which moves when other tools change).
 */
export function findingFingerprint(f: Pick<SarifFinding, "ruleId" | "tool" | "path" | "item">): string {
  // An item joins the key only when there is one, so tool findings keep their fingerprints.
  const key = JSON.stringify([f.ruleId, f.tool, f.path ?? "", ...(f.item ? [f.item.kind, f.item.key] : [])]);
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** Builds a SARIF 2.1.0 log with one run. Same input, same log. */
export function buildSarif(input: SarifInput): SarifLog {
  const tag = input.command.replace(/^mcp /, "");
  const catalogue = new Map(input.rules.map((r) => [r.id, r]));
  // Rules that findings use but the catalogue lacks still need an entry for ruleIndex to point at.
  for (const f of input.findings) {
    if (!catalogue.has(f.ruleId)) {
      catalogue.set(f.ruleId, {
        id: f.ruleId,
        shortDescription: f.ruleId,
        help: `See the toolscore documentation for ${f.ruleId}.`,
        severity: f.severity,
      });
    }
  }
  const rules = [...catalogue.values()]
    .sort((a, b) => compareCodeUnits(a.id, b.id))
    .map((r) => ruleEntry(r, tag));
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const lines = input.artifact?.text ? toolLines(input.artifact.text) : new Map<string, number>();
  const where = (f: SarifFinding) =>
    f.location ??
    (input.artifact
      ? { uri: input.artifact.uri, line: (f.tool !== null ? lines.get(f.tool) : undefined) ?? 1 }
      : undefined);
  const seen = new Map<string, number>();
  const results = input.findings.map((f): SarifResult => {
    const base = findingFingerprint(f);
    // Two findings with the same rule, tool and path stay distinct by their order of appearance.
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    const location: SarifResult["locations"][number] = {};
    const at = where(f);
    if (at) {
      location.physicalLocation = {
        artifactLocation: { uri: at.uri },
        ...(at.line ? { region: { startLine: at.line } } : {}),
      };
    }
    if (f.tool !== null) {
      location.logicalLocations = [{ name: f.tool, fullyQualifiedName: `tools/${f.tool}`, kind: "function" }];
    } else if (f.item) {
      const fqn = `${f.item.kind === "prompt" ? "prompts" : f.item.kind === "resource" ? "resources" : "resource_templates"}/${f.item.key}`;
      location.logicalLocations = [{ name: f.item.key, fullyQualifiedName: fqn, kind: "resource" }];
    }
    return {
      ruleId: f.ruleId,
      ruleIndex: index.get(f.ruleId)!,
      level: sarifLevel(f.severity),
      message: { text: f.message },
      locations: Object.keys(location).length > 0 ? [location] : [],
      partialFingerprints: { "toolscoreFinding/v1": n === 0 ? base : `${base}:${n}` },
    };
  });
  return {
    $schema: SARIF_SCHEMA,
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "toolscore",
            version: input.version,
            semanticVersion: input.version,
            informationUri: "https://www.npmjs.com/package/toolscore",
            rules,
          },
        },
        automationDetails: { id: `toolscore/${tag}/` },
        results,
      },
    ],
  };
}

/** The log as the file holds it: two-space JSON with a trailing newline. */
export function renderSarif(log: SarifLog): string {
  return JSON.stringify(log, null, 2) + "\n";
}

/**
 * The 1-based line of each tool's entry in a lock or snapshot file's text (its `tools` array), by
 * tool name. toolscore writes both files as two-space JSON, so an entry opens with a line `    {`
 * under the top-level `  "tools": [`; text laid out otherwise (or not such a file) gives an empty
 * map, and findings then point at the top of the file.
 */
export function toolLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  let tools: unknown;
  try {
    tools = (parseJsonFileText(text) as { tools?: unknown } | null)?.tools;
  } catch {
    return lines;
  }
  if (!Array.isArray(tools)) return lines;
  const rows = text.split("\n");
  const start = rows.findIndex((r) => /^ {2}"tools": \[\s*$/.test(r));
  if (start < 0) return lines;
  const opens: number[] = [];
  for (let i = start + 1; i < rows.length && !/^ {2}\]/.test(rows[i]!); i++) {
    if (/^ {4}\{\s*$/.test(rows[i]!)) opens.push(i + 1);
  }
  if (opens.length !== tools.length) return lines;
  tools.forEach((tool, i) => {
    const name = (tool as { name?: unknown } | null)?.name;
    if (typeof name === "string" && !lines.has(name)) lines.set(name, opens[i]!);
  });
  return lines;
}
