import { ToolscoreError } from "../util/errors.js";
import type { MCPClient, ConnectOptions } from "./client.js";
import { MCPStdioClient } from "./stdio-client.js";
import type { ServerTarget } from "./target.js";

/** Connects to a live target (stdio or HTTP). A file target is a usage error here. */
export async function connectTarget(target: ServerTarget, opts: ConnectOptions = {}): Promise<MCPClient> {
  if (target.kind === "stdio") {
    return MCPStdioClient.connect(target.argv, { ...opts, env: target.env, cwd: target.cwd ?? opts.baseCwd });
  }
  if (target.kind === "http") {
    const { MCPHttpClient } = await import("./http.js");
    return MCPHttpClient.connect(target.url, {
      ...opts,
      headers: target.headers,
      preferSse: target.preferSse,
    });
  }
  throw new ToolscoreError(
    "USAGE",
    `${target.path} is a saved file, and this needs a live server (a launch command or a URL)`,
  );
}
