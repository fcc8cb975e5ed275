import {
  LATEST_LEGACY_PROTOCOL_VERSION,
  LEGACY_PROTOCOL_VERSIONS,
  MODERN_PROTOCOL_VERSIONS,
} from "../meta.js";
import { ToolscoreError, isToolscoreError } from "../util/errors.js";
import { isObject } from "../util/json.js";
import { escapeLine } from "../util/unicode.js";
import {
  MODERN_ERROR,
  eraOf,
  mutualVersion,
  noMutualVersion,
  readDiscoverResult,
  type ProtocolChoice,
  type ServerHello,
} from "./protocol.js";
import type { RpcError } from "./jsonrpc.js";
import { fmtSeconds, type McpSession } from "./session.js";

/** How to agree on a version with a server. */
export interface NegotiateOptions {
  /** `auto` (probe with server/discover, fall back to initialize), `legacy` (initialize only), or one version. */
  protocol: ProtocolChoice | "legacy";
  /** Milliseconds for the whole negotiation. */
  timeoutMs: number;
  /**
   * stdio: a server that stays silent on the probe may be a 2025 server that never answers an
   * unknown request before initialize, so initialize follows after a short wait, on the same
   * process. Over HTTP silence is an outage, never a verdict.
   */
  silenceMayBeLegacy: boolean;
  /** Whether a failure to send the probe is a 2025 server's refusal (an HTTP 4xx without an MCP error). */
  probeRefusedByLegacy?: (e: ToolscoreError) => boolean;
  /**
   * stdio: the server can be started again, so a slow server that answered the probe only after
   * initialize was sent is started afresh to speak the modern version ({@link SpeaksModern}).
   */
  restartable?: boolean;
}

/**
 * Thrown by {@link negotiate} when a server slow to start answered the probe in a modern version
 * after initialize had been sent: start it again and speak `version`.
 */
export class SpeaksModern extends Error {
  constructor(readonly version: string) {
    super(`the server speaks ${version}`);
  }
}

/**
 * How long a silent stdio server is given before initialize follows the probe: long enough for a
 * slow start on a busy machine, short against the default 30 s timeout.
 */
const PROBE_QUIET_MS = 5000;

// `modern`: settle that version; `legacy`: go on with initialize; `spoken`: the handshake is done.
type Verdict =
  { kind: "modern"; hello: ServerHello } | { kind: "legacy" } | { kind: "spoken"; hello: ServerHello };

/**
 * Agrees on a protocol version over a started session, the way the 2026-07-28 revision asks a
 * client that speaks both eras to: probe with `server/discover`; a modern answer settles a modern
 * version, and any error that is not a modern one (method not found, invalid request, an HTTP
 * refusal) means a 2025 server, spoken to with `initialize` on the same connection. Returns what
 * the server said; the session then speaks the agreed version.
 */
export async function negotiate(session: McpSession, opts: NegotiateOptions): Promise<ServerHello> {
  const { protocol } = opts;
  if (protocol === "legacy")
    return legacyHello(session, LATEST_LEGACY_PROTOCOL_VERSION, false, opts.timeoutMs);
  if (protocol !== "auto" && eraOf(protocol) === "legacy")
    return legacyHello(session, protocol, true, opts.timeoutMs);
  const offered = protocol === "auto" ? MODERN_PROTOCOL_VERSIONS[0]! : protocol;
  const forced = protocol !== "auto";
  const verdict =
    opts.silenceMayBeLegacy && !forced
      ? await probeOnStdio(session, opts)
      : await probe(session, offered, forced, opts);
  if (verdict.kind === "legacy")
    return legacyHello(session, LATEST_LEGACY_PROTOCOL_VERSION, false, opts.timeoutMs);
  if (verdict.kind === "modern") await session.speak(verdict.hello.protocolVersion);
  return verdict.hello;
}

/** Sends server/discover in `version` and reads the answer into a verdict. */
async function probe(
  session: McpSession,
  version: string,
  forced: boolean,
  opts: NegotiateOptions,
  timeoutMs = opts.timeoutMs,
  retried = false,
): Promise<Verdict> {
  let outcome;
  try {
    outcome = await session.request("server/discover", {}, timeoutMs, {
      strict: true,
      meta: session.envelopeFor(version),
    });
  } catch (e) {
    if (!forced && isToolscoreError(e) && opts.probeRefusedByLegacy?.(e)) return { kind: "legacy" };
    throw e;
  }
  if ("error" in outcome) {
    const err = outcome.error;
    if (err.code === MODERN_ERROR.unsupportedProtocolVersion) {
      const supported = isObject(err.data) && Array.isArray(err.data.supported) ? err.data.supported : [];
      const next = forced ? undefined : mutualVersion(supported);
      if (next !== undefined && eraOf(next) === "legacy") return { kind: "legacy" };
      if (next !== undefined && !retried) return probe(session, next, forced, opts, timeoutMs, true);
      if (forced) throw refusedForced(version, err);
      throw noMutualVersion(supported, "supports protocol versions");
    }
    if (err.code === MODERN_ERROR.missingClientCapability) {
      throw new ToolscoreError(
        "PROTOCOL_ERROR",
        `the server requires client capabilities toolscore did not declare: ${escapeLine(err.message)}`,
        { error: err, problem: "client-capabilities-missing" },
      );
    }
    if (err.code === MODERN_ERROR.headerMismatch || forced) throw refusedForced(version, err);
    return { kind: "legacy" };
  }
  // A result that is no discover result at all ({}, from a server that answers every method it
  // does not know with an empty result) comes from a 2025 server.
  if (!forced && !Object.hasOwn(outcome.result, "supportedVersions")) return { kind: "legacy" };
  const { supportedVersions, hello } = readDiscoverResult(outcome.result);
  if (supportedVersions.includes(version))
    return { kind: "modern", hello: { ...hello, protocolVersion: version, era: "modern" } };
  if (forced)
    throw new ToolscoreError(
      "PROTOCOL_ERROR",
      `the server does not speak protocol ${version}: it supports ${supportedVersions.map((v) => escapeLine(String(v))).join(", ")}`,
      { supportedVersions, problem: "protocol-unsupported" },
    );
  const next = mutualVersion(supportedVersions);
  if (next === undefined) throw noMutualVersion(supportedVersions, "supports protocol versions");
  if (eraOf(next) === "legacy") return { kind: "legacy" };
  return retried
    ? { kind: "modern", hello: { ...hello, protocolVersion: next, era: "modern" } }
    : probe(session, next, forced, opts, timeoutMs, true);
}

