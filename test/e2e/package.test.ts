// time limit: 300 s (many server and client processes)
// The package as users get it: packed by npm and installed from what it packed into an empty
// project (its dependencies come from the registry), then run there: the bin, the demo, the library
// and its types. publint checks the package metadata.
import { before, after, test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import {
  cpSync,
  type Dirent,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from "node:fs";
import { builtinModules, createRequire } from "node:module";
import { join, relative, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { publint } from "publint";
import { formatMessage } from "publint/utils";
import { ROOT, tempDir } from "../support/cli.js";

const exec = promisify(execFile);
const require = createRequire(import.meta.url);
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  version: string;
  exports: Record<string, unknown>;
  dependencies: Record<string, string>;
  files: string[];
};

let work: ReturnType<typeof tempDir>;
let project: string;
/** The installed package's folder: what npm packed, unpacked. */
let installed: string;
let packedFiles: string[];

async function run(cmd: string, args: string[], cwd: string, timeout = 120_000) {
  try {
    return await exec(cmd, args, {
      cwd,
      timeout,
      maxBuffer: 16 * 1024 * 1024,
      env: { ...process.env, NO_COLOR: "1" },
    });
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(
      `${cmd} ${args.join(" ")} failed: ${err.message}\n${err.stdout ?? ""}\n${err.stderr ?? ""}`,
    );
  }
}

before(
  async () => {
    work = tempDir("toolscore-package-");
    // Packed from a copy, so that npm's lifecycle (a build) never touches the checkout's dist while
    // other tests use it. The copy holds what `files` names, and the declarations of a full build.
    const staged = join(work.dir, "staged");
    mkdirSync(staged);
    for (const f of ["package.json", "README.md", "dist"])
      cpSync(join(ROOT, f), join(staged, f), { recursive: true });
    if (!existsSync(join(staged, "dist", "types", "index.d.ts"))) {
      // A `--no-types` build: make the declarations the full build would, as it makes them.
      const { emitDeclarations } = (await import(
        pathToFileURL(join(ROOT, "scripts", "declarations.mjs")).href
      )) as { emitDeclarations(to: string): void };
      emitDeclarations(join(staged, "dist", "types"));
    }
    project = join(work.dir, "project");
    mkdirSync(project);
    writeFileSync(
      join(project, "package.json"),
      JSON.stringify({ name: "uses-toolscore", private: true, type: "module" }),
    );
    // One run of npm packs the copy as `npm pack` does (its packlist, into a tarball) and installs
    // that tarball: --install-links installs a folder from its pack, not as a link. The copy has no
    // build to run, and the dependencies have no install scripts.
    await run(
      "npm",
      [
        "install",
        staged,
        "--install-links",
        "--ignore-scripts",
        "--no-audit",
        "--no-fund",
        // Nothing here reads a package-lock.json of the project.
        "--no-package-lock",
        "--prefer-offline",
        "--loglevel=error",
      ],
      project,
      180_000,
    );
    installed = join(project, "node_modules", "toolscore");
    packedFiles = (readdirSync(installed, { recursive: true, withFileTypes: true }) as Dirent[])
      .filter((d) => d.isFile())
      .map((d) => relative(installed, join(d.parentPath, d.name)).split(sep).join("/"))
      .sort();
  },
  { timeout: 300_000 },
);
after(() => work?.remove());

test("what npm packs holds the bundles, the declarations, the README and package.json, nothing else", () => {
  const outside = packedFiles.filter((f) => !/^(dist\/|README\.md$|package\.json$|LICENSE$)/.test(f));
  assert.deepEqual(outside, []);
  for (const f of [
    "dist/toolscore.cjs",
    "dist/cli.js",
    "dist/index.js",
    "dist/core.js",
    "dist/report.js",
    "dist/notes-server.js",
    "dist/types/index.d.ts",
    "dist/types/core.d.ts",
    "dist/types/report.d.ts",
  ]) {
    assert.ok(packedFiles.includes(f), `${f} is missing from the package`);
  }
  // The action runs from its own checkout, not from the package; tests and sources stay home.
  assert.ok(!packedFiles.includes("dist/action.js"));
  assert.deepEqual(
    packedFiles.filter((f) =>
      /(^|\/)(test|src|bench|scripts|examples)\/|\.test\.|\.map$|\.tsbuildinfo$/.test(f),
    ),
    [],
  );
  assert.deepEqual(
    packedFiles.filter((f) => f.startsWith("dist/types/") && !f.endsWith(".d.ts")),
    [],
  );
});

test("the shipped code imports only Node built-ins and the package's dependencies", () => {
  const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
  const deps = Object.keys(pkg.dependencies);
  const wrong = new Set<string>();
  for (const f of packedFiles.filter((x) => x.endsWith(".js") || x.endsWith(".d.ts"))) {
    const text = readFileSync(join(installed, f), "utf8");
    for (const m of text.matchAll(
      /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^import\s+)["']([^"'./][^"']*)["']/gm,
    )) {
      const spec = m[1]!;
      const name = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!;
      if (!builtins.has(spec) && !builtins.has(name) && !deps.includes(name)) wrong.add(`${f}: ${spec}`);
    }
  }
  assert.deepEqual([...wrong], []);
});

test("publint finds nothing to fix in the package", async () => {
  // The files npm packed (what ships, and only that), rather than a second pack by publint.
  const { messages, pkg: manifest } = await publint({
    pkgDir: installed,
    pack: {
      files: packedFiles.map((f) => ({ name: join(installed, f), data: readFileSync(join(installed, f)) })),
    },
    strict: true,
    level: "warning",
  });
  assert.deepEqual(
    messages.map((m) => `${m.type}: ${formatMessage(m, manifest) ?? m.code}`),
    [],
  );
});

// The bin as npm linked it into node_modules/.bin from the package's `bin` field: what npx and a
// package script run.
const installedBin = () => join(project, "node_modules", ".bin", "toolscore");

test("the installed bin prints the package's version", async () => {
  const { stdout } = await run(installedBin(), ["--version"], project);
  assert.equal(stdout, `${pkg.version}\n`);
});

test("the installed bin's demo runs end to end on the installed sample server: it pins it and catches the rug pull live", async () => {
  const { stdout } = await run(installedBin(), ["demo"], project);
  assert.match(stdout, /^1\. /m);
  assert.match(stdout, /Pinned 8 tools of notes-server 1\.0\.0/);
  assert.match(
    stdout,
    /new tool 'run_command' can exec \(name 'run' \+ 'command'; description 'Runs a shell command'\)/,
  );
  assert.match(stdout, /Pin check: FAIL \(3 failing of 3 finding\(s\), --fail-on drift\)/);
});

// The library and the entries are used by one script of the project, run once: a process of its
// own, where "toolscore" resolves as a user's import does. Each test below reads its part.
const ENTRIES = Object.keys(pkg.exports)
  .filter((k) => k !== "./package.json")
  .map((k) => (k === "." ? "toolscore" : `toolscore${k.slice(1)}`));
let uses: Promise<{ library: Record<string, unknown>; entries: Record<string, string[]> }> | undefined;
function installedUses(): NonNullable<typeof uses> {
  if (uses) return uses;
  // The rug-pulled side is the saved snapshot of the sample server's rug-pulled mode (kept true by
  // pin-examples.test.ts); the clean side is connected to live.
  const rugpullFile = join(ROOT, "examples", "pinning", "notes-rugpull.json");
  writeFileSync(
    join(project, "uses.mjs"),
    `import { MCPStdioClient, ServerSnapshot, buildLock, verifyPin, diffSnapshots, lintTools } from "toolscore";
import { fileURLToPath } from "node:url";

const server = fileURLToPath(new URL("./node_modules/toolscore/dist/notes-server.js", import.meta.url));
const client = await MCPStdioClient.connect([process.execPath, server]);
let clean;
try {
  clean = await ServerSnapshot.fromClient(client);
} finally {
  await client.close();
}
const rugpull = ServerSnapshot.read(${JSON.stringify(rugpullFile)});
const lock = buildLock(clean);
const library = {
  tools: clean.tools.map((t) => t.name),
  lockTools: lock.tools.length,
  cleanOk: verifyPin(lock, clean, { failOn: "drift" }).ok,
  rugpullOk: verifyPin(lock, rugpull, { failOn: "drift" }).ok,
  breaking: diffSnapshots(clean, rugpull).breaking.map((b) => b.kind),
  lintRules: [...new Set(lintTools(clean.tools).map((f) => f.rule))].sort(),
};
const entries = {};
for (const e of ${JSON.stringify(ENTRIES)}) entries[e] = Object.keys(await import(e)).sort();
console.log(JSON.stringify({ library, entries }));
`,
  );
  uses = run(process.execPath, ["uses.mjs"], project).then(
    ({ stdout }) => JSON.parse(stdout) as Awaited<NonNullable<typeof uses>>,
  );
  return uses;
}

test("the library from the installed package: connect, snapshot, lock, verify, diff", async () => {
  const out = (await installedUses()).library;
  assert.ok((out.tools as string[]).includes("search_notes"));
  assert.equal(out.lockTools, (out.tools as string[]).length);
  assert.equal(out.cleanOk, true);
  assert.equal(out.rugpullOk, false);
  // The new run_command tool, and search_notes' description that now sends data away.
  assert.deepEqual(out.breaking, ["capability-added", "lint-error-added"]);
  assert.ok((out.lintRules as string[]).includes("property-no-type"));
});

test("every entry of the package's exports imports from the installed package, by name", async () => {
  assert.deepEqual(ENTRIES, ["toolscore", "toolscore/core", "toolscore/report"]);
  const names = (await installedUses()).entries;
  assert.deepEqual(Object.keys(names), ENTRIES);
  assert.ok(names["toolscore"]!.includes("verifyServer"));
  assert.ok(names["toolscore/core"]!.includes("verifyPin"));
  assert.ok(names["toolscore/report"]!.includes("renderPinReport"));
  assert.ok(!names["toolscore"]!.includes("renderPinReport"), "the renderers are in toolscore/report only");
});

test("the installed types: a TypeScript user's import resolves through exports (types first)", async () => {
  writeFileSync(
    join(project, "check.ts"),
    `import { buildLock, verifyPin, verifyServer, type Lock, type PinReport, type ServerDiff } from "toolscore";
import { ServerSnapshot } from "toolscore";
import { verifyPin as pureVerifyPin, LINT_RULES, type LintRule } from "toolscore/core";
import { renderPinReport, renderDiff } from "toolscore/report";
declare const snapshot: ServerSnapshot;
declare const diff: ServerDiff;
const lock: Lock = buildLock(snapshot);
const report: PinReport = verifyPin(lock, snapshot, { failOn: "drift" });
const ok: boolean = report.ok && pureVerifyPin(lock, snapshot).ok;
const text: string = renderPinReport(report) + renderDiff(diff);
const rules: readonly LintRule[] = LINT_RULES;
const checked: Promise<PinReport> = verifyServer("node server.js", lock).then((r) => r.report);
// @ts-expect-error failOn takes only the documented modes
verifyPin(lock, snapshot, { failOn: "sometimes" });
// @ts-expect-error the renderers are not in the root
import("toolscore").then((m) => m.renderPinReport);
export { ok, text, rules, checked };
`,
  );
  writeFileSync(
    join(project, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        module: "nodenext",
        moduleResolution: "nodenext",
        target: "es2022",
        strict: true,
        noEmit: true,
        // The declarations are checked where they are made; here only their resolution and use.
        skipLibCheck: true,
        types: [],
        lib: ["es2023", "esnext.disposable"],
        typeRoots: [join(ROOT, "node_modules", "@types")],
      },
      files: ["check.ts"],
    }),
  );
  await run(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", "tsconfig.json"], project);
  assert.ok(readdirSync(join(project, "node_modules", "toolscore", "dist", "types")).includes("index.d.ts"));
});
