// npm run bench: builds nothing; run `npm run build` first. Runs every bench/*.bench.mjs in name
// order; each default-exports an async function that prints its own figures.
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith(".bench.mjs"))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
for (const f of files) {
  console.log(`\n## ${f.replace(/\.bench\.mjs$/, "")}`);
  const mod = await import(join(here, f));
  await mod.default();
}