/**
 * The stdio probe: server/discover first; if the server has said nothing after a while (some 2025
 * servers never answer an unknown request before initialize), initialize follows on the same
 * process. From then on the answer to initialize decides: a server that accepts it speaks the
 * 2025 era on this process whatever it answers the probe, and one that refuses it is modern only
 * when its probe answer says so.
 */
async function probeOnStdio(session: McpSession, opts: NegotiateOptions): Promise<Verdict> {
  const quietMs = Math.min(PROBE_QUIET_MS, opts.timeoutMs / 2);
  type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };
  const settle = <T>(p: Promise<T>): Promise<Settled<T>> =>
    p.then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
  const discover = settle(probe(session, MODERN_PROTOCOL_VERSIONS[0]!, false, opts));
  let quiet: NodeJS.Timeout | undefined;
  const first = await Promise.race([
    discover,
    new Promise<undefined>((r) => (quiet = setTimeout(() => r(undefined), quietMs))),
  ]);
  clearTimeout(quiet);
  if (first !== undefined) {
    if (!first.ok) throw first.error;
    return first.value;
  }
  // A server that was only slow to start answers the probe too, before initialize (it reads its
  // input in order): a modern answer proves the newest version it speaks, whatever the start-up
  // time, so that version is spoken, on a fresh process, since this one has heard initialize.
  let lateModern: string | undefined;
  void discover.then((late) => {
    if (late.ok && late.value.kind === "modern") lateModern = late.value.hello.protocolVersion;
  });
  const init = await settle(
    session.initializeRequest(LATEST_LEGACY_PROTOCOL_VERSION, opts.timeoutMs - quietMs).then((outcome) => {
      if ("error" in outcome) throw refusedInitialize(outcome.error);
      return outcome.result;
    }),
  );
  if (init.ok) {
    // The probe's answer came first; what it settles to is known once its callbacks have run.
    await new Promise((r) => setImmediate(r));
    if (lateModern !== undefined && opts.restartable) throw new SpeaksModern(lateModern);
    return {
      kind: "spoken",
      hello: await confirmLegacy(session, LATEST_LEGACY_PROTOCOL_VERSION, false, init.value),
    };
  }
  const late = await discover;
  if (late.ok && late.value.kind === "modern") return late.value;
  if (!late.ok && !isToolscoreError(late.error, "TIMEOUT")) throw late.error;
  if (isToolscoreError(init.error, "TIMEOUT")) {
    throw new ToolscoreError(
      "TIMEOUT",
      `the server did not answer server/discover or initialize within ${fmtSeconds(opts.timeoutMs)}`,
      { method: "initialize", timeoutMs: opts.timeoutMs },
    );
  }
  throw init.error;
}

async function legacyHello(
  session: McpSession,
  version: string,
  exact: boolean,
  timeoutMs: number,
): Promise<ServerHello> {
  const outcome = await session.initializeRequest(version, timeoutMs);
  if ("error" in outcome) {
    if (exact) throw refusedForced(version, outcome.error);
    throw refusedInitialize(outcome.error);
  }
  return confirmLegacy(session, version, exact, outcome.result);
}

/** Reads an initialize result, checks the version the server chose, and completes the handshake. */
async function confirmLegacy(
  session: McpSession,
  offered: string,
  exact: boolean,
  r: Record<string, unknown>,
): Promise<ServerHello> {
  if (typeof r.protocolVersion !== "string") {
    throw new ToolscoreError(
      "PROTOCOL_ERROR",
      "the server's initialize answer has no protocolVersion: it is not an MCP server",
    );
  }
  const version = r.protocolVersion;
  if (exact && version !== offered) {
    throw new ToolscoreError(
      "PROTOCOL_ERROR",
      `the server does not speak protocol ${offered}: it answered initialize with ${JSON.stringify(escapeLine(version.slice(0, 40)))}`,
      { offered, answered: version, problem: "protocol-mismatch" },
    );
  }
  if (!LEGACY_PROTOCOL_VERSIONS.includes(version))
    throw noMutualVersion([version], "answered initialize with protocol version");
  await session.speak(version);
  return {
    protocolVersion: version,
    era: "legacy",
    serverInfo: isObject(r.serverInfo) ? r.serverInfo : {},
    capabilities: isObject(r.capabilities) ? r.capabilities : {},
    instructions: typeof r.instructions === "string" ? r.instructions : null,
  };
}

function refusedInitialize(err: RpcError): ToolscoreError {
  return new ToolscoreError(
    "PROTOCOL_ERROR",
    `the server refused initialize: ${escapeLine(err.message)} (JSON-RPC error ${err.code})`,
    { error: err },
  );
}

function refusedForced(version: string, err: RpcError): ToolscoreError {
  return new ToolscoreError(
    "PROTOCOL_ERROR",
    `the server refused protocol ${version}: ${escapeLine(err.message)} (JSON-RPC error ${err.code})`,
    { error: err, protocol: version, problem: "protocol-refused" },
  );
}
