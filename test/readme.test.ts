// The examples of the README and of the reference pages under docs/ are tests: an example that no
// longer works fails the suite.
// time limit: 300 s
//
// - Every ```console block whose first line starts with `$ toolscore` is run. Each `$ ` line is a
//   command (a line ending in `\` continues on the next); the lines up to the next `$ ` are its
//   output, stdout and stderr together, as a terminal shows them. `toolscore` and
//   `toolscore-notes-server` are the built dist/cli.js and dist/notes-server.js, and the commands
//   run through `sh` from the root of a scratch copy of the checkout (examples/ copied, the rest
//   linked), with paths relative to the repository's root whatever folder the page is in. Each
//   page gets a copy of its own and runs in page order, so a block may use a file an earlier block
//   of the same page wrote. Two pages run at a time (their commands are processes, most of a run's
//   time), and are reported in page order: README.md, then docs/ in path order.
// - Output must match line for line (trailing spaces aside). A line that is only `...` abridges:
//   the lines before the first `...` must open the output, those after the last close it, and each
//   run of lines between two of them must appear, in order, in between.
// - The ```ts blocks are type-checked by readme-types.test.ts, a process of its own beside this one.
// - A block right after a line `<!-- not-run -->` (blank lines between allowed) is left alone: use
//   it for illustrations that need something this checkout does not have (another server, the
//   network, a file of the reader's).
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "./support/cli.js";
import { ROOT, docPages, fencedBlocks, readPage, type Block } from "./support/docs.js";

interface Example {
  command: string;
  expected: string[];
}

/** The commands of a console block with the output shown after each. */
function consoleExamples(lines: string[]): Example[] {
  const out: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.startsWith("$ ")) {
      assert.ok(out.length > 0, `output before the first command: ${line}`);
      out.at(-1)!.expected.push(line);
      continue;
    }
    let command = line.slice(2);
    while (command.endsWith("\\") && i + 1 < lines.length)
      command = `${command.slice(0, -1)} ${lines[++i]!.trim()}`;
    out.push({ command, expected: [] });
  }
  return out;
}

const trimEnd = (lines: string[]) => {
  const t = lines.map((l) => l.trimEnd());
  while (t.length > 0 && t.at(-1) === "") t.pop();
  return t;
};

/** Why `actual` does not match `expected` (with `...` abridging), or null when it does. */
function mismatch(expectedLines: string[], actualText: string): string | null {
  const expected = trimEnd(expectedLines);
  const actual = trimEnd(actualText.split("\n"));
  const segments: string[][] = [[]];
  for (const l of expected) {
    if (l.trim() === "...") segments.push([]);
    else segments.at(-1)!.push(l);
  }
  const show = () => `expected:\n${expected.join("\n")}\n\nactual:\n${actual.join("\n")}`;
  if (segments.length === 1) {
    return expected.join("\n") === actual.join("\n") ? null : show();
  }
  const at = (seg: string[], pos: number) => seg.every((l, k) => actual[pos + k] === l);
  const first = segments[0]!;
  const last = segments.at(-1)!;
  if (!at(first, 0)) return `the output does not open as shown\n${show()}`;
  let pos = first.length;
  for (const seg of segments.slice(1, -1)) {
    if (seg.length === 0) continue;
    let found = -1;
    for (let p = pos; p + seg.length <= actual.length; p++) {
      if (at(seg, p)) {
        found = p;
        break;
      }
    }
    if (found < 0) return `these lines are not in the output (in order):\n${seg.join("\n")}\n\n${show()}`;
    pos = found + seg.length;
  }
  const tail = actual.length - last.length;
  if (last.length > 0 && (tail < pos || !at(last, tail)))
    return `the output does not close as shown\n${show()}`;
  return null;
}

/** Every page with its fenced blocks, README.md first. */
const pages = docPages().map((page) => ({ page, blocks: fencedBlocks(readPage(page)) }));

