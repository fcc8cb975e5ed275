// The tool surfaces the pin and verify-pin CLI tests serve, and a server of them: the surface file
// served over HTTP from the test's process (test/fixtures/servers/surface-http.mjs), which a test
// rewrites to change the server between pinning and verifying.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSurfaceHttp } from "../fixtures/servers/surface-http.mjs";
import { runCli } from "./cli.js";

/** What the server shows: the format of pin-surface.mjs and surface-http.mjs. */
export interface Surface {
  server: Record<string, unknown>;
  protocol?: string;
  instructions?: string;
  tools: Array<Record<string, unknown>>;
  samplingTools?: Array<Record<string, unknown>>;
}

/** Two note tools, one read-only, with instructions. */
export const BASE: Surface = {
  server: { name: "fixture", version: "1.0.0" },
  protocol: "2025-11-25",
  instructions: "Use the notes tools.",
  tools: [
    {
      name: "get_note",
      description: "Get a note by id.",
      inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
      annotations: { readOnlyHint: true },
    },
    {
      name: "save_note",
      description: "Save a note.",
      inputSchema: { type: "object", properties: { body: { type: "string" } } },
    },
  ],
};

/** BASE with a tool the server lists only to clients that declare sampling. */
export const WITH_SAMPLING: Surface = {
  ...BASE,
  samplingTools: [
    { name: "summarize", description: "Summarize with the client's model.", inputSchema: { type: "object" } },
  ],
};

/** A deep copy of `s`, to change. */
export const cloneSurface = (s: Surface): Surface => JSON.parse(JSON.stringify(s)) as Surface;

/** A server of a surface, in a folder of its own that `close()` removes. */
export interface SurfaceServer {
  /** The folder, for the locks and reports of the test. */
  dir: string;
  /** The server's URL: its SERVER argument. */
  url: string;
  /** What the server shows from its next session on. */
  write(s: Surface): void;
  close(): Promise<void>;
}

/** Serves `initial` at a URL until `close()`. */
export async function serveSurface(initial: Surface): Promise<SurfaceServer> {
  const dir = mkdtempSync(join(tmpdir(), "toolscore-surface-"));
  const file = join(dir, "surface.json");
  const write = (s: Surface) => writeFileSync(file, JSON.stringify(s));
  write(initial);
  const served = await startSurfaceHttp(file);
  return {
    dir,
    url: served.url,
    write,
    close: async () => {
      await served.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Serves `initial` at a URL, pinned into `lock` (toolscore.lock.json in the server's folder). */
export async function servePinned(initial: Surface): Promise<SurfaceServer & { lock: string }> {
  const server = await serveSurface(initial);
  const lock = join(server.dir, "toolscore.lock.json");
  const pinned = await runCli(["mcp", "pin", server.url, "--lock", lock]);
  assert.equal(pinned.code, 0, pinned.stderr);
  return { ...server, lock };
}
