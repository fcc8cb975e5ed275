// Library errors state facts (a code and data); the CLI and the guard give advice, from one table. Every
// code is thrown somewhere, and no library message tells the reader which option to change.
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { adviceFor, errorLine } from "../../src/report/advice.js";
import { ToolscoreError, type ErrorCode } from "../../src/util/errors.js";
import { ROOT } from "../support/cli.js";

const SRC = join(ROOT, "src");
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith(".ts") ? [p] : [];
  });
const sources = files(SRC).map((p) => ({ path: relative(SRC, p), text: readFileSync(p, "utf8") }));
const codes = [...readFileSync(join(SRC, "util", "errors.ts"), "utf8").matchAll(/\|\s*"([A-Z_]+)"/g)].map(
  (m) => m[1] as ErrorCode,
);

test("every error code is thrown somewhere", () => {
  assert.ok(codes.length >= 10, String(codes));
  for (const code of codes) {
    const thrown = sources.some(
      (s) =>
        s.path !== join("util", "errors.ts") && new RegExp(`ToolscoreError\\(\\s*"${code}"`).test(s.text),
    );
    assert.ok(thrown, `${code} is never thrown: remove it`);
  }
});

test("no library message says to raise --timeout or a --limit: the advice table does", () => {
  const table = join("report", "advice.ts");
  for (const s of sources.filter((f) => !f.path.startsWith("cli/") && f.path !== table)) {
    assert.doesNotMatch(s.text, /raise --timeout/, s.path);
    assert.doesNotMatch(s.text, /ToolscoreError\([^)]*raise it with --limit/s, s.path);
  }
});

test("the advice comes from the code and the facts, never from the message", () => {
  const timeout = new ToolscoreError("TIMEOUT", "anything at all", { method: "tools/list" });
  assert.equal(errorLine(timeout), "anything at all: raise --timeout if it is just slow");
  const limit = new ToolscoreError("LIMIT", "x is larger than the depth limit of 3 levels", {
    limit: "depth",
  });
  assert.equal(adviceFor(limit), ": raise it with --limit depth=N or TOOLSCORE_LIMIT_DEPTH");
  const lock = new ToolscoreError("FILE_INVALID", "l.json is not a valid lock: bad", {
    problem: "lock-invalid",
  });
  assert.equal(
    errorLine(lock),
    "l.json is not a valid lock: bad (pin the server again with toolscore mcp pin SERVER)",
  );
  // A code with no advice, or a problem the table does not know, adds nothing.
  assert.equal(errorLine(new ToolscoreError("FILE_INVALID", "m", { problem: "unknown" })), "m");
  assert.equal(errorLine(new ToolscoreError("SERVER_EXITED", "gone")), "gone");
});
