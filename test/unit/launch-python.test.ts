// Reading what a `uvx` / `uv tool run` / `pipx run` launch ran from the environments those runners
// keep, laid out on the disk as uv and pipx write them (neither tool runs here): one environment is
// recorded with its version and the SHA-256 of its RECORD; none, or several that differ, is
// `package: null` with the reason.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { tempDir } from "../support/cli.js";
import {
  pipxRunEnvironment,
  recordOf,
  sha256Integrity,
  uvEnvironment,
  virtualEnvironment,
} from "../support/python-caches.js";
import { resolveLaunchPackage } from "../../src/mcp/launch-package.js";
import { parsePythonSpec } from "../../src/mcp/launch-python.js";

const tmp = tempDir("toolscore-launch-python-");
after(() => tmp.remove());
const NAME = "mcp-server-notes";
let n = 0;
const fresh = () => join(tmp.dir, `case-${n++}`);

const resolveIn = (argv: string[], env: Record<string, string>) =>
  resolveLaunchPackage({ argv, cwd: tmp.dir, baseEnv: { HOME: join(tmp.dir, "no-home"), ...env } });

test("parsePythonSpec reads names, exact versions, ranges and @latest, and refuses URLs and paths", () => {
  const cases: Array<[string, ReturnType<typeof parsePythonSpec>]> = [
    ["mcp-server-git", { name: "mcp-server-git", latest: false, raw: "mcp-server-git" }],
    [
      "mcp-server-git@0.6.2",
      { name: "mcp-server-git", exact: "0.6.2", latest: false, raw: "mcp-server-git@0.6.2" },
    ],
    ["mcp_server==1.0.0", { name: "mcp_server", exact: "1.0.0", latest: false, raw: "mcp_server==1.0.0" }],
    ["pkg[cli]>=1,<2", { name: "pkg", latest: false, raw: "pkg[cli]>=1,<2" }],
    ["pkg@latest", { name: "pkg", latest: true, raw: "pkg@latest" }],
    ["git+https://github.com/acme/pkg", undefined],
    ["./vendor/pkg", undefined],
    ["pkg @ https://example.test/pkg.whl", undefined],
  ];
  for (const [raw, want] of cases) assert.deepEqual(parsePythonSpec(raw), want, raw);
});

test("uvx: the one environment in uv's cache holding the package is recorded with its RECORD's SHA-256", () => {
  const cache = fresh();
  const venv = uvEnvironment(cache, NAME, "1.0.0");
  const want = {
    ecosystem: "pypi",
    name: NAME,
    version: "1.0.0",
    integrity: sha256Integrity(recordOf(venv, NAME, "1.0.0")),
  };
  for (const argv of [
    ["uvx", NAME],
    ["uvx", "--python", "3.12", `${NAME}@1.0.0`, "--flag"],
    ["uvx", `--from=${NAME}==1.0.0`, "notes"],
    ["/opt/bin/uv", "tool", "run", "--from", NAME, "notes"],
  ])
    assert.deepEqual(resolveIn(argv, { UV_CACHE_DIR: cache }), { package: want }, argv.join(" "));
  // Without UV_CACHE_DIR: $XDG_CACHE_HOME/uv; --cache-dir wins over both.
  assert.deepEqual(resolveIn(["uvx", NAME], { XDG_CACHE_HOME: join(cache, "..") }), {
    package: null,
    reason: `no environment of uv's cache in ${join(cache, "..", "uv", "environments-v2")} holds ${NAME}`,
  });
  assert.deepEqual(resolveIn(["uvx", "--cache-dir", cache, NAME], { UV_CACHE_DIR: fresh() }), {
    package: want,
  });
});

