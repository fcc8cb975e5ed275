// The SARIF logs of mcp lint, mcp verify-pin and mcp diff: each command's findings mapped onto
// the generic builder in sarif.ts, with the rule catalogue a reviewer reads in code scanning.
import type { BreakingKind, ServerDiff } from "../diff/types.js";
import { BREAKING_MESSAGES, breakingInOrder, formatBreaking } from "./breaking.js";
import { LINT_RULES } from "../lint/index.js";
import type { LintFinding } from "../lint/types.js";
import { formatLintFinding, lintMessage } from "./lint-messages.js";
import { PIN_RULES, PIN_SEVERITY, type PinReport, type PinRule } from "../pin/verify.js";
import { escapeLine } from "../util/unicode.js";
import { pinMessage } from "./pin.js";
import { itemLabel, subjectOf } from "./surface-label.js";
import type { SurfaceKind } from "../mcp/surface.js";
import {
  buildSarif,
  type SarifFinding,
  type SarifInput,
  type SarifLog,
  type SarifRuleInfo,
} from "./sarif.js";

/** The file a log's findings are about, relative to the repository root, with its text. */
export type SarifArtifact = SarifInput["artifact"];

// Messages come from servers: shown escaped, on one line, as everywhere else.
const sentence = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);

const PIN_TEXT: Record<PinRule, [short: string, help: string]> = {
  "pin-lock-modified": [
    "The lock does not match its own hashes: it was edited by hand.",
    "Never edit a lock by hand. Run toolscore mcp pin again on the approved server and commit the lock it writes.",
  ],
  "pin-tool-duplicated": [
    "The server lists two or more tools under one name.",
    "Clients disagree on which copy they use, so a second copy can hide a changed tool behind a pinned one. Give every tool its own name, then pin again.",
  ],
  "pin-capability-added": [
    "A tool gained the delete or exec capability, or a new tool has one.",
    "Review what the tool can now do before anyone uses the server. If it is approved, pin again and commit the lock.",
  ],
  "pin-tool-added": [
    "The server has a tool the lock does not have.",
    "Review the new tool's definition. If it is approved, run toolscore mcp pin and commit the lock.",
  ],
  "pin-tool-removed": [
    "A tool in the lock is gone from the server.",
    "Check that nothing relies on the tool. If the removal is intended, pin again and commit the lock.",
  ],
  "pin-tool-changed": [
    "A pinned tool's title, description, schemas or annotations changed.",
    "Read the diff of each changed field: a description can gain instructions meant for the model. If it is approved, pin again.",
  ],
  "pin-tool-excluded": [
    "The server lists a tool the lock leaves out.",
    "Information only: the tool was seen and not approved when the lock was made (mcp pin --tools), so it is not checked and the guard never serves it. To approve it, pin again with its name in --tools.",
  ],
  "pin-prompt-added": [
    "The server has a prompt the lock does not have.",
    "Read the new prompt: its text becomes instructions the model follows. If it is approved, pin again and commit the lock.",
  ],
  "pin-prompt-removed": [
    "A prompt in the lock is gone from the server.",
    "Check that nothing relies on the prompt. If the removal is intended, pin again and commit the lock.",
  ],
  "pin-prompt-changed": [
    "A pinned prompt's title, description, arguments or icons changed.",
    "Read the diff of each changed field: a prompt can gain instructions meant for the model. If it is approved, pin again.",
  ],
  "pin-resource-added": [
    "The server has a resource template (or, with --resources, a resource) the lock does not have.",
    "Review its name and description, which clients show and models read. If it is approved, pin again and commit the lock.",
  ],
  "pin-resource-removed": [
    "A resource template (or, with --resources, a resource) in the lock is gone from the server.",
    "Check that nothing relies on it. If the removal is intended, pin again and commit the lock.",
  ],
  "pin-resource-changed": [
    "A pinned resource template's or resource's name, title, description, MIME type or annotations changed.",
    "Read the diff of each changed field: a description can gain instructions meant for the model. If it is approved, pin again.",
  ],
  "pin-list-failed": [
    "A kind the lock pins (prompts, resource templates or resources) could not be listed.",
    "The server answered its list request with an error, so nothing of that kind was checked. Make the listing work (a database or service it needs may be unreachable), then verify again.",
  ],
  "pin-list-unavailable": [
    "A kind could not be listed, as when the lock was made.",
    "Nothing of that kind is checked. Pin the server where the listing works to have it checked.",
  ],
  "pin-instructions-changed": [
    "The server's instructions changed.",
    "Instructions reach the model directly. Read the new text; if it is approved, pin again and commit the lock.",
  ],
  "pin-package-changed": [
    "The package the launch runs is not the one in the lock.",
    "The version or integrity of the installed package differs from the lock's, even if every tool is the same: the code changed. Review the new version; if it is approved, pin again. A launch that floats (npx pkg, a range or a tag) can be held to the locked version with toolscore mcp guard --install --pin-versions.",
  ],
  "pin-package-unchecked": [
    "The package the launch runs was not checked.",
    "Information only: the lock records no package it could resolve (the reason is in the finding), or the check launched no server. Nothing about the package is vouched for.",
  ],
  "pin-server-changed": [
    "The server's name or version changed.",
    "Information only: expected after an upgrade.",
  ],
  "pin-protocol-changed": [
    "The negotiated protocol version changed.",
    "Information only: expected after an upgrade of the server or of toolscore.",
  ],
};

