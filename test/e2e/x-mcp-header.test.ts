// Tool parameters sent as headers (MCP 2026-07-28, x-mcp-header): a v2 SDK server that requires
// `Mcp-Param-*` headers is graded on its tools, with each header encoded as the specification's
// "Value Encoding" says; tools whose declarations break the rules are flagged by lint with their
// reason, not called by mcp test, and listed and pinned exactly as sent.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { MCPHttpClient } from "../../src/mcp/http.js";
import { runCli, tempDir } from "../support/cli.js";
import { pinUrl } from "../support/guard.js";
import { startParamHeaderHttp, type SeenRequest } from "../fixtures/servers/v2-param-header.mjs";
import {
  INVALID_TOOLS,
  VALID_TOOL,
  startHeaderDeclarationsHttp,
} from "../fixtures/servers/v2-header-declarations.mjs";

const tmp = tempDir();
let params: Awaited<ReturnType<typeof startParamHeaderHttp>>;
let decls: Awaited<ReturnType<typeof startHeaderDeclarationsHttp>>;
before(async () => {
  params = await startParamHeaderHttp();
  decls = await startHeaderDeclarationsHttp();
});
after(async () => {
  await Promise.all([params.close(), decls.close()]);
  tmp.remove();
});

// The header lines of a request exactly as they came over the wire, `Name: value`, for Mcp-Param-*.
const paramLines = (r: SeenRequest) =>
  r.rawHeaders
    .flatMap((v, i) => (i % 2 === 0 ? [`${v}: ${r.rawHeaders[i + 1]}`] : []))
    .filter((l) => /^mcp-param-/i.test(l));
const toolCalls = (seen: SeenRequest[]) =>
  seen.filter((r) => (r.body as { method?: string } | undefined)?.method === "tools/call");

interface Card {
  protocol: string;
  grade: string | null;
  coverage: { called: number; total: number; skipped: Array<{ tool: string; reason: string }> };
  calls: Array<{
    tool: string;
    kind: string;
    case: string;
    ok: boolean;
    detail: string;
    arguments: Record<string, unknown>;
  }>;
}

