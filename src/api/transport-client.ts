import type { Transport } from "@modelcontextprotocol/client";
import { MCPClient, type ConnectOptions } from "../mcp/client.js";

/**
 * A client over a transport the caller made (an in-process server joined by the SDK's in-memory
 * transport pair, or any other `Transport`): the same session, negotiation and raw reading as a
 * launched server. Closing it closes the transport; the server behind it is the caller's.
 */
export class TransportClient extends MCPClient {
  /** Starts `transport`, agrees on a protocol version and returns the live client. */
  static async connect(transport: Transport, opts: ConnectOptions = {}): Promise<TransportClient> {
    const { session, info } = await MCPClient.open(transport, {
      ...opts,
      // A silent in-process server is broken, not a 2025 server waiting for initialize.
      negotiation: { silenceMayBeLegacy: false },
    });
    return new TransportClient(session, info, opts.clientCapabilities ?? [], "transport");
  }
}
