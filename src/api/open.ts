// The one place a SERVER becomes a running server: a session client for the commands, or the
// relay upstream the guard passes raw frames through, both from the same resolved target, with
// one credential rule and one fallback (src/mcp/http-endpoint.ts) and one "needs a live server"
// error.
import type { ConnectOptions, MCPClient } from "../mcp/client.js";
import { connectTarget } from "../mcp/connect.js";
import { httpEndpoint } from "../mcp/http-endpoint.js";
import type { Upstream } from "../guard/upstream.js";
import { ToolscoreError } from "../util/errors.js";
import type { ResolvedServer } from "./server.js";
import { TransportClient } from "./transport-client.js";

/** How {@link openServer} opens a server. */
export interface OpenOptions {
  /** --timeout, --client-capabilities, --protocol, the environment and folder a launched server inherits. */
  connect?: ConnectOptions;
  /** What needs the live server, as its "needs a live server" error names it (default "this"). */
  what?: string;
}

/** Options of a relay upstream (the guard's). */
export interface RelayOptions extends OpenOptions {
  /** Where a launched server's stderr goes (the client shows it). */
  stderr: (text: string) => void;
}

/**
 * Fails with a usage error when what needs a live server gets a saved file: `what` names the
 * command ("mcp test", "the guard").
 */
export function requireLive(server: ResolvedServer, what: string): void {
  if (server.kind === "target" && server.target.kind === "file") {
    throw new ToolscoreError(
      "USAGE",
      `${what} needs a live server (a launch command or a URL), not the file ${server.target.path}`,
    );
  }
}

/**
 * Opens a live server: launched, reached at its URL, or over the caller's transport. By default a
 * session client (the commands'); with `as: "relay"`, the guard's upstream, which passes raw
 * frames (a launched process spoken to in lines, or a URL through the SDK's HTTP transports) and
 * starts nothing until it is launched. A saved file is a usage error.
 */
export async function openServer(
  server: ResolvedServer,
  opts?: OpenOptions & { as?: "client" },
): Promise<MCPClient>;
export async function openServer(
  server: ResolvedServer,
  opts: RelayOptions & { as: "relay" },
): Promise<Upstream>;
export async function openServer(
  server: ResolvedServer,
  opts: (OpenOptions & { as?: "client" }) | (RelayOptions & { as: "relay" }) = {},
): Promise<MCPClient | Upstream> {
  if (opts.as === "relay") return openRelay(server, opts);
  requireLive(server, opts.what ?? "this");
  if (server.kind === "target") return connectTarget(server.target, opts.connect);
  const t = server.server.transport;
  return TransportClient.connect(typeof t === "function" ? await t() : t, opts.connect);
}

async function openRelay(server: ResolvedServer, opts: RelayOptions): Promise<Upstream> {
  requireLive(server, opts.what ?? "the guard");
  if (server.kind !== "target")
    throw new ToolscoreError("USAGE", "the guard relays a launch command or a URL, not a transport");
  const target = server.target;
  const connect = opts.connect ?? {};
  const { ChildUpstream, HttpUpstream } = await import("../guard/upstream.js");
  if (target.kind === "stdio") {
    // The server inherits the guard's environment, as with the other commands.
    return new ChildUpstream(
      {
        argv: target.argv,
        env: target.env,
        baseEnv: connect.baseEnv,
        cwd: target.cwd ?? connect.baseCwd,
        ahead: connect.launched,
      },
      opts.stderr,
    );
  }
  if (target.kind !== "http") throw new Error("unreachable: a saved file is refused above");
  return new HttpUpstream(httpEndpoint(target.url, target.headers), target.preferSse, {
    signIn: connect.signIn,
    timeoutMs: (connect.timeout ?? 30) * 1000,
  });
}
