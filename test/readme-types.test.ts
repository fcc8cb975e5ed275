// The TypeScript examples of the README and of the reference pages under docs/ are tests: every
// ```ts block that imports from "toolscore", "toolscore/core" or "toolscore/report" is
// type-checked against src/index.ts, src/core.ts and src/report.ts, strictly. A block right after a
// line `<!-- not-run -->` is left alone. (A file of its own: the compiler holds its process for
// seconds, while readme.test.ts runs the console examples in another.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { tempDir } from "./support/cli.js";
import { ROOT, docPages, fencedBlocks, readPage, type Block } from "./support/docs.js";

const pages = docPages().map((page) => ({ page, blocks: fencedBlocks(readPage(page)) }));
const isTs = (b: Block) =>
  b.lang === "ts" && /from\s+["']toolscore(\/core|\/report)?["']/.test(b.lines.join("\n"));

test("every example that imports from toolscore type-checks against the library", (t) => {
  const runnable = pages.flatMap(({ page, blocks }) =>
    blocks.filter((b) => isTs(b) && !b.skipped).map((block) => ({ page, block })),
  );
  assert.ok(runnable.length > 0, "no TypeScript example in the README or docs/");
  const work = tempDir("toolscore-readme-ts-");
  t.after(() => work.remove());
  const files = runnable.map(({ block }, i) => {
    const file = join(work.dir, `example-${i}.mts`);
    // Each block is a module of its own (top-level await, names of its own).
    writeFileSync(file, `${block.lines.join("\n")}\nexport {};\n`);
    return file;
  });
  // A wrong example beside them shows that the check can fail.
  const wrong = join(work.dir, "wrong.mts");
  writeFileSync(wrong, `import { checkPin } from "toolscore";\nverifyPin("not a lock");\nexport {};\n`);
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2023.d.ts", "lib.esnext.disposable.d.ts"],
    strict: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    skipLibCheck: true,
    types: ["node"],
    typeRoots: [join(ROOT, "node_modules", "@types")],
    paths: {
      toolscore: [join(ROOT, "src", "index.ts")],
      "toolscore/core": [join(ROOT, "src", "core.ts")],
      "toolscore/report": [join(ROOT, "src", "report.ts")],
    },
  };
  // Doc comments play no part in the types of TypeScript files: they are not parsed.
  const host = ts.createCompilerHost(options);
  host.jsDocParsingMode = ts.JSDocParsingMode.ParseNone;
  const program = ts.createProgram([...files, wrong, join(ROOT, "src", "globals.d.ts")], options, host);
  // The diagnostics of the examples (and the program's own), not those of every module of the
  // library they reach: the checker still reads the library's types, without checking its bodies.
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...[...files, wrong].flatMap((f) => {
      const source = program.getSourceFile(f);
      assert.ok(source, f);
      return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    }),
  ];
  assert.ok(
    diagnostics.some((d) => d.file?.fileName === wrong),
    "the type check does not catch a wrong call",
  );
  const problems = diagnostics
    .filter((d) => d.file === undefined || files.includes(d.file.fileName))
    .map((d) => {
      const text = ts.flattenDiagnosticMessageText(d.messageText, "\n");
      if (!d.file || d.start === undefined) return text;
      const { line } = d.file.getLineAndCharacterOfPosition(d.start);
      const { page, block } = runnable[files.indexOf(d.file.fileName)]!;
      return `${page}:${block.line + 1 + line}: ${text}`;
    });
  assert.deepEqual(problems, []);
});
