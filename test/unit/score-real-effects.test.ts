// What the safe default calls on published servers' tools, captured verbatim into
// test/fixtures/real/tools/: a download to a path writes, running a query reads, a field to sort
// or filter by offers no write mode, and typing into a shell executes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { lintTools } from "../../src/lint/index.js";
import type { RawTool } from "../../src/mcp/types.js";
import { describedChange, placeToWrite, sortsOrFilters } from "../../src/pin/effect-words.js";
import { deriveEffects } from "../../src/pin/effects.js";
import { planCalls } from "../../src/score/plan.js";
import { unsafeArguments } from "../../src/score/safety.js";
import { skipCause } from "../../src/report/scorecard-words.js";

// What a skip for unsafe arguments says: the facts unsafeArguments finds, in the scorecard's words.
const said = (t: Parameters<typeof unsafeArguments>[0]): string | null => {
  const says = unsafeArguments(t);
  return says && skipCause({ rule: "unsafe-arguments", says });
};
import { skipNote } from "../../src/report/scorecard-words.js";

const DIR = join(import.meta.dirname, "..", "fixtures", "real", "tools");

function tools(file: string): RawTool[] {
  return (JSON.parse(readFileSync(join(DIR, file), "utf8")) as { tools: RawTool[] }).tools;
}
function tool(file: string, name: string): RawTool {
  return tools(file).find((t) => t.name === name)!;
}
const capabilities = (t: RawTool) =>
  deriveEffects(t)
    .map((c) => c.capability)
    .join(" ");

/** The tools the safe default calls, and the note of each it skips. */
function plan(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of planCalls(tools(file), { seed: "1", cases: 3, edgeCases: true, allowWrites: false }))
    out[p.name] = (p.skipped ? skipNote(p.skipped) : null) ?? `called ${p.calls.length}`;
  return out;
}

test("figma download_figma_images: a required directory to save images in makes it write", () => {
  const download = tool("figma.json", "download_figma_images");
  assert.equal(capabilities(download), "read write network");
  assert.deepEqual(deriveEffects(download).find((c) => c.capability === "write")?.sources, [
    "parameter 'localPath' (its description says 'directory to save')",
  ]);
  const called = plan("figma.json");
  assert.equal(called.download_figma_images, "may write");
  assert.match(called.get_figma_data!, /^called \d+$/);
});

test("placeToWrite: parameters that name a place to write, required or optional", () => {
  const table: Array<[string, unknown, boolean]> = [
    ["localPath", { type: "string", description: "The directory to save images in." }, true],
    ["output_dir", { type: "string" }, true],
    ["savePath", {}, true],
    ["destination", { type: "string" }, true],
    ["target", { type: "string", description: "Path to write the report to" }, true],
    ["filename", { type: "string", description: "File name to save the screenshot to." }, true],
    ["path", { type: "string", description: "Path of the file to read, as written by save_file" }, false],
    ["stdin", { type: "string", description: "Optional text to write to the process's stdin." }, false],
    ["username", { type: "string", description: "Username to store in the item." }, false],
    ["start_date", { type: "string", description: "Start date, written in YYYY-MM-DD format" }, false],
    ["fileKey", { type: "string", description: "The key of the Figma file containing the images" }, false],
  ];
  for (const [name, schema, want] of table) assert.equal(placeToWrite(name, schema) !== null, want, name);
});

test("mongodb find and aggregate: running a query reads, so they are called", () => {
  assert.equal(describedChange("Run a find query against a MongoDB collection"), null);
  assert.equal(describedChange("Run an aggregation against a MongoDB collection"), null);
  assert.equal(describedChange("Runs a custom read-only SQL"), null);
  // Running what is not a query still changes something.
  assert.equal(describedChange("Runs the migration script"), "Runs the migration script");
  for (const name of ["find", "aggregate", "count"])
    assert.equal(said(tool("mongodb.json", name)), null, name);
  const called = plan("mongodb.json");
  assert.match(called.find!, /^called \d+$/);
  assert.match(called.aggregate!, /^called \d+$/);
  assert.equal(called["delete-many"], "may write, delete");
});

test("gitlab: enum values of fields to sort or filter by are not write modes", () => {
  const lm = tool("gitlab.json", "list_merge_requests");
  const props = (lm.inputSchema as { properties: Record<string, unknown> }).properties;
  assert.equal(sortsOrFilters("order_by", props.order_by), true);
  const ev = tool("gitlab.json", "list_events");
  const evProps = (ev.inputSchema as { properties: Record<string, unknown> }).properties;
  assert.equal(sortsOrFilters("target_type", evProps.target_type), true);
  // A parameter that selects an operation is not one of them.
  assert.equal(sortsOrFilters("action", { enum: ["get", "set"] }), false);
  assert.equal(sortsOrFilters("operation", { description: "What to do" }), false);
  const conflicts = lintTools(tools("gitlab.json")).filter((f) => f.rule === "annotation-conflict");
  assert.deepEqual(conflicts, []);
  // Required or not, such a field does not keep a read tool from being called.
  const required = { ...lm, inputSchema: { ...(lm.inputSchema as object), required: ["order_by"] } };
  assert.equal(said(required), null);
  assert.equal(
    said({
      name: "t",
      inputSchema: { type: "object", properties: { action: { enum: ["set"] } }, required: ["action"] },
    }),
    "required 'action' takes only write, delete or exec values ('set')",
  );
});

test("desktop-commander interact_with_process: typing into a shell or REPL is exec", () => {
  const interact = tool("desktop-commander.json", "interact_with_process");
  assert.deepEqual(deriveEffects(interact).find((c) => c.capability === "exec")?.sources, [
    "description 'Send input to an existing terminal'",
  ]);
  assert.equal(capabilities(tool("desktop-commander.json", "read_process_output")), "read");
  assert.equal(
    capabilities({ name: "pipe", description: "Writes the given lines into the python REPL." }),
    "exec",
  );
  assert.equal(
    capabilities({ name: "notify", description: "Send a message to the team channel." }),
    "unknown",
  );
});

test("network: a website URL an item stores is no fetch; a page URL a reader is given is", () => {
  assert.equal(capabilities(tool("1password.json", "item_edit")), "write");
  assert.equal(capabilities(tool("1password.json", "password_create")), "write");
  const links = tool("wiki-explorer.json", "get-first-degree-links");
  assert.deepEqual(deriveEffects(links).find((c) => c.capability === "network")?.sources, [
    "parameter 'url' (a web address)",
  ]);
  // The word URL in a sentence still says the tool reaches the web.
  assert.equal(
    capabilities({ name: "scrape", description: "Scrapes the given URL, returns markdown." }),
    "read network",
  );
});
