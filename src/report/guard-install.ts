import type { InstallOutcome } from "../scan/guard-install.js";
import type { PinVersionOutcome } from "../scan/pin-versions.js";
import { escapeLine } from "../util/unicode.js";

/** What `mcp guard --install` or `--uninstall` did to one config file. */
export interface InstallReport {
  install: boolean;
  outcomes: readonly InstallOutcome[];
  /** The config file as shown to the user. */
  file: string;
  /** The backup of the original file; null when nothing changed. */
  backup: string | null;
  /** True when the backup was there already (the older original, kept) rather than written now. */
  backupKept?: boolean;
  /** `--pin-versions`: what became of each entry's package argument. */
  versions?: readonly PinVersionOutcome[];
}

function outcomeLine(o: InstallOutcome): string {
  const what =
    o.action === "skipped"
      ? `not wrapped: ${o.reason ?? ""}`
      : o.action === "unchanged"
        ? (o.reason ?? "unchanged")
        : o.action;
  return `  ${escapeLine(o.name)}: ${what}`;
}

/** The report for people: one line per entry, then what happened to the file. */
export function renderInstallReport(r: InstallReport): string {
  const held = (r.versions ?? [])
    .filter((v) => v.action !== "unchanged")
    .map((v) =>
      v.action === "pinned"
        ? `  ${escapeLine(v.name)}: ${escapeLine(v.from ?? "")} held to ${escapeLine(v.to ?? "")}`
        : `  ${escapeLine(v.name)}: version not held: ${escapeLine(v.reason ?? "")}`,
    );
  const lines = [...r.outcomes.map(outcomeLine), ...held].join("\n");
  if (r.backup === null) return `${lines}\nNothing to change in ${escapeLine(r.file)}.\n`;
  const n = r.outcomes.filter((o) => o.action === "wrapped" || o.action === "unwrapped").length;
  return `${lines}\n${r.install ? "Guard installed in" : "Guard taken out of"} ${n} entr${n === 1 ? "y" : "ies"} of ${escapeLine(r.file)} (backup${r.backupKept ? " of the original, kept" : ""}: ${escapeLine(r.backup)}).\n`;
}
