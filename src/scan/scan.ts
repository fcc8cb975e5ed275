// Finding every MCP server configured on a machine: the client table walked, each file that
// exists read as its client reads it, one row per server, and one row per file that cannot be read.
import { parseConfigText, serverBlocks, type ServerBlock } from "../mcp/config-file.js";
import { isToolscoreError } from "../util/errors.js";
import { compareCodeUnits } from "../util/order.js";
import { CLIENT_LOCATIONS, locationPath, type ClientLocation, type ScanPlaces } from "./clients.js";
import { entryFacts, type EntryFacts } from "./entry.js";

/** What `--list` found on a live server. */
export interface ListedServer {
  /** The server's name and version as it reports them. */
  server: string;
  protocol: string;
  tools: number;
  /** The capabilities of its tools (read, write, delete, exec, network…), each once, sorted. */
  capabilities: string[];
}

/** One row of a scan: a server entry, or a file or entry that could not be read. */
export interface ScanRow {
  client: string;
  scope: "user" | "project";
  file: string;
  /** Claude Code's per-project lists in `~/.claude.json`: the project folder. */
  project: string | null;
  /** The server's name; null on a row about a whole file. */
  name: string | null;
  facts: EntryFacts | null;
  /** Why the file or the entry could not be read, or (with --list) why the server could not be listed. */
  problem: string | null;
  /** With --list, what the server showed. */
  listed?: ListedServer;
  /**
   * A URL entry (guarded or not): how it signs in. `header`: its own Authorization header;
   * `stored`: a sign-in of mcp login is stored for its URL; `none`: none is; `unknown`: the
   * sign-in store could not be read. Absent on other rows.
   */
  signIn?: SignInFact;
  /** The raw entry in the common shape, for --list; never rendered. */
  entry?: unknown;
}

/** How a URL entry signs in (see {@link ScanRow.signIn}); never a token. */
export type SignInFact = "header" | "stored" | "none" | "unknown";

/** The result of a scan. */
export interface ScanResult {
  /** Every path the scan looked at, whether a file was there or not, in table order. */
  looked: string[];
  rows: ScanRow[];
}

/**
 * Reads a file's text: undefined when there is no file, a ToolscoreError when there is one that
 * cannot be read. Injected, so that the scan itself is pure.
 */
export type ReadText = (path: string) => string | undefined;

/** Walks the client table (or `locations`) and reads every config file found. Launches nothing. */
export function scanConfigs(
  places: ScanPlaces,
  read: ReadText,
  locations: readonly ClientLocation[] = CLIENT_LOCATIONS,
): ScanResult {
  const looked: string[] = [];
  const rows: ScanRow[] = [];
  const seen = new Set<string>();
  for (const loc of locations) {
    const file = locationPath(loc, places);
    // A project folder that is the home folder would list the same file twice.
    if (seen.has(`${loc.client}\0${file}`)) continue;
    seen.add(`${loc.client}\0${file}`);
    looked.push(file);
    const base = { client: loc.client, scope: loc.scope, file, project: null };
    let blocks: ServerBlock[];
    try {
      const text = read(file);
      if (text === undefined) continue;
      blocks = serverBlocks(parseConfigText(text, file, loc.format), loc.shape);
    } catch (e) {
      const message = isToolscoreError(e) ? e.message : String(e);
      // The row names the file already.
      const why = message.startsWith(`${file} `) ? message.slice(file.length + 1) : message;
      rows.push({ ...base, name: null, facts: null, problem: why });
      continue;
    }
    for (const block of blocks) {
      for (const name of Object.keys(block.servers).sort(compareCodeUnits)) {
        const raw = block.servers[name];
        const facts = entryFacts(raw);
        rows.push({
          ...base,
          scope: block.project === undefined ? loc.scope : "project",
          project: block.project ?? null,
          name,
          facts: "problem" in facts ? null : facts,
          problem: "problem" in facts ? facts.problem : null,
          entry: raw,
        });
      }
    }
  }
  return { looked, rows };
}

/** True when any row reports a file or entry that could not be read or a server that could not be listed. */
export function scanHasProblems(result: ScanResult): boolean {
  return result.rows.some((r) => r.problem !== null);
}
