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
  /** With --install, for each guarded URL entry by name: how the guard will sign in to its server. */
  signIns?: Readonly<Record<string, GuardSignIn>>;
}

/**
 * How the guard of a URL entry will sign in: the entry's own Authorization header, a sign-in
 * stored by mcp login, none stored (`url` is what to sign in to), or a store that could not be read.
 */
export type GuardSignIn =
  { by: "header" } | { by: "stored" } | { by: "none"; url: string } | { by: "unknown"; url: string };

function signInNote(s: GuardSignIn | undefined): string {
  switch (s?.by) {
    case undefined:
      return "";
    case "header":
      return " (its Authorization header signs in)";
    case "stored":
      return " (a sign-in is stored)";
    case "none":
      return `; no sign-in stored: if the server asks for one, run toolscore mcp login ${escapeLine(s.url)}`;
    case "unknown":
      return `; the sign-in store could not be read: if the server asks for a sign-in, run toolscore mcp login ${escapeLine(s.url)}`;
  }
}

function outcomeLine(o: InstallOutcome, signIn?: GuardSignIn): string {
  const what =
    o.action === "skipped"
      ? `not wrapped: ${o.reason ?? ""}`
      : o.action === "unchanged"
        ? (o.reason ?? "unchanged")
        : o.action;
  const guarded = o.action === "wrapped" || (o.action === "unchanged" && o.reason === "already guarded");
  return `  ${escapeLine(o.name)}: ${what}${guarded ? signInNote(signIn) : ""}`;
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
  const lines = [
    ...r.outcomes.map((o) =>
      outcomeLine(o, r.signIns && Object.hasOwn(r.signIns, o.name) ? r.signIns[o.name] : undefined),
    ),
    ...held,
  ].join("\n");
  if (r.backup === null) return `${lines}\nNothing to change in ${escapeLine(r.file)}.\n`;
  const n = r.outcomes.filter((o) => o.action === "wrapped" || o.action === "unwrapped").length;
  return `${lines}\n${r.install ? "Guard installed in" : "Guard taken out of"} ${n} entr${n === 1 ? "y" : "ies"} of ${escapeLine(r.file)} (backup${r.backupKept ? " of the original, kept" : ""}: ${escapeLine(r.backup)}).\n`;
}
