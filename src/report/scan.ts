import type { ScanResult, ScanRow } from "../scan/scan.js";
import { escapeLine } from "../util/unicode.js";
import { fitLine } from "./fit.js";
import { pad, displayWidth, type Style } from "./style.js";

/** The `kind` of the `mcp scan --json` document. */
export const SCAN_KIND = "toolscore.mcp-scan";
/** Its format version. */
export const SCAN_VERSION = "1";

/** A path as a person reads it: relative to `home` as `~/…` when inside it. */
export type ShowPath = (path: string) => string;

// A URL entry's sign-in, as the DETAILS column says it.
const SIGN_IN: Record<NonNullable<ScanRow["signIn"]>, string> = {
  header: "sign-in: its Authorization header",
  stored: "sign-in: stored",
  none: "sign-in: none stored",
  unknown: "sign-in: store not readable",
};

function details(r: ScanRow): string {
  if (r.problem !== null && r.facts === null) return r.problem;
  const f = r.facts!;
  const parts: string[] = [];
  if (f.env.length) parts.push(`env ${f.env.join(",")}`);
  if (f.headers.length) parts.push(`headers ${f.headers.join(",")}`);
  if (f.placeholders.length) parts.push(`refs ${f.placeholders.join(" ")}`);
  if (f.floating !== undefined) parts.push(`floats: ${f.floating} (no exact version)`);
  if (r.project !== null) parts.push(`for ${r.project}`);
  if (r.signIn !== undefined) parts.push(SIGN_IN[r.signIn]);
  return parts.join("; ");
}

/**
 * The scan as a table: one row per server (client, scope, name, transport, guarded, command or
 * URL, file, and the names of its env variables, headers and references), and one row per file
 * that could not be read. With --list, a line under each server says what it showed. Every
 * string from a file is escaped.
 */
export function renderScan(
  result: ScanResult,
  show: ShowPath,
  style: Style,
  columns = Number.POSITIVE_INFINITY,
): string {
  if (result.rows.length === 0)
    return `No MCP client config found (looked at ${result.looked.length} places: run with --json - to see them).\n`;
  const cells = result.rows.map((r) => [
    escapeLine(r.client),
    r.scope,
    r.name === null ? "-" : escapeLine(r.name),
    r.facts?.transport ?? "-",
    r.facts === null ? "-" : r.facts.guarded ? "yes" : "no",
    r.facts === null ? "(not read)" : escapeLine(r.facts.target),
    escapeLine(show(r.file)),
    escapeLine(details(r)),
  ]);
  const head = ["CLIENT", "SCOPE", "SERVER", "TRANSPORT", "GUARDED", "COMMAND OR URL", "FILE", "DETAILS"];
  const widths = head.map((h, i) => Math.max(displayWidth(h), ...cells.map((c) => displayWidth(c[i]!))));
  const line = (c: string[]) =>
    c
      .map((v, i) => (i === c.length - 1 ? v : pad(v, widths[i]!)))
      .join("  ")
      .trimEnd();
  // Commands and paths cannot be cut: a table wider than the console becomes one block per row,
  // its short cells on the first line and the command, file and details each on a line below.
  const stacked = widths.reduce((a, b) => a + b + 2, -2) > columns;
  const short = stacked ? widths.slice(0, 5) : widths;
  const out = stacked
    ? [
        style.dim(
          head
            .slice(0, 5)
            .map((h, i) => pad(h, short[i]!))
            .join("  "),
        ),
        style.dim("    COMMAND OR URL / FILE / DETAILS"),
      ]
    : [style.dim(line(head))];
  result.rows.forEach((r, i) => {
    const row = cells[i]!;
    const paint = (t: string) => (r.problem !== null && r.facts === null ? style.red(t) : t);
    if (stacked) {
      out.push(
        ...fitLine(
          paint(
            row
              .slice(0, 5)
              .map((v, k) => pad(v, short[k]!))
              .join("  ")
              .trimEnd(),
          ),
          columns,
        ),
      );
      for (const v of row.slice(5)) if (v) out.push(...fitLine(paint(`    ${v}`), columns, 6));
    } else out.push(paint(line(row)));
    if (r.listed) {
      const caps = r.listed.capabilities.length ? ` (${r.listed.capabilities.join(", ")})` : "";
      out.push(
        ...fitLine(
          `    listed: ${escapeLine(r.listed.server)}, protocol ${escapeLine(r.listed.protocol)}, ${r.listed.tools} tool${r.listed.tools === 1 ? "" : "s"}${caps}`,
          columns,
        ),
      );
    } else if (r.facts !== null && r.problem !== null) {
      out.push(...fitLine(style.red(`    not listed: ${escapeLine(r.problem)}`), columns));
    }
  });
  const servers = result.rows.filter((r) => r.name !== null);
  const files = new Set(result.rows.map((r) => r.file)).size;
  const guarded = servers.filter((r) => r.facts?.guarded).length;
  const bad = result.rows.filter((r) => r.problem !== null).length;
  out.push(
    "",
    `${servers.length} server${servers.length === 1 ? "" : "s"} in ${files} file${files === 1 ? "" : "s"}, ${guarded} guarded` +
      (bad ? `; ${bad} could not be ${result.rows.some((r) => r.listed) ? "read or listed" : "read"}` : "") +
      ".",
  );
  return out.join("\n") + "\n";
}

/** The `--json` document of a scan (`kind: "toolscore.mcp-scan"`), as an object. */
export function scanJson(result: ScanResult): Record<string, unknown> {
  return {
    kind: SCAN_KIND,
    scan_version: SCAN_VERSION,
    ok: !result.rows.some((r) => r.problem !== null),
    looked: result.looked,
    servers: result.rows.map((r) => ({
      client: r.client,
      scope: r.scope,
      file: r.file,
      project: r.project,
      name: r.name,
      transport: r.facts?.transport ?? null,
      target: r.facts?.target ?? null,
      env: r.facts?.env ?? [],
      headers: r.facts?.headers ?? [],
      placeholders: r.facts?.placeholders ?? [],
      guarded: r.facts?.guarded ?? false,
      ...(r.facts?.floating !== undefined ? { floating: r.facts.floating } : {}),
      ...(r.signIn !== undefined ? { sign_in: r.signIn } : {}),
      problem: r.problem,
      ...(r.listed ? { listed: r.listed } : {}),
    })),
  };
}

/** The `--json` text of a scan: two-space JSON with a trailing newline. */
export function renderScanJson(result: ScanResult): string {
  return JSON.stringify(scanJson(result), null, 2) + "\n";
}
