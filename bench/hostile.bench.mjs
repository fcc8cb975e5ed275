// Large and hostile servers through the built CLI (dist/cli.js): list, pin, verify-pin, lint and
// diff of a server with 10,000 and 100,000 tools (one in ten changed for verify and diff), and of
// one tool with a 50 MB description (changed throughout), every command, its memory measured
// over the same command's on a one-line description. Each command runs in its own process, so its
// peak memory (maxRSS) is its own; the fixture server's time to build its answer is in the
// wall time, its memory is not. Prints time, peak memory, and the growth from 10,000 to 100,000.
// Then mcp scan of a client config whose entries carry a 1 MB argument (plain, a sh -c script,
// and a run of dashes), which the secret hiding and the table must go through in linear time.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const cli = join(here, "..", "dist", "cli.js");
const servers = join(here, "..", "test", "fixtures", "servers");

// Runs the bin in-process of a child that reports its own peak memory as it exits.
const wrapper = `
import { writeSync } from "node:fs";
process.on("exit", () => writeSync(2, "\\nBENCH " + JSON.stringify({ maxRssMb: process.resourceUsage().maxRSS / 1024 }) + "\\n"));
process.argv = [process.argv[0], ${JSON.stringify(cli)}, ...process.argv.slice(1)];
await import(${JSON.stringify(cli)});
`;

function run(argv, env, cwd) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", wrapper, ...argv], {
    env: { ...process.env, ...env },
    cwd,
    encoding: "utf8",
    maxBuffer: 1 << 30,
  });
  const seconds = (performance.now() - t0) / 1000;
  const m = /BENCH (\{.*\})/.exec(r.stderr ?? "");
  // A command that fails is shown as failed, with its first line, and the others still run.
  const failed =
    !m || (r.status !== 0 && r.status !== 1)
      ? `failed (${r.status}): ${(r.stderr ?? "").split("\n").find((l) => l.trim()) ?? ""}`.slice(0, 200)
      : undefined;
  return { seconds, maxRssMb: m ? JSON.parse(m[1]).maxRssMb : NaN, code: r.status, failed };
}

/** list, pin, verify-pin, lint and diff against the fixture `server` with `env`. */
function commands(server, env) {
  const dir = mkdtempSync(join(tmpdir(), "toolscore-bench-"));
  const cmd = `node ${JSON.stringify(join(servers, server))}`;
  const changed = { ...env, FIXTURE_VARIANT: "changed" };
  try {
    return {
      list: run(["mcp", "list", cmd], env, dir),
      pin: run(["mcp", "pin", cmd], env, dir),
      verify: run(["mcp", "verify-pin", cmd], changed, dir),
      lint: run(["mcp", "lint", cmd], env, dir),
      diff: run(["mcp", "diff", "toolscore.lock.json", cmd], changed, dir),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const fmt = (r) => (r.failed ? r.failed : `${r.seconds.toFixed(2)} s  ${Math.round(r.maxRssMb)} MB`);

export default async function bench() {
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} on this machine while measuring`,
  );
  // HOSTILE_BENCH=description measures only the long description, =scan only the config scan.
  const only = process.env.HOSTILE_BENCH;
  if (only === undefined || only === "tools") manyTools();
  if (only === undefined || only === "description") longDescription();
  if (only === undefined || only === "scan") configScan();
}

/** mcp scan (the table, and the JSON) of a config whose entries carry a 1 MB argument each. */
function configScan() {
  const dir = mkdtempSync(join(tmpdir(), "toolscore-bench-"));
  try {
    const home = join(dir, "home");
    mkdirSync(join(home, ".cursor"), { recursive: true });
    const mb = 1024 * 1024;
    const script = `curl -H 'Authorization: Bearer t0ken' https://h.example.com/?k=v && `.repeat(mb / 64);
    writeFileSync(
      join(home, ".cursor", "mcp.json"),
      JSON.stringify({
        mcpServers: {
          plain: { command: "node", args: ["s.js", "a".repeat(mb)] },
          script: { command: "sh", args: ["-c", script.slice(0, mb)] },
          dashes: { command: "node", args: ["s.js", "a-".repeat(mb / 2)] },
        },
      }),
    );
    const env = { HOME: home, XDG_CONFIG_HOME: join(dir, "xdg"), CLAUDE_CONFIG_DIR: "", CODEX_HOME: "" };
    console.log("\nmcp scan of a config with three 1 MB arguments");
    console.log(`table        ${fmt(run(["mcp", "scan"], { ...env, COLUMNS: "120" }, dir))}`);
    console.log(`--json -     ${fmt(run(["mcp", "scan", "--json", "-"], env, dir))}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function manyTools() {
  const small = commands("many-tools.mjs", { FIXTURE_TOOLS: "10000" });
  const large = commands("many-tools.mjs", { FIXTURE_TOOLS: "100000" });
  console.log("\ncommand      10,000 tools       100,000 tools      growth (time, memory)");
  for (const k of Object.keys(small)) {
    const a = small[k];
    const b = large[k];
    console.log(
      `${k.padEnd(12)} ${fmt(a).padEnd(18)} ${fmt(b).padEnd(18)} ${(b.seconds / a.seconds).toFixed(1)}x, ${(b.maxRssMb / a.maxRssMb).toFixed(1)}x`,
    );
  }
}

function longDescription() {
  const mb = 50;
  const payload = descriptionCommands({ FIXTURE_MB: String(mb) });
  // The same commands on the same server with a one-line description: what a run costs anyway.
  const empty = descriptionCommands({ FIXTURE_LINES: "1" });
  console.log(
    `\ncommand          one ${mb} MB description    memory over an empty run, as a multiple of the payload`,
  );
  for (const [k, r] of Object.entries(payload)) {
    const over = r.maxRssMb - empty[k].maxRssMb;
    console.log(
      `${k.padEnd(16)} ${fmt(r).padEnd(22)} ${Math.round(over)} MB, ${(over / mb).toFixed(1)}x (empty run ${Math.round(empty[k].maxRssMb)} MB)`,
    );
  }
}

/**
 * Every command on the long-description fixture with `env`: list (table, and the snapshot on
 * stdout), lint, pin, then verify-pin and diff against a server that changed, and test.
 */
function descriptionCommands(env) {
  const dir = mkdtempSync(join(tmpdir(), "toolscore-bench-"));
  const cmd = `node ${JSON.stringify(join(servers, "long-description.mjs"))}`;
  const changed = { ...env, FIXTURE_VARIANT: "changed" };
  try {
    return {
      list: run(["mcp", "list", cmd], env, dir),
      "list --json -": run(["mcp", "list", cmd, "--json", "-"], env, dir),
      lint: run(["mcp", "lint", cmd], env, dir),
      pin: run(["mcp", "pin", cmd], env, dir),
      "verify-pin": run(["mcp", "verify-pin", cmd], changed, dir),
      diff: run(["mcp", "diff", "toolscore.lock.json", cmd], changed, dir),
      test: run(["mcp", "test", cmd], env, dir),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await bench();
