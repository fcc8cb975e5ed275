// Client config files: every supported shape, and the errors for bad ones.
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { readConfigEntry } from "../../src/mcp/config.js";
import { isToolscoreError } from "../../src/util/errors.js";
import { tempDir } from "../support/cli.js";

const tmp = tempDir();
after(() => tmp.remove());
let n = 0;
const config = (data: unknown) => {
  const p = join(tmp.dir, `config-${++n}.json`);
  writeFileSync(p, typeof data === "string" ? data : JSON.stringify(data));
  return p;
};

describe("readConfigEntry", () => {
  test("Claude Desktop / Cursor: command, args, env, and cwd relative to the file", () => {
    const p = config({
      mcpServers: { notes: { command: "node", args: ["s.js"], env: { A: "1", N: 2 }, cwd: "sub" } },
    });
    assert.deepEqual(readConfigEntry(p), {
      name: "notes",
      entry: {
        transport: "stdio",
        command: "node",
        args: ["s.js"],
        env: { A: "1", N: "2" },
        cwd: join(tmp.dir, "sub"),
      },
    });
  });

  // [shape, server entry, expected transport and url]
  const URLS: Array<[string, Record<string, unknown>, "http" | "sse"]> = [
    ["url", { url: "http://127.0.0.1:1/mcp" }, "http"],
    ["Windsurf serverUrl", { serverUrl: "http://127.0.0.1:1/mcp" }, "http"],
    ["VS Code type http", { type: "http", url: "http://127.0.0.1:1/mcp" }, "http"],
    ["VS Code type sse", { type: "sse", url: "http://127.0.0.1:1/mcp" }, "sse"],
  ];
  for (const [shape, entry, transport] of URLS) {
    test(`URL entry: ${shape}`, () => {
      const p = config({ servers: { web: { ...entry, headers: { Authorization: "Bearer x" } } } });
      assert.deepEqual(readConfigEntry(p, "web").entry, {
        transport,
        url: "http://127.0.0.1:1/mcp",
        headers: { Authorization: "Bearer x" },
      });
    });
  }

  test("VS Code settings: servers under mcp", () => {
    const p = config({ mcp: { servers: { a: { type: "stdio", command: "x" } } } });
    assert.equal(readConfigEntry(p).entry.transport, "stdio");
  });

  // [case, file content, --server, error code, message pattern]
  const BAD: Array<[string, unknown, string | undefined, string, RegExp]> = [
    ["not JSON", "{", undefined, "FILE_INVALID", /not a readable client config: not valid JSON/],
    ["empty file", "", undefined, "FILE_INVALID", /the file is empty/],
    ["no servers object", { other: {} }, undefined, "CONFIG_INVALID", /no "mcpServers" or "servers" object/],
    ["no servers", { mcpServers: {} }, undefined, "CONFIG_INVALID", /lists no servers/],
    [
      "several, no --server",
      { mcpServers: { b: { command: "x" }, a: { command: "y" } } },
      undefined,
      "USAGE",
      /lists 2 servers \(a, b\)$/,
    ],
    [
      "no such name",
      { mcpServers: { a: { command: "x" } } },
      "z",
      "CONFIG_INVALID",
      /has no server named "z"; it has: a/,
    ],
    [
      "neither command nor url",
      { mcpServers: { a: { args: [] } } },
      undefined,
      "CONFIG_INVALID",
      /has neither "command" nor "url"/,
    ],
    [
      "args not strings",
      { mcpServers: { a: { command: "x", args: [1] } } },
      undefined,
      "CONFIG_INVALID",
      /"args" that is not a list of strings/,
    ],
    [
      "env value an object",
      { mcpServers: { a: { command: "x", env: { K: {} } } } },
      undefined,
      "CONFIG_INVALID",
      /non-string value for "env\.K"/,
    ],
    ["http without url", { servers: { a: { type: "http" } } }, undefined, "CONFIG_INVALID", /has no "url"/],
  ];
  for (const [name, content, server, code, message] of BAD) {
    test(`error: ${name}`, () => {
      const p = config(content);
      assert.throws(
        () => readConfigEntry(p, server),
        (e) => isToolscoreError(e) && e.code === code && message.test(e.message),
      );
    });
  }

  test("error: no such file", () => {
    assert.throws(
      () => readConfigEntry(join(tmp.dir, "missing.json")),
      (e) => isToolscoreError(e, "FILE_NOT_FOUND"),
    );
  });
});
