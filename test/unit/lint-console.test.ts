import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { lintTools } from "../../src/lint/index.js";
import { ServerSnapshot } from "../../src/mcp/snapshot.js";
import { renderLintConsole } from "../../src/report/lint.js";
import { PLAIN } from "../../src/report/style.js";

test("definition-large on many tools of a real server is one console line; each finding stays in the data", () => {
  const snap = ServerSnapshot.read(join(import.meta.dirname, "..", "fixtures", "real", "firecrawl.json"));
  const findings = lintTools(snap.tools);
  const large = findings.filter((f) => f.rule === "definition-large");
  assert.ok(large.length > 5);
  const text = renderLintConsole(snap.server, snap.tools.length, findings, PLAIN);
  const lines = text.split("\n").filter((l) => l.includes("definition-large"));
  assert.equal(lines.length, 1, text);
  assert.match(
    lines[0]!,
    new RegExp(
      `^  definition-large  ${large.length} tools, [\\d,]+–[\\d,]+ estimated tokens \\(firecrawl_agent, .*, …; details in --json\\)$`,
    ),
  );
  // Firecrawl's outputSchema values declared {"description": …} (zod unknown) are no finding.
  assert.deepEqual(
    findings.filter((f) => f.rule === "property-no-type" && f.path.startsWith("outputSchema")),
    [],
  );
  // One definition-large alone keeps its own lines.
  const one = renderLintConsole(snap.server, 1, large.slice(0, 1), PLAIN);
  assert.match(one, /\n {2}definition-large {2}firecrawl_agent\n {4}large tool definition/);
});
