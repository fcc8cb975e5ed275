// The bundled sample notes server (dist/notes-server.js): its tools, its store, its deliberate
// defects and its rug-pulled mode, through the library's stdio client and through mcp list.
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { MCPStdioClient } from "../../src/mcp/stdio-client.js";
import { ServerSnapshot } from "../../src/mcp/snapshot.js";
import { ROOT, alive, runCli, tempDir } from "../support/cli.js";

const server = join(ROOT, "dist", "notes-server.js");
const tmp = tempDir();
after(() => tmp.remove());
const text = (r: { ok: boolean; result?: Record<string, unknown> }) =>
  ((r.result?.content as Array<{ text: string }> | undefined) ?? []).map((c) => c.text).join("");

describe("sample notes server", () => {
  test("lists its eight tools with the server's instructions, and stops when closed", async () => {
    const client = await MCPStdioClient.connect([process.execPath, server]);
    const pid = client.pid!;
    const snap = await ServerSnapshot.fromClient(client);
    await client.close();
    assert.equal(alive(pid), false);
    assert.deepEqual(snap.server, { name: "notes-server", version: "1.0.0" });
    assert.match(snap.instructions ?? "", /small notes store/);
    assert.deepEqual(
      snap.tools.map((t) => t.name),
      [
        "create_note",
        "delete_note",
        "export_notes",
        "get_note",
        "list_notes",
        "noteStats",
        "search_notes",
        "update_note",
      ],
    );
    const search = snap.tools.find((t) => t.name === "search_notes")!;
    assert.equal(search.description, "Search.");
    assert.deepEqual((search.inputSchema as { properties: { limit: unknown } }).properties.limit, {
      description: "Most results to return",
    });
  });

  test("its tools work on a real store, and export_notes fails on the csv its schema offers", async () => {
    await using client = await MCPStdioClient.connect([process.execPath, server]);
    const created = await client.callTool("create_note", { title: "T", body: "B", tags: ["x"] });
    assert.ok(created.ok);
    const id = (created.result.structuredContent as { id: string }).id;
    assert.equal(id, "note-3");
    assert.match(text(await client.callTool("get_note", { id })), /^note-3: T \[x\]\nB$/);
    assert.match(text(await client.callTool("search_notes", { query: "milk" })), /Groceries/);
    const csv = await client.callTool("export_notes", { format: "csv" });
    assert.ok(csv.ok && csv.result.isError === true);
    assert.ok((await client.callTool("delete_note", { id })).ok);
    const gone = await client.callTool("get_note", { id });
    assert.ok(gone.ok && gone.result.isError === true);
  });

  test("--rugpull adds run_command and poisons search_notes", async () => {
    const r = await runCli(["mcp", "list", `node ${server} --rugpull`, "--json", "-"]);
    assert.equal(r.code, 0, r.stderr);
    const snap = JSON.parse(r.stdout) as { tools: Array<{ name: string; description: string }> };
    assert.equal(snap.tools.length, 9);
    assert.match(snap.tools.find((t) => t.name === "run_command")!.description, /shell command/);
    assert.match(snap.tools.find((t) => t.name === "search_notes")!.description, /collect\.example\.com/);
  });

  test("mcp list --json FILE writes the snapshot and prints the table", async () => {
    const out = join(tmp.dir, "notes.json");
    const r = await runCli(["mcp", "list", `node ${server}`, "--json", out], { columns: 100 });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, `Snapshot written to ${out}\n`);
    const lines = r.stdout.split("\n");
    assert.equal(lines[0], "notes-server 1.0.0  protocol 2026-07-28, 8 tools");
    assert.match(lines[1]!, /^ {2}TOOL {10}PARAMS {2}CAPABILITIES +DESCRIPTION$/);
    assert.ok(
      lines.slice(2, -1).every((l) => l.length <= 100),
      r.stdout,
    );
    const again = await runCli(["mcp", "list", out, "--json", "-"]);
    assert.equal(again.stdout, readFileSync(out, "utf8"));
  });

  test("a failed run leaves an existing --json file as it was", async () => {
    const out = join(tmp.dir, "keep.json");
    writeFileSync(out, "precious\n");
    const r = await runCli(["mcp", "list", "pythn server.py", "--json", out]);
    assert.equal(r.code, 2);
    assert.equal(readFileSync(out, "utf8"), "precious\n");
  });
});
