// The protocol constants the lean path keeps for itself agree with the official SDK's, and the
// modern revisions toolscore speaks are the ones the SDK's server advertises.
import assert from "node:assert/strict";
import { test } from "node:test";
import * as sdk from "@modelcontextprotocol/client";
import { Server, createMcpHandler } from "@modelcontextprotocol/server";
import {
  LEGACY_PROTOCOL_VERSIONS,
  MODERN_PROTOCOL_VERSIONS,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "../../src/meta.js";
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  SERVER_INFO_META_KEY,
  eraOf,
  mutualVersion,
  parseProtocolChoice,
  readDiscoverResult,
} from "../../src/mcp/protocol.js";

test("the _meta keys and the 2025 versions are the SDK's", () => {
  assert.equal(PROTOCOL_VERSION_META_KEY, sdk.PROTOCOL_VERSION_META_KEY);
  assert.equal(CLIENT_CAPABILITIES_META_KEY, sdk.CLIENT_CAPABILITIES_META_KEY);
  assert.equal(CLIENT_INFO_META_KEY, sdk.CLIENT_INFO_META_KEY);
  assert.equal(SERVER_INFO_META_KEY, sdk.SERVER_INFO_META_KEY);
  assert.deepEqual(LEGACY_PROTOCOL_VERSIONS, sdk.SUPPORTED_PROTOCOL_VERSIONS);
  assert.deepEqual(SUPPORTED_PROTOCOL_VERSIONS, [...MODERN_PROTOCOL_VERSIONS, ...LEGACY_PROTOCOL_VERSIONS]);
});

test("the modern versions are those the SDK's server supports", async () => {
  const handler = createMcpHandler(() => new Server({ name: "s", version: "1" }, { capabilities: {} }), {
    legacy: "reject",
  });
  const body = {
    jsonrpc: "2.0",
    id: 1,
    method: "server/discover",
    params: { _meta: { [PROTOCOL_VERSION_META_KEY]: "2026-07-28", [CLIENT_CAPABILITIES_META_KEY]: {} } },
  };
  const res = await handler.fetch(
    new Request("http://127.0.0.1/mcp", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2026-07-28",
        "mcp-method": "server/discover",
      },
      body: JSON.stringify(body),
    }),
  );
  const text = await res.text();
  const json = JSON.parse(text.startsWith("{") ? text : /^data: (.*)$/m.exec(text)![1]!) as {
    result: { supportedVersions: string[] };
  };
  await handler.close();
  assert.deepEqual(json.result.supportedVersions, MODERN_PROTOCOL_VERSIONS);
});

test("eras, choices and mutual versions", () => {
  assert.equal(eraOf("2026-07-28"), "modern");
  assert.equal(eraOf("2025-11-25"), "legacy");
  assert.equal(eraOf("2024-11-05"), "legacy");
  assert.equal(parseProtocolChoice(undefined), "auto");
  assert.equal(parseProtocolChoice("2025-06-18"), "2025-06-18");
  assert.throws(() => parseProtocolChoice("2030-01-01"), { code: "USAGE" });
  assert.equal(mutualVersion(["2030-01-01", "2025-06-18", "2026-07-28"]), "2026-07-28");
  assert.equal(mutualVersion(["2030-01-01", "2025-06-18"]), "2025-06-18");
  assert.equal(mutualVersion(["2030-01-01", 7]), undefined);
});

test("a discover result: identity from _meta, required fields checked", () => {
  const { supportedVersions, hello } = readDiscoverResult({
    supportedVersions: ["2026-07-28"],
    capabilities: { tools: {} },
    instructions: "Hi.",
    ttlMs: 0,
    _meta: { [SERVER_INFO_META_KEY]: { name: "n", version: "1" } },
  });
  assert.deepEqual(supportedVersions, ["2026-07-28"]);
  assert.deepEqual(hello, {
    serverInfo: { name: "n", version: "1" },
    capabilities: { tools: {} },
    instructions: "Hi.",
  });
  assert.throws(() => readDiscoverResult({ capabilities: {} }), /has no supportedVersions list/);
  assert.throws(() => readDiscoverResult({ supportedVersions: [] }), /has no capabilities object/);
});
