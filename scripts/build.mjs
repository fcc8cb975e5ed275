// Bundles the CLI, the library (its three entries) and the sample server with esbuild, then emits
// type declarations (scripts/declarations.mjs). The CLI is split into chunks so that each command
// loads only the code it needs: start-up time is most of the cost of a run on a small server.
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { emitDeclarations } from "./declarations.mjs";

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

// Node loads an ES module graph one file at a time, and on a busy machine each file is a round trip
// through its thread pool: esbuild's splitting alone gave mcp list some twenty small chunks to load.
// The modules of the lean path (main, mcp list, mcp verify-pin and what they import) are made
// reachable from every module loaded on demand, so that esbuild, which groups modules by the
// entries that reach them, puts them all in one shared chunk. Each module loaded on demand (a
// dynamic import() in src/) must be listed here: the build fails on one that is not.
const src = new URL("../src/", import.meta.url).pathname;
const LEAN_CORE = ["cli/main.ts", "cli/commands/list.ts", "cli/commands/verify-pin.ts"];
const ON_DEMAND = new Set(
  [
    "action/bin.ts",
    "cli/commands/demo.ts",
    "cli/commands/diff.ts",
    "cli/commands/guard-install.ts",
    "cli/commands/guard.ts",
    "cli/commands/lint.ts",
    "cli/commands/list.ts",
    "cli/commands/login.ts",
    "cli/commands/logout.ts",
    "cli/commands/pin.ts",
    "cli/commands/scan.ts",
    "cli/commands/test.ts",
    "cli/commands/verify-pin.ts",
    "cli/lockset.ts",
    "cli/main.ts",
    "guard/serve.ts",
    "guard/upstream.ts",
    "guard/transport.ts",
    "mcp/http.ts",
    "mcp/login.ts",
    "mcp/target.ts",
    "pin/lock-read.ts",
    "report/sarif-reports.ts",
    "report/sarif.ts",
    "score/run.ts",
  ].map((f) => src + f),
);
// Loaded before the lean core, and so never tied to it: the start of a server ahead of the
// command that speaks to it (src/cli/launch-ahead.ts), small enough to load in a moment.
const AHEAD = new Set(["cli/launch-ahead.ts"].map((f) => src + f));
const leanCore = {
  name: "lean-core",
  setup(b) {
    b.onResolve({ filter: /^toolscore:lean-core$/ }, () => ({ path: "lean-core", namespace: "toolscore" }));
    b.onLoad({ filter: /.*/, namespace: "toolscore" }, () => ({
      contents: LEAN_CORE.map((f) => `import ${JSON.stringify(src + f)};`).join("\n"),
      resolveDir: src,
      loader: "ts",
    }));
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (!ON_DEMAND.has(args.path)) return undefined;
      const text = await readFile(args.path, "utf8");
      return { contents: `${text}\nimport "toolscore:lean-core";\n`, loader: "ts" };
    });
    b.onResolve({ filter: /^\./ }, async (args) => {
      if (args.kind !== "dynamic-import" || args.pluginData?.checked) return undefined;
      const found = await b.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: { checked: true },
      });
      if (found.path.startsWith(src) && !ON_DEMAND.has(found.path) && !AHEAD.has(found.path)) {
        return {
          errors: [{ text: `add ${found.path.slice(src.length)} to ON_DEMAND in scripts/build.mjs` }],
        };
      }
      return found;
    });
  },
};

const REQUIRE_SHIM =
  "import { createRequire as __tsCreateRequire } from 'node:module'; const require = __tsCreateRequire(import.meta.url);";

await Promise.all([
  build({
    ...common,
    plugins: [leanCore],
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
    banner: { js: `#!/usr/bin/env node\n${REQUIRE_SHIM}` },
  }),
  // The package's bin: CommonJS, so that `toolscore --version` starts no ES module loader; every
  // other command goes on in dist/cli.js (left an import(), not bundled).
  build({
    ...common,
    format: "cjs",
    entryPoints: { toolscore: "./src/cli/bin-cjs.ts" },
    outExtension: { ".js": ".cjs" },
    outdir: next,
    plugins: [
      {
        name: "esm-bin",
        setup: (b) => b.onResolve({ filter: /^\.\/bin\.js$/ }, () => ({ path: "./cli.js", external: true })),
      },
    ],
    banner: { js: "#!/usr/bin/env node" },
  }),
  // The library's entries (package.json "exports"): ".", "./core" and "./report". Split, so that
  // the entries share one copy of each module (one ToolscoreError class, for instanceof), and so
  // that an entry loads only the modules it reaches: "./core" never loads what starts a process.
  build({
    ...common,
    entryPoints: { index: "./src/index.ts", core: "./src/core.ts", report: "./src/report.ts" },
    outdir: next,
    splitting: true,
    chunkNames: "lib/[name]-[hash]",
    packages: "external",
  }),
]);

// The shim is left out of every file that never names require: importing node:module, whose ES
// module facade costs a cold start a few milliseconds, is then paid only by the chunks of CommonJS
// dependencies (ajv, the SDK's), and the bin imports nothing before it answers --version.
for (const file of [...readdirSync(next), ...readdirSync(`${next}/chunks`).map((f) => `chunks/${f}`)]) {
  if (!file.endsWith(".js")) continue;
  const path = `${next}/${file}`;
  const text = readFileSync(path, "utf8");
  const without = text.replace(`${REQUIRE_SHIM}\n`, "");
  if (without !== text && !/\brequire\b/.test(without)) writeFileSync(path, without);
}
if (readFileSync(`${next}/cli.js`, "utf8").includes(REQUIRE_SHIM)) {
  throw new Error("dist/cli.js needs require(): keep src/cli/bin.ts free of CommonJS dependencies");
}

if (existsSync(dist)) renameSync(dist, old);
renameSync(next, dist);
rmSync(old, { recursive: true, force: true });

if (!process.argv.includes("--no-types")) emitDeclarations(`${dist}/types`);
