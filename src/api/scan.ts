// `toolscore mcp scan` as a library call: every client config on the machine read, and with
// `list`, each server started (or reached) through the API's one way of listing.
import type { ConnectOptions } from "../mcp/client.js";
import { readUserFileIfAny } from "../mcp/config-io.js";
import { normaliseEntry } from "../mcp/config.js";
import { configTarget } from "../mcp/target.js";
import { deriveEffects } from "../pin/effects.js";
import { errorLine } from "../report/advice.js";
import { referenceSyntaxOf, type ScanPlaces } from "../scan/clients.js";
import { scanConfigs, type ScanResult, type ScanRow } from "../scan/scan.js";
import { runPool } from "../score/pool.js";
import { isToolscoreError } from "../util/errors.js";
import { isObject } from "../util/json.js";
import { credentialsPath, signInStored } from "../mcp/token-store.js";
import { unguardedEntry } from "../scan/entry.js";
import { listResolved } from "./server.js";

/** Options of {@link scan}. */
export interface ScanOptions extends ScanPlaces {
  /** Also start (or reach) each server and list its tools. */
  list?: boolean;
  /** With `list`: servers listed at once (default 4). */
  concurrency?: number;
  /** With `list`: --timeout, and the environment a launched server inherits. */
  connect?: ConnectOptions;
  /** With `list`: told of notes about a listing (a server that lists nothing). */
  onNote?: (message: string) => void;
}

/**
 * `toolscore mcp scan`: the MCP servers configured on this machine, one row per server (and one per
 * file that cannot be read). Nothing is started unless `list`; a server that cannot be listed is
 * its row's problem.
 *
 * ```ts
 * const { rows } = await scan({ env: process.env, platform: "linux", project: process.cwd(), fallbackHome: homedir() });
 * ```
 */
export async function scan(opts: ScanOptions): Promise<ScanResult> {
  const result = scanConfigs(opts, (path) => readUserFileIfAny(path)?.text);
  noteSignIns(result.rows, opts.env);
  if (opts.list) {
    const jobs = result.rows
      .filter((r) => r.facts !== null && r.name !== null)
      .map((r) => () => listRow(r, opts));
    await runPool(jobs, opts.concurrency ?? 4);
  }
  return result;
}

// Each URL entry's sign-in, looked up in the user's store by its URL as written (the guard's own
// URL for a guarded entry); nothing of the store but that fact reaches the row.
function noteSignIns(rows: ScanRow[], env: Record<string, string | undefined>): void {
  let store: string | undefined;
  try {
    store = credentialsPath(env);
  } catch {
    store = undefined;
  }
  for (const row of rows) {
    if (row.facts === null || row.name === null) continue;
    const entry = unguardedEntry(row.entry);
    if (!isObject(entry) || typeof entry.url !== "string") continue;
    const headers = isObject(entry.headers) ? Object.keys(entry.headers) : [];
    row.signIn = headers.some((h) => h.toLowerCase() === "authorization")
      ? "header"
      : store === undefined
        ? "unknown"
        : signInStored(store, entry.url);
  }
}

// Starts (or reaches) one server and records what it lists; a failure becomes the row's problem.
async function listRow(row: ScanRow, opts: ScanOptions): Promise<void> {
  try {
    const entry = normaliseEntry(row.entry, row.file, row.name!);
    // A client starts a project's servers in the project folder.
    const cwd =
      entry.transport === "stdio" && entry.cwd === undefined && row.scope === "project"
        ? opts.project
        : undefined;
    const target = configTarget(row.name!, entry, cwd === undefined ? {} : { cwd }, {
      syntax: referenceSyntaxOf(row.file),
      env: opts.env,
      where: `server ${JSON.stringify(row.name!)} in ${row.file}`,
    });
    const { snapshot } = await listResolved(
      { kind: "target", target },
      {
        connect: opts.connect,
        onNote: opts.onNote,
      },
    );
    const effects = new Set(snapshot.tools.flatMap((t) => deriveEffects(t).map((c) => c.capability)));
    row.listed = {
      server: [snapshot.server.name, snapshot.server.version]
        .filter((v) => v !== undefined)
        .map(String)
        .join(" "),
      protocol: snapshot.protocol,
      tools: snapshot.tools.length,
      capabilities: [...effects].sort(),
    };
  } catch (e) {
    row.problem = isToolscoreError(e) ? errorLine(e) : `internal error: ${(e as Error).message}`;
  }
}
