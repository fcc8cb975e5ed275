// Bundles the CLI, the library and the sample server with esbuild, then emits type declarations.
// The CLI is split into chunks so that each command loads only the code it needs: start-up time is
// most of the cost of a run on a small server.
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

// The meta-schema validators the schema seam imports (src/schema/meta/), generated from ajv.
execFileSync(process.execPath, [new URL("./meta-validators.mjs", import.meta.url).pathname], {
  stdio: "inherit",
});
const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));

// The 2025-era protocol versions come from the installed SDK, read at build time, so that the lean
// stdio path offers what the SDK supports without loading the SDK's schema modules at run time.
const { latest, supported } = require("./sdk-protocol.cjs").sdkLegacyProtocols();

const define = {
  __TOOLSCORE_VERSION__: JSON.stringify(pkg.version),
  __MCP_LATEST_PROTOCOL__: JSON.stringify(latest),
  // A string, not an array: an array define becomes a module of its own in every bundle.
  __MCP_SUPPORTED_PROTOCOLS__: JSON.stringify(supported.join(",")),
};

// Build into a fresh folder and swap it in, so that a run of dist/cli.js during a build (tests,
// another terminal) sees the old bundle or the new one, never a half-written one.
const dist = new URL("../dist", import.meta.url).pathname;
// Under node_modules, which every tool ignores, and on the same file system for the renames.
const scratch = new URL("../node_modules/.cache/toolscore-build", import.meta.url).pathname;
mkdirSync(scratch, { recursive: true });
const next = `${scratch}/next-${process.pid}`;
const old = `${scratch}/old-${process.pid}`;
rmSync(next, { recursive: true, force: true });

const common = {
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  define,
  logLevel: "warning",
  legalComments: "none",
};

await Promise.all([
  build({
    ...common,
    entryPoints: {
      cli: "./src/cli/bin.ts",
      "notes-server": "./src/sample/bin.ts",
      // The GitHub Action's entry (action.yml); it shares the CLI's chunks.
      action: "./src/action/bin.ts",
    },
    outdir: next,
    splitting: true,
    // jsonc-parser's main file is a UMD wrapper whose require() calls a bundler cannot follow; its
    // ES module build bundles cleanly. (The library leaves it to Node, which loads the UMD file.)
    alias: { "jsonc-parser": "jsonc-parser/lib/esm/main.js" },
    chunkNames: "chunks/[name]-[hash]",
    // Bundled dependencies that are CommonJS need a require() in ESM output.
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire as __tsCreateRequire } from 'node:module'; const require = __tsCreateRequire(import.meta.url);",
    },
  }),
  build({
    ...common,
    entryPoints: { index: "./src/index.ts" },
    outdir: next,
    packages: "external",
  }),
]);

if (existsSync(dist)) renameSync(dist, old);
renameSync(next, dist);
rmSync(old, { recursive: true, force: true });

if (!process.argv.includes("--no-types")) {
  execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", "tsconfig.build.json"], {
    stdio: "inherit",
  });
}
