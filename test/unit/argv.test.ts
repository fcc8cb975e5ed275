import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { joinCommand, splitCommand } from "../../src/mcp/argv.js";
import { isToolscoreError } from "../../src/util/errors.js";
import { runs } from "../support/runs.js";

const cases: Array<[string, string[]]> = [
  ["python server.py", ["python", "server.py"]],
  ["  npx   -y pkg@1.0 ", ["npx", "-y", "pkg@1.0"]],
  [`node "my server.js" --name 'a b'`, ["node", "my server.js", "--name", "a b"]],
  [`echo a\\ b`, ["echo", "a b"]],
  [`echo "say \\"hi\\""`, ["echo", `say "hi"`]],
  [`echo 'it''s'`, ["echo", "its"]],
  [`echo "" x`, ["echo", "", "x"]],
  [`echo $HOME;rm -rf /`, ["echo", "$HOME;rm", "-rf", "/"]],
  [`echo "a\\nb"`, ["echo", "a\\nb"]],
];

for (const [input, expected] of cases) {
  test(`splitCommand(${JSON.stringify(input)})`, () => {
    assert.deepEqual(splitCommand(input), expected);
  });
}

for (const bad of [`node "unclosed`, `node 'unclosed`, "   ", `node \\`]) {
  test(`splitCommand rejects ${JSON.stringify(bad)} with a usage error`, () => {
    assert.throws(
      () => splitCommand(bad),
      (e) => isToolscoreError(e, "USAGE"),
    );
  });
}

test("splitCommand undoes POSIX single-quoting of any argv (property)", () => {
  const quote = (a: string) => `'${a.replace(/'/g, `'\\''`)}'`;
  fc.assert(
    fc.property(fc.array(fc.string({ unit: "binary" }), { minLength: 1 }), (argv) => {
      assert.deepEqual(splitCommand(argv.map(quote).join(" ")), argv);
    }),
    { numRuns: runs(100) },
  );
});

test("joinCommand gives one argument that splitCommand splits back into the argv (property)", () => {
  const word = fc.oneof(
    fc.string({ unit: "binary" }),
    fc.constantFrom("--", "-y", "", "a b", "it's", "${X}"),
  );
  fc.assert(
    fc.property(fc.array(word, { minLength: 1 }), (argv) => {
      const line = joinCommand(argv);
      assert.deepEqual(splitCommand(line), argv);
      assert.ok(!line.startsWith("-"), "never reads as an option");
    }),
    { numRuns: runs(200) },
  );
});

test("joinCommand leaves plain words as they are", () => {
  assert.equal(joinCommand(["npx", "-y", "notes-mcp@1.0.0"]), "npx -y notes-mcp@1.0.0");
  assert.equal(joinCommand(["-x", "a b", "it's"]), `'-x' 'a b' 'it'\\''s'`);
});
