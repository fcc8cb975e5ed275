// `docker run IMAGE` launches bound to the image: the real docker client runs `docker image
// inspect` against a fixture Engine API on a unix socket (DOCKER_HOST=unix://…; no daemon runs
// here). The lock records the image's name, its tag and its repository digest; another digest under
// the same tag is pin-package-changed; without a daemon the package is not resolved, and says why.
// For pin and verify-pin the server itself must run: a launcher named `docker` stands in for
// `docker run` (it starts the fixture server) and hands every other command to the real client.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { fixture, ROOT, runCli, tempDir } from "../support/cli.js";
import { resolveLaunchPackage } from "../../src/mcp/launch-package.js";
import { parseLock } from "../../src/pin/lock-read.js";

const DOCKER = (process.env.PATH ?? "")
  .split(delimiter)
  .map((d) => join(d, "docker"))
  .find((p) => existsSync(p));
const skip = DOCKER === undefined && "the docker client is not installed";

const tmp = tempDir("toolscore-pkg-docker-");
const SOCKET = join(tmp.dir, "engine.sock");
const IMAGES = join(tmp.dir, "images.json");
const bin = join(tmp.dir, "bin");
const env = {
  DOCKER_HOST: `unix://${SOCKET}`,
  DOCKER_CONFIG: join(tmp.dir, "docker-config"),
  HOME: join(tmp.dir, "home"),
};
const digest = (c: string) => `sha256:${c.repeat(64)}`;
const setImages = (images: Record<string, unknown>) => writeFileSync(IMAGES, JSON.stringify(images));
let engine: ChildProcess | undefined;