describe("the README's conventions", () => {
  test("abridged output: opening, middle and closing runs", () => {
    const out = "a\nb\nc\nd\ne\n";
    assert.equal(mismatch(["a", "...", "c", "...", "e"], out), null);
    assert.equal(mismatch(["a", "b", "..."], out), null);
    assert.equal(mismatch(["...", "e"], out), null);
    assert.notEqual(mismatch(["a", "...", "f"], out), null);
    assert.notEqual(mismatch(["b", "..."], out), null);
    assert.notEqual(mismatch(["a", "...", "d", "...", "c"], out), null);
    assert.notEqual(mismatch(["a", "b", "c", "d"], out), null, "unabridged output must be whole");
    assert.equal(mismatch(["a  ", "b", "c", "d", "e", ""], out), null);
  });

  test("commands, continuation lines and the not-run marker", () => {
    const md =
      "x\n<!-- not-run -->\n\n```console\n$ toolscore a \\\n    --b c\nout\n$ toolscore d\n```\n```ts\nlet x = 1;\n```\n";
    const [c, t] = fencedBlocks(md);
    assert.equal(c!.skipped, true);
    assert.equal(t!.skipped, false);
    assert.deepEqual(consoleExamples(c!.lines), [
      { command: "toolscore a  --b c", expected: ["out"] },
      { command: "toolscore d", expected: [] },
    ]);
  });
});

const isConsole = (b: Block) => b.lang === "console" && b.lines[0]?.startsWith("$ toolscore") === true;

/** A scratch copy of the checkout (examples/ copied, the rest linked) and the environment to run in. */
function scratchCheckout(): {
  work: ReturnType<typeof tempDir>;
  checkout: string;
  env: Record<string, string>;
} {
  const work = tempDir("toolscore-readme-");
  const checkout = join(work.dir, "checkout");
  mkdirSync(checkout);
  // Commands may write into examples/; everything else is linked.
  for (const name of readdirSync(ROOT)) {
    if (name === ".git") continue;
    if (name === "examples") cpSync(join(ROOT, name), join(checkout, name), { recursive: true });
    else symlinkSync(join(ROOT, name), join(checkout, name));
  }
  const bin = join(work.dir, "bin");
  mkdirSync(bin);
  for (const [name, file] of [
    ["toolscore", "cli.js"],
    ["toolscore-notes-server", "notes-server.js"],
  ] as const) {
    writeFileSync(
      join(bin, name),
      `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, "dist", file)}" "$@"\n`,
    );
    chmodSync(join(bin, name), 0o755);
  }
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PATH: `${bin}:${process.env.PATH ?? ""}`,
    NO_COLOR: "1",
  };
  // Piped output with no COLUMNS: tables 100 columns wide, text unwrapped (as documented).
  delete env.COLUMNS;
  delete env.GITHUB_STEP_SUMMARY;
  delete env.GITHUB_ACTIONS;
  env.PWD = checkout;
  return { work, checkout, env };
}

/** The output of a shell command run in `cwd`, stdout and stderr together. */
const runShell = (command: string, cwd: string, env: Record<string, string>) =>
  new Promise<string>((done, fail) => {
    // A group, so that the command's own redirections apply first (`> file` keeps stdout out of
    // what is shown, as in a terminal) and what it leaves on stderr is shown with stdout.
    const child = spawn("sh", ["-c", `{ ${command}\n} 2>&1`], {
      cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d));
    child.stderr.on("data", (d: Buffer) => (out += d));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      fail(new Error(`example command hung: ${command}`));
    }, 90_000);
    child.on("close", () => {
      clearTimeout(timer);
      done(out);
    });
  });

test("there are console examples to run, on the front page too", () => {
  const runnable = pages.map((p) => p.blocks.filter((b) => isConsole(b) && !b.skipped).length);
  assert.ok(runnable[0]! > 0, "no console example on the front page");
  assert.ok(
    runnable.slice(1).some((n) => n > 0),
    "no console example on the pages under docs/",
  );
});

describe("console examples, two pages at a time", { concurrency: 2 }, () => {
  for (const { page, blocks } of pages) {
    const consoleBlocks = blocks.filter(isConsole);
    if (consoleBlocks.length === 0) continue;
    // The blocks of a page in order, one at a time: a block may read what an earlier one wrote.
    describe(`${page}: console examples`, { concurrency: 1 }, () => {
      let scratch: ReturnType<typeof scratchCheckout> | undefined;
      before(() => {
        scratch = scratchCheckout();
      });
      after(() => scratch?.work.remove());

      for (const block of consoleBlocks) {
        for (const ex of consoleExamples(block.lines)) {
          test(`${page}:${block.line}: $ ${ex.command}`, async (t) => {
            if (block.skipped) return t.skip("marked <!-- not-run -->");
            const output = await runShell(ex.command, scratch!.checkout, scratch!.env);
            const problem = mismatch(ex.expected, output);
            assert.equal(problem, null, `${page}:${block.line}: $ ${ex.command}\n${problem}`);
          });
        }
      }
    });
  }
});
