// The 2025-era protocol versions of the official SDK (@modelcontextprotocol/core), read from its
// installed files without loading it: the build puts them in the bundle as constants, and the
// sources read them here when they run directly (tests under tsx). Loading the SDK for two
// constants would cost the lean stdio path most of its start-up budget.
"use strict";
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, so meta.ts can read it synchronously */
const { readFileSync, readdirSync } = require("node:fs");
const { dirname, join } = require("node:path");

/** `{ latest, supported }`: the newest 2025-era version and every one the SDK accepts, newest first. */
function sdkLegacyProtocols() {
  const dist = dirname(require.resolve("@modelcontextprotocol/core"));
  for (const name of readdirSync(dist).filter((f) => f.endsWith(".mjs"))) {
    const text = readFileSync(join(dist, name), "utf8");
    const latest = /const LATEST_PROTOCOL_VERSION = "([^"]+)"/.exec(text)?.[1];
    const list = /const SUPPORTED_PROTOCOL_VERSIONS = \[([^\]]+)\]/.exec(text)?.[1];
    if (!latest || !list) continue;
    const supported = list
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => (s === "LATEST_PROTOCOL_VERSION" ? latest : s.replace(/["']/g, "")));
    return { latest, supported };
  }
  throw new Error("cannot read protocol versions from @modelcontextprotocol/core");
}

module.exports = { sdkLegacyProtocols };
