// The published servers' snapshots of test/fixtures/real/ and their lint findings, read and linted
// once per process: the unit files that share a process read the same result.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { lintServer, type LintFinding } from "../../src/lint/index.js";
import { ServerSnapshot } from "../../src/mcp/snapshot.js";

export const REAL_DIR = join(import.meta.dirname, "..", "fixtures", "real");

export interface RealServer {
  file: string;
  snap: ServerSnapshot;
  /** `lintServer(snap)`, made on first use. */
  readonly findings: LintFinding[];
}

let servers: RealServer[] | undefined;

/** Every snapshot of test/fixtures/real/, in the directory's order. */
export function realServers(): RealServer[] {
  servers ??= readdirSync(REAL_DIR)
    .filter((f) => f.endsWith(".json"))
    .map((file) => {
      const snap = ServerSnapshot.read(join(REAL_DIR, file));
      let findings: LintFinding[] | undefined;
      return {
        file,
        snap,
        get findings() {
          return (findings ??= lintServer(snap));
        },
      };
    });
  return servers;
}