/** The rule catalogue of mcp verify-pin. */
export const PIN_SARIF_RULES: readonly SarifRuleInfo[] = PIN_RULES.map((id) => ({
  id,
  shortDescription: PIN_TEXT[id][0],
  help: PIN_TEXT[id][1],
  severity: PIN_SEVERITY[id],
}));

/** The rule catalogue of mcp lint. */
export const LINT_SARIF_RULES: readonly SarifRuleInfo[] = LINT_RULES.map((r) => ({
  id: r.id,
  shortDescription: r.summary,
  fullDescription: `${r.summary} ${r.help}`,
  help: r.help,
  severity: r.severity,
}));

const DIFF_TEXT = Object.fromEntries(
  Object.entries(BREAKING_MESSAGES).map(([kind, spec]) => [kind, spec.summary]),
) as Record<BreakingKind, string>;

/** The rule catalogue of mcp diff: one rule per kind of breaking change, and the other differences. */
export const DIFF_SARIF_RULES: readonly SarifRuleInfo[] = [
  ...(Object.keys(DIFF_TEXT) as BreakingKind[]).map((kind) => ({
    id: `diff-${kind}`,
    shortDescription: `Breaking: ${DIFF_TEXT[kind].charAt(0).toLowerCase()}${DIFF_TEXT[kind].slice(1)}`,
    fullDescription: `${DIFF_TEXT[kind]} Agents and clients built against the baseline can break, or a tool can do more than was approved.`,
    help: "Keep the old behaviour alongside the new one, or announce the change and bump the major version.",
    severity: "error" as const,
  })),
  {
    id: "diff-tool-added",
    shortDescription: "A tool was added.",
    help: "Review the new tool's definition and capabilities.",
    severity: "info",
  },
  {
    id: "diff-tool-changed",
    shortDescription: "A tool's definition changed without breaking callers.",
    help: "Review the diff of each changed field.",
    severity: "info",
  },
  {
    id: "diff-surface-changed",
    shortDescription:
      "A prompt, resource template or resource was added, removed or changed without breaking clients.",
    help: "Review the diff of each changed field: prompts and descriptions reach the model.",
    severity: "info",
  },
  {
    id: "diff-server-changed",
    shortDescription: "The server's name, version, protocol or instructions changed.",
    help: "Review changed instructions: they reach the model directly.",
    severity: "info",
  },
];