describe("a v2 SDK server with an x-mcp-header parameter, over HTTP", () => {
  test("mcp test at the default protocol grades it A, each call carrying the header the server checks", async () => {
    const from = params.seen.length;
    const r = await runCli(["mcp", "test", params.url, "--report", "json"]);
    assert.equal(r.code, 0, r.stderr);
    const card = JSON.parse(r.stdout) as Card;
    assert.equal(card.protocol, "2026-07-28");
    assert.equal(card.grade, "A", JSON.stringify(card.calls.filter((c) => !c.ok)));
    assert.ok(card.calls.every((c) => !/-32020/.test(c.detail)));
    const calls = toolCalls(params.seen.slice(from));
    assert.ok(calls.length >= 3);
    for (const call of calls) {
      const args = (call.body as { params: { arguments: Record<string, unknown> } }).params.arguments;
      // Whatever an edge case puts there, a string, number or boolean is sent, and the server agrees.
      const region = args.region;
      const sent = call.headers["mcp-param-region"];
      if (typeof region === "string") {
        const m = /^=\?base64\?(.*)\?=$/.exec(String(sent));
        assert.equal(m ? Buffer.from(m[1]!, "base64").toString("utf8") : sent, region);
      } else if (typeof region === "number" || typeof region === "boolean")
        assert.equal(sent, String(region));
      else assert.equal(sent, undefined);
      // A parameter without x-mcp-header is never sent as a header.
      assert.equal(call.headers["mcp-param-query"], undefined);
    }
    // The last valid-input call sent its region as text the server had to decode from Base64,
    // and the server answered it (the grade above): `ran in "…é"`.
    const encoded = card.calls.find((c) => c.case === "happy-3")!;
    assert.match(encoded.arguments.region as string, /é$/);
    assert.equal(encoded.ok, true, encoded.detail);
    assert.ok(
      calls.some((call) =>
        /^Mcp-Param-Region: =\?base64\?[A-Za-z0-9+/=]+\?=$/.test(paramLines(call)[0] ?? ""),
      ),
      "a Base64-encoded Mcp-Param-Region on the wire",
    );
    // The edge cases change one argument of a call with only the required ones.
    const edges = card.calls.filter((x) => x.kind === "edge");
    assert.deepEqual(
      edges.map((c) => [c.case, Object.keys(c.arguments).filter((k) => k !== "region" && k !== "query")]),
      [
        ["missing-required", []],
        ["wrong-type", []],
        ["empty-value", []],
        ["zero", ["shards"]],
      ],
    );
  });

  test("mcp test --protocol 2025-11-25 sends no Mcp-Param header, and the server grades A too", async () => {
    const from = params.seen.length;
    const r = await runCli(["mcp", "test", params.url, "--protocol", "2025-11-25", "--report", "json"]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal((JSON.parse(r.stdout) as Card).grade, "A");
    const calls = toolCalls(params.seen.slice(from));
    assert.ok(calls.length >= 3);
    for (const call of calls) assert.deepEqual(paramLines(call), []);
  });

  test("the header bytes: plain ASCII as is, anything else in the specification's Base64 form", async () => {
    const client = await MCPHttpClient.connect(params.url, { timeout: 20 });
    try {
      await client.listTools();
      const cases: Array<[Record<string, unknown>, string[]]> = [
        [{ region: "us-west1", query: "q" }, ["Mcp-Param-Region: us-west1"]],
        [{ region: "Hello, 世界", query: "q" }, ["Mcp-Param-Region: =?base64?SGVsbG8sIOS4lueVjA==?="]],
        [{ region: " padded ", query: "q" }, ["Mcp-Param-Region: =?base64?IHBhZGRlZCA=?="]],
        [{ region: "line1\nline2", query: "q" }, ["Mcp-Param-Region: =?base64?bGluZTEKbGluZTI=?="]],
        [
          { region: "=?base64?literal?=", query: "q" },
          ["Mcp-Param-Region: =?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?="],
        ],
        [{ region: "a\tb", query: "q" }, ["Mcp-Param-Region: =?base64?YQli?="]],
        [{ region: "", query: "q" }, ["Mcp-Param-Region: =?base64??="]],
        [{ region: "with inner spaces", query: "q" }, ["Mcp-Param-Region: with inner spaces"]],
        [
          { region: "eu", shards: -7, dry_run: false, query: "q" },
          ["Mcp-Param-Region: eu", "Mcp-Param-Shards: -7", "Mcp-Param-Dry-Run: false"],
        ],
        [
          { region: "eu", shards: 42, dry_run: true, query: "q" },
          ["Mcp-Param-Region: eu", "Mcp-Param-Shards: 42", "Mcp-Param-Dry-Run: true"],
        ],
        // A null or absent argument sends no header.
        [{ region: "eu", shards: null, query: "q" }, ["Mcp-Param-Region: eu"]],
      ];
      for (const [args, lines] of cases) {
        const from = params.seen.length;
        const outcome = await client.callTool("query_region", args);
        const [call] = toolCalls(params.seen.slice(from));
        assert.deepEqual(paramLines(call!), lines, JSON.stringify(args));
        // The SDK server checked each header against the body: none was refused.
        if (args.shards !== null) assert.equal(outcome.ok, true, JSON.stringify(outcome));
      }
    } finally {
      await client.close();
    }
  });
  test("a call made before the tools were listed is refused (-32020), then made again after listing them", async () => {
    const client = await MCPHttpClient.connect(params.url, { timeout: 20 });
    try {
      const from = params.seen.length;
      const outcome = await client.callTool("query_region", { region: "ap-south1", query: "q" });
      assert.equal(outcome.ok, true, JSON.stringify(outcome));
      const methods = params.seen.slice(from).map((r) => (r.body as { method?: string } | undefined)?.method);
      assert.deepEqual(methods, ["tools/call", "tools/list", "tools/call"]);
      const calls = toolCalls(params.seen.slice(from));
      assert.deepEqual(calls.map(paramLines), [[], ["Mcp-Param-Region: ap-south1"]]);
    } finally {
      await client.close();
    }
  });
});

describe("x-mcp-header declarations that break the rules", () => {
  test("mcp lint flags each invalid tool with its reason, and not the valid one", async () => {
    const r = await runCli(["mcp", "lint", decls.url, "--json", "-"]);
    assert.equal(r.code, 1, r.stderr);
    const findings = (
      JSON.parse(r.stdout) as {
        findings: Array<{
          rule: string;
          severity: string;
          tool: string;
          path: string;
          message: string;
          args: { kind: string };
        }>;
      }
    ).findings.filter((f) => f.rule === "x-mcp-header-invalid");
    assert.deepEqual(
      findings.map((f) => [f.tool, f.path, f.args.kind, f.severity]).sort(),
      INVALID_TOOLS.map(([t, path, kind]) => [t.name, path, kind, "error"]).sort(),
    );
    const said = new Map(findings.map((f) => [f.tool, f.message]));
    const reasons: Record<string, RegExp> = {
      invalid_empty_header: /^x-mcp-header is empty;/,
      invalid_not_string: /^x-mcp-header is a number, not a string;/,
      invalid_object_header: /"Data" is on a property of type "object": only string, integer and boolean/,
      invalid_array_header: /of type "array"/,
      invalid_null_header: /of type "null"/,
      invalid_number_header: /of type "number"/,
      invalid_untyped_header: /on a property of no type/,
      invalid_duplicate_same_case:
        /"Region" is the same header as "Region" at inputSchema\.properties\.first/,
      invalid_duplicate_other_case:
        /"myfield" is the same header as "MyField" at inputSchema\.properties\.first \(header names ignore case\)/,
      invalid_space_in_name: /"My Region" is not an HTTP header name: it holds a space/,
      invalid_colon_in_name: /"Region:Primary" is not an HTTP header name: it holds the delimiter ":"/,
      invalid_non_ascii_name:
        /"Région" is not an HTTP header name: it holds "é" \(U\+00E9\), which is not ASCII/,
      invalid_control_char_name:
        /"Region\\t1" is not an HTTP header name: it holds the control character U\+0009/,
      invalid_under_items: /^x-mcp-header is under items: only properties reached from the root/,
      invalid_under_any_of: /^x-mcp-header is under anyOf:/,
      invalid_on_the_root: /^x-mcp-header is on the input schema itself, not on a property/,
    };
    for (const [tool] of INVALID_TOOLS) {
      assert.match(said.get(tool.name) ?? "(none)", reasons[tool.name]!, tool.name);
      assert.match(said.get(tool.name)!, /; clients over Streamable HTTP will not show the tool$/);
    }
    assert.ok(!said.has(VALID_TOOL.name));
  });

  test("mcp test calls only the valid tool, and says why each other one was not called", async () => {
    decls.calls.length = 0;
    // One run: the JSON report to a file, the console scorecard on stdout.
    const output = join(tmp.dir, "decls-card.json");
    const text = await runCli(["mcp", "test", decls.url, "--output", output]);
    assert.ok(text.code === 0 || text.code === 1, text.stderr);
    const card = JSON.parse(readFileSync(output, "utf8")) as Card;
    assert.equal(card.protocol, "2026-07-28");
    assert.deepEqual([...new Set(decls.calls)], [VALID_TOOL.name]);
    assert.deepEqual(
      card.coverage.skipped.map((s) => s.tool).sort(),
      INVALID_TOOLS.map(([t]) => t.name).sort(),
    );
    for (const s of card.coverage.skipped)
      assert.match(
        s.reason,
        /^its x-mcp-header declarations are invalid \(x-mcp-header-invalid\): clients over Streamable HTTP do not show it/,
      );
    // The valid tool's calls carried its header.
    assert.match(text.stdout, /\n {2}invalid_colon_in_name .*skipped \(x-mcp-header invalid\)/);
    assert.match(
      text.stdout,
      /\nSkipped[^\n]*\n(?:.*\n)*? {2}invalid_space_in_name +its x-mcp-header declarations are invalid/,
    );
  });

  test("mcp list and the lock keep every tool exactly as it was sent", async () => {
    const listed = await runCli(["mcp", "list", decls.url, "--json", "-"]);
    assert.equal(listed.code, 0, listed.stderr);
    const all = [VALID_TOOL, ...INVALID_TOOLS.map(([t]) => t)];
    const byName = (ts: Array<{ name: string }>) => [...ts].sort((a, b) => (a.name < b.name ? -1 : 1));
    assert.deepEqual((JSON.parse(listed.stdout) as { tools: Array<{ name: string }> }).tools, byName(all));
    const lock = join(tmp.dir, "headers.lock.json");
    await pinUrl(decls.url, lock);
    const locked = JSON.parse(readFileSync(lock, "utf8")) as {
      tools: Array<{ name: string; definition: unknown }>;
    };
    assert.deepEqual(
      locked.tools.map((t) => t.definition),
      byName(all),
    );
    const verify = await runCli(["mcp", "verify-pin", decls.url, "--lock", lock]);
    assert.equal(verify.code, 0, verify.stdout + verify.stderr);
  });
});
