// Which package a launch ran, read from the disk after the run: for `npx [-y] pkg[@spec]`, the
// npx cache folder that run installed into (or the project's own node_modules, which npx uses
// first); for a bin in node_modules/.bin or `node …/node_modules/<pkg>/…`, the installed package.
// The version comes from the installed package.json, the integrity from the nearest
// package-lock.json (or npm's hidden lockfile). `uvx` and `pipx run` are read from their caches
// (launch-python.ts), `docker run IMAGE` from `docker image inspect`; what cannot be resolved is
// reported as not resolved, with the reason.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, realpathSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { isObject } from "../util/json.js";
import { resolveImage } from "./launch-image.js";
import { isPipxRun, isUvxLaunch, resolvePipxRun, resolveUvx } from "./launch-python.js";
import { npxLaunch, parsePackageSpec, type PackageResolution } from "./package-spec.js";

/** The launch to resolve: as a stdio target has it. */
export interface LaunchToResolve {
  argv: readonly string[];
  env?: Record<string, string>;
  cwd?: string;
  /** The environment the launch inherited (default: this process's). */
  baseEnv?: Record<string, string | undefined>;
}

const base = (p: string) => (p.split(/[\\/]/).pop() ?? p).toLowerCase().replace(/\.(cmd|exe|ps1)$/, "");

function readJson(path: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(readFileSync(path, "utf8"));
    return isObject(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** The package a launch runs, or undefined when it runs none (a script of its own, a URL). */
export function resolveLaunchPackage(launch: LaunchToResolve): PackageResolution | undefined {
  const argv = launch.argv;
  const cwd = resolve(launch.cwd ?? ".");
  const env = { ...(launch.baseEnv ?? process.env), ...launch.env };
  const npx = npxLaunch(argv);
  if (npx) return resolveNpx(npx.packages, npx.cache, cwd, env);
  const tool = base(argv[0] ?? "");
  if (isUvxLaunch(argv)) return resolveUvx(argv, cwd, env);
  if (isPipxRun(argv)) return resolvePipxRun(argv, env);
  if (tool === "docker" || tool === "podman")
    return argv[1] === "run" ? resolveImage(argv, cwd, env) : undefined;
  // A bin in node_modules/.bin, or a file of an installed package run by node.
  const file = tool === "node" || tool === "nodejs" ? argv.slice(1).find((a) => !a.startsWith("-")) : argv[0];
  if (file === undefined || !/node_modules/.test(file)) return undefined;
  const root = installedRoot(isAbsolute(file) ? file : resolve(cwd, file));
  if (root === undefined) return { package: null, reason: `${file} is not a file of an installed package` };
  return installedPackage(root);
}

// The folder of the installed package a file belongs to: after the last node_modules, the name
// (two segments for a scope). A bin link is followed to its target first.
function installedRoot(file: string): string | undefined {
  let real: string;
  try {
    real = realpathSync(file);
  } catch {
    return undefined;
  }
  const parts = real.split(sep);
  const at = parts.lastIndexOf("node_modules");
  if (at < 0 || at + 1 >= parts.length) return undefined;
  const len = parts[at + 1]!.startsWith("@") ? 2 : 1;
  if (at + len >= parts.length) return undefined;
  return parts.slice(0, at + 1 + len).join(sep);
}

/** The package installed at `root` (a folder under node_modules): its version and integrity. */
export function installedPackage(root: string): PackageResolution {
  const pkg = readJson(join(root, "package.json"));
  if (!pkg || typeof pkg.name !== "string" || typeof pkg.version !== "string")
    return { package: null, reason: `${root} has no package.json with a name and version` };
  return {
    package: {
      ecosystem: "npm",
      name: pkg.name,
      version: pkg.version,
      integrity: lockedIntegrity(root) ?? (typeof pkg._integrity === "string" ? pkg._integrity : null),
    },
  };
}

// The integrity npm recorded for the package at `root`: the nearest package-lock.json above it
// that lists it, or the hidden lockfile (node_modules/.package-lock.json) of its tree.
function lockedIntegrity(root: string): string | undefined {
  for (let dir = dirname(root); ; dir = dirname(dir)) {
    const candidates = [join(dir, "package-lock.json"), join(dir, "npm-shrinkwrap.json")];
    if (base(dir) === "node_modules") candidates.push(join(dir, ".package-lock.json"));
    for (const file of candidates) {
      const lock = readJson(file);
      const from = base(file) === ".package-lock.json" ? dirname(dir) : dir;
      const entry =
        lock && isObject(lock.packages)
          ? lock.packages[relative(from, root).split(sep).join("/")]
          : undefined;
      if (isObject(entry) && typeof entry.integrity === "string") return entry.integrity;
    }
    if (dirname(dir) === dir) return undefined;
  }
}

// npm's own choice of the npx folder: the first 16 hex digits of the SHA-512 of the packages
// asked for, sorted and joined by newlines. The folder's package.json names them (`_npx.packages`),
// which is checked, and looked for among the others when the hash does not find it.
function npxFolder(npxCache: string, packages: readonly string[]): string | undefined {
  const wanted = [...packages].sort((a, b) => a.localeCompare(b, "en"));
  const holds = (dir: string) => {
    const npxInfo = readJson(join(dir, "package.json"))?._npx;
    const listed = isObject(npxInfo) && Array.isArray(npxInfo.packages) ? npxInfo.packages : undefined;
    return (
      listed !== undefined &&
      [...listed]
        .map(String)
        .sort((a, b) => a.localeCompare(b, "en"))
        .join("\n") === wanted.join("\n")
    );
  };
  const hash = createHash("sha512").update(wanted.join("\n")).digest("hex").slice(0, 16);
  if (holds(join(npxCache, hash))) return join(npxCache, hash);
  let entries: string[];
  try {
    entries = readdirSync(npxCache).sort();
  } catch {
    return undefined;
  }
  return entries.map((e) => join(npxCache, e)).find(holds);
}

function npmCache(env: Record<string, string | undefined>, given: string | undefined, cwd: string): string {
  if (given) return resolve(cwd, given);
  const set = Object.entries(env).find(([k, v]) => k.toLowerCase() === "npm_config_cache" && v);
  if (set) return resolve(cwd, set[1]!);
  if (process.platform === "win32" && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, "npm-cache");
  return join(env.HOME || homedir(), ".npm");
}

function resolveNpx(
  packages: readonly string[],
  cacheArg: string | undefined,
  cwd: string,
  env: Record<string, string | undefined>,
): PackageResolution {
  const spec = parsePackageSpec(packages[0]!);
  if (!spec)
    return {
      package: null,
      reason: `npx runs ${packages[0]!}, which is not a package from a registry, so it is not checked`,
    };
  const cache = npmCache(env, cacheArg, cwd);
  const folder = npxFolder(join(cache, "_npx"), packages);
  if (folder) {
    const found = installedPackage(join(folder, "node_modules", ...spec.name.split("/")));
    if (found.package) return found;
  }
  // npx runs the project's own install when it has one.
  const local = join(cwd, "node_modules", ...spec.name.split("/"));
  if (existsSync(join(local, "package.json"))) return installedPackage(local);
  return {
    package: null,
    reason: `npx's install of ${spec.raw} was not found (in ${join(cache, "_npx")} or ${join(cwd, "node_modules")})`,
  };
}