/** The SARIF log of a pin check. A finding that fails is an error, one that does not a warning. */
export function pinSarif(report: PinReport, version: string, artifact?: SarifArtifact): SarifLog {
  const findings = report.findings.map((f): SarifFinding => ({
    ruleId: f.rule,
    severity: f.severity === "info" ? "info" : f.failing ? "error" : "warning",
    message: escapeLine(pinMessage(f)),
    tool: f.tool,
    ...(f.item ? { item: f.item } : {}),
    path: f.fields.join(","),
  }));
  return buildSarif({ command: "mcp verify-pin", version, rules: PIN_SARIF_RULES, findings, artifact });
}

/** The SARIF log of lint findings. */
export function lintSarif(
  findings: readonly LintFinding[],
  version: string,
  artifact?: SarifArtifact,
): SarifLog {
  return buildSarif({
    command: "mcp lint",
    version,
    rules: LINT_SARIF_RULES,
    artifact,
    findings: findings.map((f) => ({
      ruleId: f.rule,
      severity: f.severity,
      message: `${sentence(escapeLine(lintMessage(f)))} Fix: ${escapeLine(formatLintFinding(f).fix)}`,
      tool: f.tool,
      ...(f.item ? { item: f.item } : {}),
      path: f.path,
    })),
  });
}

// The surface differences that are not breaking, as notes (breaking ones are reported above).
function surfaceSarif(d: ServerDiff): SarifFinding[] {
  const breaking = new Set(
    d.breaking.filter((b) => b.item).map((b) => `${b.item!.kind}\u0000${b.item!.key}`),
  );
  const note = (kind: SurfaceKind, key: string, what: string): SarifFinding[] =>
    breaking.has(`${kind}\u0000${key}`)
      ? []
      : [
          {
            ruleId: "diff-surface-changed",
            severity: "info",
            message: escapeLine(`${itemLabel({ kind, key })} ${what}`),
            tool: null,
            item: { kind, key },
          },
        ];
  return d.surface.flatMap((s) => [
    ...s.added.flatMap((k) => note(s.kind, k, "added")),
    ...s.removed.flatMap((k) => note(s.kind, k, "removed")),
    ...s.changed.flatMap((c) => note(s.kind, c.key, `changed: ${c.fields.join(", ")}`)),
  ]);
}

/** The SARIF log of a diff: breaking changes as errors, the other differences as notes. */
export function diffSarif(d: ServerDiff, version: string, artifact?: SarifArtifact): SarifLog {
  const breakingTools = new Set(d.breaking.map((b) => b.tool));
  const findings: SarifFinding[] = [
    ...breakingInOrder(d.breaking).map((b): SarifFinding => ({
      ruleId: `diff-${b.kind}`,
      severity: "error",
      message: escapeLine(
        b.tool === null && !b.item ? formatBreaking(b) : `${subjectOf(b)}: ${formatBreaking(b)}`,
      ),
      tool: b.tool,
      ...(b.item ? { item: b.item } : {}),
      path: b.path ?? "",
    })),
    ...d.added
      .filter((t) => !breakingTools.has(t))
      .map((t): SarifFinding => ({
        ruleId: "diff-tool-added",
        severity: "info",
        message: escapeLine(`new tool ${t}`),
        tool: t,
      })),
    ...d.changed
      .filter((c) => !breakingTools.has(c.name))
      .map((c): SarifFinding => ({
        ruleId: "diff-tool-changed",
        severity: "info",
        message: escapeLine(`${c.name} changed: ${c.fields.join(", ")}`),
        tool: c.name,
        path: c.fields.join(","),
      })),
    ...surfaceSarif(d),
    ...d.server.map((s): SarifFinding => ({
      ruleId: "diff-server-changed",
      severity: "info",
      message: escapeLine(
        s.field === "instructions"
          ? "the server instructions changed"
          : `${s.field}: ${s.from ?? "none"} -> ${s.to ?? "none"}`,
      ),
      tool: null,
      path: s.field,
    })),
  ];
  return buildSarif({ command: "mcp diff", version, rules: DIFF_SARIF_RULES, findings, artifact });
}