async function startEngine(): Promise<void> {
  engine = spawn(
    process.execPath,
    [join(ROOT, "test", "fixtures", "docker", "engine-api.mjs"), SOCKET, IMAGES],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  await new Promise<void>((done, fail) => {
    engine!.stdout!.once("data", () => done());
    engine!.once("exit", (code) => fail(new Error(`the engine fixture exited (${code})`)));
  });
}
async function stopEngine(): Promise<void> {
  if (!engine || engine.exitCode !== null) return;
  const gone = new Promise((done) => engine!.once("exit", done));
  engine.kill("SIGTERM");
  await gone;
}

before(async () => {
  if (skip) return;
  mkdirSync(bin);
  // Stands in for `docker run` only; `docker image inspect` is the real client's.
  writeFileSync(
    join(bin, "docker"),
    `#!/bin/sh\nif [ "$1" = run ]; then exec "${process.execPath}" "${fixture("three-tools.mjs")}"; fi\nexec "${DOCKER}" "$@"\n`,
  );
  chmodSync(join(bin, "docker"), 0o755);
  setImages({
    "acme/notes:1.0": {
      Id: digest("a"),
      RepoTags: ["acme/notes:1.0"],
      RepoDigests: ["mirror.test/notes@" + digest("9"), "acme/notes@" + digest("b")],
    },
    "local/notes": { Id: digest("c"), RepoTags: ["local/notes:latest"], RepoDigests: [] },
  });
  await startEngine();
});
after(async () => {
  await stopEngine();
  tmp.remove();
});

const resolveWith = (argv: string[], extra: Record<string, string> = {}) =>
  resolveLaunchPackage({ argv, cwd: tmp.dir, baseEnv: { PATH: process.env.PATH, ...env, ...extra } });

test(
  "the real docker client inspects the image on a fixture Engine API: name, tag, repository digest",
  { skip },
  () => {
    assert.deepEqual(
      resolveWith([
        "docker",
        "run",
        "-i",
        "--rm",
        "-e",
        "TOKEN=x",
        "--name",
        "n",
        "acme/notes:1.0",
        "--port",
        "1",
      ]),
      {
        package: { ecosystem: "docker", name: "acme/notes", version: "1.0", integrity: digest("b") },
      },
    );
    // An image built here has no repository digest: its id stands for it.
    assert.deepEqual(resolveWith(["docker", "run", "--rm", "-i", "local/notes"]), {
      package: { ecosystem: "docker", name: "local/notes", version: "latest", integrity: digest("c") },
    });
    assert.deepEqual(resolveWith(["docker", "run", "-i", "acme/absent:2"]), {
      package: null,
      reason:
        "the image acme/absent:2 could not be inspected (Error response from daemon: No such image: acme/absent:2)",
    });
  },
);

test("without a daemon the image is not resolved, and the reason is the client's", { skip }, () => {
  const none = join(tmp.dir, "no-daemon.sock");
  assert.deepEqual(
    resolveWith(["docker", "run", "-i", "acme/notes:1.0"], { DOCKER_HOST: `unix://${none}` }),
    {
      package: null,
      reason: `the image acme/notes:1.0 could not be inspected (Cannot connect to the Docker daemon at unix://${none}. Is the docker daemon running?)`,
    },
  );
  assert.deepEqual(resolveWith(["docker", "run", "-i", "acme/notes:1.0"], { PATH: join(tmp.dir, "empty") }), {
    package: null,
    reason: "the image acme/notes:1.0 could not be inspected (docker is not installed)",
  });
});

interface Finding {
  rule: string;
  failing: boolean;
  package?: { found: { integrity: string } | null; reason: string | null };
}

test(
  "pin records the image; a new digest under the same tag is pin-package-changed; no daemon fails closed",
  { skip },
  async () => {
    const launch = `${join(bin, "docker")} run -i --rm acme/notes:1.0`;
    const lock = join(tmp.dir, "docker.lock.json");
    const r = await runCli(["mcp", "pin", launch, "--lock", lock], { env });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(parseLock(JSON.parse(readFileSync(lock, "utf8"))).package, {
      ecosystem: "docker",
      name: "acme/notes",
      version: "1.0",
      integrity: digest("b"),
    });
    const clean = await runCli(["mcp", "verify-pin", launch, "--lock", lock, "--json", "-"], { env });
    assert.equal(clean.code, 0, clean.stdout);
    // The tag now names another image (pulled again after a push), with the same tools.
    setImages({
      "acme/notes:1.0": {
        Id: digest("d"),
        RepoTags: ["acme/notes:1.0"],
        RepoDigests: ["acme/notes@" + digest("e")],
      },
    });
    const changed = await runCli(["mcp", "verify-pin", launch, "--lock", lock, "--json", "-"], { env });
    assert.equal(changed.code, 1, changed.stdout);
    const findings = (JSON.parse(changed.stdout) as { findings: Finding[] }).findings;
    assert.deepEqual(
      findings.map((f) => [f.rule, f.failing]),
      [["pin-package-changed", true]],
    );
    assert.equal(findings[0]!.package!.found!.integrity, digest("e"));
    // No daemon answers: the package cannot be read, which is never taken for unchanged.
    await stopEngine();
    const down = await runCli(["mcp", "verify-pin", launch, "--lock", lock, "--json", "-"], { env });
    assert.equal(down.code, 1, down.stdout);
    const [f] = (JSON.parse(down.stdout) as { findings: Finding[] }).findings;
    assert.equal(f?.rule, "pin-package-changed");
    assert.equal(f.package!.found, null);
    assert.match(f.package!.reason!, /Cannot connect to the Docker daemon/);
    const unpinned = join(tmp.dir, "no-daemon.lock.json");
    const pinned = await runCli(["mcp", "pin", launch, "--lock", unpinned], { env });
    assert.equal(pinned.code, 0, pinned.stderr);
    assert.match(
      readFileSync(unpinned, "utf8"),
      /"package": null,\n {2}"package_reason": "the image acme\/notes:1\.0 could not be inspected \(Cannot connect to the Docker daemon/,
    );
    const unchecked = await runCli(["mcp", "verify-pin", launch, "--lock", unpinned, "--json", "-"], { env });
    assert.deepEqual(
      (JSON.parse(unchecked.stdout) as { findings: Finding[] }).findings.map((x) => [x.rule, x.failing]),
      [["pin-package-unchecked", false]],
    );
  },
);
