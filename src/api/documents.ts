// One exported, versioned type per JSON document toolscore writes. Each has a `kind` and a
// version field; a program reading a document branches on them.
import type { LockProblem } from "../pin/lock.js";
import type { PinFailOn, PinFinding } from "../pin/verify.js";
import type { LintReport } from "../report/lint-json.js";
import type { ScorecardJson } from "../score/types.js";

export type { ServerSnapshot as SnapshotDocument } from "../mcp/snapshot.js";
export type { Lock as LockDocument } from "../pin/lock.js";
export type { LockSet as LockSetDocument } from "../pin/lockset.js";
export type { LockSetReport as LockSetReportDocument } from "../pin/verify-set.js";
export type { ServerDiffJson as DiffDocument } from "../diff/types.js";

/** `mcp verify-pin --json` (and the `pin` of a lint report with `--pin`): kind toolscore.mcp-pin-report. */
export interface PinReportDocument {
  kind: "toolscore.mcp-pin-report";
  report_version: "1";
  ok: boolean;
  fail_on: PinFailOn;
  failing: number;
  total: number;
  locked_tools: number;
  current_tools: number;
  findings: Array<
    Pick<
      PinFinding,
      "rule" | "severity" | "tool" | "item" | "failing" | "fields" | "diffs" | "capabilities"
    > & {
      message: string;
      problems?: LockProblem[];
      before?: string | null;
      after?: string | null;
    }
  >;
}

/** `mcp lint --json`: kind toolscore.mcp-lint-report, with the pin check when `--pin` is given. */
export type LintReportDocument = LintReport & { pin?: PinReportDocument };

/** `mcp test --report json`: kind toolscore.mcp-scorecard, its findings as sentences. */
export type ScorecardDocument = ScorecardJson;
