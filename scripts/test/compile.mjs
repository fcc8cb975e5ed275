// The TypeScript of src/ and test/, compiled once, up front, with esbuild (as tsx would, one file
// at a time, names kept), into a folder of plain JavaScript laid out as the checkout is, so that
// each test file runs there with plain node: loading tsx and compiling its imports cost each file
// close to a CPU second. `import.meta.url`, `dirname` and `filename` keep the values of the source
// file, so that the paths a test computes from them (fixtures, dist/, the checkout) are the same as
// under tsx; every other file of the checkout (test/fixtures, the generated src/schema/meta/, dist/,
// eslint.config.js, ...) is linked in, so that a relative import finds what it finds beside the
// sources.
import { transform } from "esbuild";
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

/** Compiles the TypeScript of `root`'s src/ and test/ into `out`, laid out as the checkout is. */
export async function compileCheckout(root, out) {
  const { compilerOptions } = JSON.parse(readFileSync(join(root, "tsconfig.json"), "utf8"));
  const jobs = [];
  const visit = (rel) => {
    for (const entry of readdirSync(join(root, rel), { withFileTypes: true })) {
      const from = join(rel, entry.name);
      const source = join(root, from);
      const target = join(out, from);
      if (entry.isDirectory() && entry.name !== "fixtures") {
        mkdirSync(target, { recursive: true });
        visit(from);
      } else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")) {
        const define = {
          "import.meta.url": JSON.stringify(pathToFileURL(source).href),
          "import.meta.dirname": JSON.stringify(dirname(source)),
          "import.meta.filename": JSON.stringify(source),
        };
        jobs.push(
          transform(readFileSync(source, "utf8"), {
            loader: "ts",
            format: "esm",
            platform: "node",
            target: "node20",
            keepNames: true,
            define,
            tsconfigRaw: { compilerOptions },
            sourcefile: source,
          }).then((r) => writeFileSync(target.replace(/\.ts$/, ".js"), r.code)),
        );
      } else {
        symlinkSync(source, target);
      }
    }
  };
  for (const top of readdirSync(root)) {
    if (top === "node_modules") continue;
    if (top === "src" || top === "test") {
      mkdirSync(join(out, top));
      visit(top);
    } else {
      symlinkSync(join(root, top), join(out, top));
    }
  }
  await Promise.all(jobs);
}