test("uvx: several environments that differ are not guessed between, unless the launch names the version", () => {
  const cache = fresh();
  uvEnvironment(cache, NAME, "1.0.0");
  const newer = uvEnvironment(cache, NAME, "1.1.0");
  const env = { UV_CACHE_DIR: cache };
  assert.deepEqual(resolveIn(["uvx", NAME], env), {
    package: null,
    reason: `2 environments of uv's cache in ${join(cache, "environments-v2")} hold ${NAME} (1.0.0, 1.1.0): which one ran cannot be told offline`,
  });
  assert.equal(
    resolveIn(["uvx", `${NAME}==1.1.0`], env)?.package?.integrity,
    sha256Integrity(recordOf(newer, NAME, "1.1.0")),
  );
  assert.deepEqual(resolveIn(["uvx", `${NAME}@2.0.0`], env), {
    package: null,
    reason: `no environment of uv's cache in ${join(cache, "environments-v2")} holds ${NAME} 2.0.0`,
  });
  // Two environments with the same install (another Python, other --with) are one package.
  const same = fresh();
  uvEnvironment(same, NAME, "1.0.0", "a");
  uvEnvironment(same, NAME, "1.0.0", "b");
  assert.equal(resolveIn(["uvx", NAME], { UV_CACHE_DIR: same })?.package?.version, "1.0.0");
});

test("uvx runs the tool uv tool install made, unless --isolated or @latest", () => {
  const cache = fresh();
  uvEnvironment(cache, NAME, "1.1.0");
  const tools = fresh();
  virtualEnvironment(join(tools, NAME), NAME, "1.0.0", "uv");
  const env = { UV_CACHE_DIR: cache, UV_TOOL_DIR: tools };
  assert.equal(resolveIn(["uvx", NAME], env)?.package?.version, "1.0.0");
  assert.equal(resolveIn(["uvx", "--isolated", NAME], env)?.package?.version, "1.1.0");
  assert.equal(resolveIn(["uvx", `${NAME}@latest`], env)?.package?.version, "1.1.0");
  assert.equal(resolveIn(["uvx", `${NAME}==1.1.0`], env)?.package?.version, "1.1.0");
});

test("uvx launches that name no package from an index, or run without a cache, are not resolved", () => {
  const env = { UV_CACHE_DIR: fresh() };
  assert.deepEqual(resolveIn(["uvx", "--from", "git+https://github.com/acme/notes", "notes"], env), {
    package: null,
    reason:
      "uvx runs git+https://github.com/acme/notes, which is not a package from an index, so it is not checked",
  });
  assert.deepEqual(resolveIn(["uvx", "--no-cache", NAME], env), {
    package: null,
    reason: "uvx runs with --no-cache, from a temporary cache gone after the run",
  });
});

test("pipx run: the run environment under PIPX_HOME/.cache whose metadata names the package", () => {
  const home = fresh();
  const venv = pipxRunEnvironment(join(home, ".cache"), NAME, "1.0.0");
  pipxRunEnvironment(join(home, ".cache"), "other-tool", "3.0.0");
  const want = {
    ecosystem: "pypi",
    name: NAME,
    version: "1.0.0",
    integrity: sha256Integrity(recordOf(venv, NAME, "1.0.0")),
  };
  for (const argv of [
    ["pipx", "run", NAME],
    ["pipx", "run", "--python", "python3.12", "--spec", `${NAME}==1.0.0`, "notes", "--port", "1"],
  ])
    assert.deepEqual(resolveIn(argv, { PIPX_HOME: home }), { package: want }, argv.join(" "));
  pipxRunEnvironment(join(home, ".cache"), NAME, "1.2.0");
  assert.match(
    (resolveIn(["pipx", "run", NAME], { PIPX_HOME: home }) as { reason: string }).reason,
    /^2 environments of pipx run in .* hold mcp-server-notes \(1\.0\.0, 1\.2\.0\): which one ran cannot be told offline$/,
  );
  // Without PIPX_HOME: the user cache folder (~/.cache/pipx) among the places pipx uses.
  const user = fresh();
  pipxRunEnvironment(join(user, ".cache", "pipx"), NAME, "1.0.0");
  assert.equal(resolveIn(["pipx", "run", NAME], { HOME: user })?.package?.version, "1.0.0");
  assert.deepEqual(resolveIn(["pipx", "run", "--no-cache", NAME], { PIPX_HOME: home }), {
    package: null,
    reason: "pipx run --no-cache runs from a temporary environment gone after the run",
  });
  assert.match(
    (resolveIn(["pipx", "run", "absent-tool"], { PIPX_HOME: home }) as { reason: string }).reason,
    /^no environment of pipx run in .* holds absent-tool$/,
  );
});
