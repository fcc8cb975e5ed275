// Which image a `docker run` (or `podman run`) launch runs: asked of the same client, `IMAGE image
// inspect`, which answers offline from the daemon's local store. The lock records the image's name,
// its tag as the version, and as the integrity the digest of the image as pulled from its registry
// (the RepoDigest of its own repository), else the image id (the digest of its configuration, for
// an image built or loaded here). Without a daemon, or without the client, nothing is resolved.
import { execFileSync } from "node:child_process";
import { isObject } from "../util/json.js";
import type { PackageResolution } from "./package-spec.js";

// docker run's options that take a value (the value is not the image).
const DOCKER_VALUE_OPTIONS =
  /^(-[aeplvuwhm]|--(env|env-file|publish|label|label-file|volume|volumes-from|user|workdir|hostname|name|network|net|network-alias|mount|entrypoint|platform|pull|memory|memory-swap|memory-reservation|cpus|cpu-shares|cpuset-cpus|add-host|device|cap-add|cap-drop|security-opt|tmpfs|ulimit|log-driver|log-opt|restart|runtime|shm-size|stop-signal|stop-timeout|gpus|dns|dns-search|dns-option|ipc|pid|uts|userns|cgroupns|cgroup-parent|cidfile|attach|expose|link|health-cmd|health-interval|health-retries|health-timeout|health-start-period|isolation|kernel-memory|mac-address|ip|ip6|storage-opt|sysctl|group-add|domainname|annotation))$/;

/** The image a `docker run` argv names, or undefined when it names none. */
export function runImage(argv: readonly string[]): string | undefined {
  let i = 2;
  while (i < argv.length && argv[i]!.startsWith("-")) {
    const a = argv[i]!;
    i += !a.includes("=") && DOCKER_VALUE_OPTIONS.test(a) ? 2 : 1;
  }
  return argv[i];
}

/** An image reference split into its repository and its tag (or digest). */
export function imageReference(ref: string): { name: string; tag: string } {
  const at = ref.indexOf("@");
  if (at >= 0) return { name: ref.slice(0, at), tag: ref.slice(at + 1) };
  const colon = ref.lastIndexOf(":");
  // A colon before the last slash belongs to a registry's port (`host:5000/app`).
  if (colon > ref.lastIndexOf("/")) return { name: ref.slice(0, colon), tag: ref.slice(colon + 1) };
  return { name: ref, tag: "latest" };
}

// The first line the client wrote on stderr, without control characters or the credentials of a
// URL it names (a DOCKER_HOST may carry them), kept short.
function firstLine(text: unknown): string {
  const line = (typeof text === "string" ? text : Buffer.isBuffer(text) ? text.toString("utf8") : "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .find((l) => l !== "");
  const clean = (line ?? "")
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, " ")
    .replace(/(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, "$1***@");
  return clean.length > 200 ? `${clean.slice(0, 199)}…` : clean;
}

/** The image a `docker run` launch runs, from `docker image inspect` (with the launch's env). */
export function resolveImage(
  argv: readonly string[],
  cwd: string,
  env: Record<string, string | undefined>,
): PackageResolution {
  const client = argv[0]!;
  const image = runImage(argv);
  if (image === undefined) return { package: null, reason: "docker run names no image" };
  const childEnv = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
  let out: string;
  try {
    out = execFileSync(client, ["image", "inspect", "--format", "{{json .}}", image], {
      encoding: "utf8",
      cwd,
      env: childEnv,
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 15_000,
      maxBuffer: 8 * 1024 * 1024,
    });
  } catch (e) {
    const err = e as NodeJS.ErrnoException & { stderr?: unknown };
    const why =
      err.code === "ENOENT"
        ? `${client} is not installed`
        : err.code === "ETIMEDOUT"
          ? "it did not answer within 15 s"
          : firstLine(err.stderr) || "it failed";
    return { package: null, reason: `the image ${image} could not be inspected (${why})` };
  }
  let data: unknown;
  try {
    data = JSON.parse(out);
  } catch {
    data = undefined;
  }
  if (!isObject(data) || typeof data.Id !== "string")
    return { package: null, reason: `the image ${image} could not be inspected (no image id in the answer)` };
  const { name, tag } = imageReference(image);
  const digests = Array.isArray(data.RepoDigests)
    ? data.RepoDigests.filter((d) => typeof d === "string")
    : [];
  // Its own repository's digest (an image may be known under several); else any, in a fixed order.
  const own = digests.find((d) => d.slice(0, d.indexOf("@")) === name) ?? [...digests].sort()[0];
  const integrity = own === undefined ? data.Id : own.slice(own.indexOf("@") + 1);
  return { package: { ecosystem: "docker", name, version: tag, integrity } };
}
