import { resolveLaunchPackage } from "../mcp/launch-package.js";
import type { PackageResolution } from "../pin/package.js";
import type { ConnectOptions } from "../mcp/client.js";
import type { ResolvedServer } from "./server.js";

/**
 * The package a server that was just listed runs, read after its run (npx has installed it by
 * then): undefined when toolscore launched nothing it could read (a saved file, a caller's
 * transport); null when the launch runs no package (a URL, a script of its own).
 */
export function launchPackage(
  server: ResolvedServer,
  connect: ConnectOptions = {},
): PackageResolution | null | undefined {
  if (server.kind !== "target" || server.target.kind === "file") return undefined;
  if (server.target.kind !== "stdio") return null;
  const { argv, env, cwd } = server.target;
  return resolveLaunchPackage({ argv, env, cwd: cwd ?? connect.baseCwd, baseEnv: connect.baseEnv }) ?? null;
}
