// Line framing of the guard's streams: whatever the chunks, each line once, whole, in order.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { runs } from "../support/runs.js";
import { LineSplitter } from "../../src/guard/lines.js";

function split(chunks: string[]): string[] {
  const out: string[] = [];
  const s = new LineSplitter((l) => out.push(l));
  for (const c of chunks) s.push(c);
  s.end();
  return out;
}

test("lines cut anywhere, or several to a chunk, come out whole and in order", () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.string({ minLength: 1 }).filter((s) => !s.includes("\n") && s.trim() !== ""),
        { maxLength: 8 },
      ),
      fc.array(fc.nat(), { maxLength: 6 }),
      (lines, cuts) => {
        const text = lines.map((l) => `${l}\n`).join("");
        const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const chunks = [0, ...at, text.length]
          .slice(1)
          .map((end, i, all) => text.slice(i ? all[i - 1] : 0, end));
        assert.deepEqual(split(chunks), lines);
      },
    ),
    { numRuns: runs(100) },
  );
});

test("blank lines carry nothing; a last line without its newline still counts; CR stays", () => {
  assert.deepEqual(split(["a\n\n  \n", "b\r\n", "c"]), ["a", "b\r", "c"]);
});
