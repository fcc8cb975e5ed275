// Which Python package a `uvx` (`uv tool run`) or `pipx run` launch ran, read offline from the
// environments those runners keep: uv's cache (`environments-v2`, each a virtual environment, and
// the tools `uv tool install` made, which uvx prefers), and pipx's cache of `pipx run`
// environments (each with its `pipx_metadata.json`). The version is the installed distribution's
// `*.dist-info/METADATA`; the integrity is `sha256-` and the base64 SHA-256 of its `RECORD` file,
// the installer's list of every installed file with that file's own hash.
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { isObject } from "../util/json.js";
import type { LockedPackage, PackageResolution } from "./package-spec.js";

type Env = Record<string, string | undefined>;

/** A Python requirement as a launch line names it: `name`, `name==1.0`, `name@1.0`, `name[extra]>=1`. */
export interface PythonSpec {
  name: string;
  /** The exact version asked for, if one is. */
  exact?: string;
  /** `name@latest`: the newest, whatever is installed. */
  latest: boolean;
  raw: string;
}

const NAME = /^([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)(\[[^\]]*\])?/;

/** Reads a requirement; undefined for a URL, a path or a file rather than a registry name. */
export function parsePythonSpec(raw: string): PythonSpec | undefined {
  const m = NAME.exec(raw.trim());
  if (!m) return undefined;
  const rest = raw.trim().slice(m[0].length).trim();
  const name = m[1]!;
  if (rest === "") return { name, latest: false, raw };
  if (rest === "@latest") return { name, latest: true, raw };
  const exact = /^(?:@|==)\s*([0-9][0-9A-Za-z.+!-]*)$/.exec(rest);
  if (exact) return { name, exact: exact[1]!, latest: false, raw };
  // A range (`>=1`, `~=1.2`, `!=…`, several joined by commas) is a requirement still; `@ url` is not.
  if (/^(?:[<>=!~]=?|===)/.test(rest)) return { name, latest: false, raw };
  return undefined;
}

/** PEP 503's comparison form of a distribution name. */
const normal = (name: string) => name.toLowerCase().replace(/[-_.]+/g, "-");

const base = (p: string) => (p.split(/[\\/]/).pop() ?? p).toLowerCase().replace(/\.(cmd|exe|ps1)$/, "");

function list(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

const isDir = (p: string) => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

/** The distribution `name` installed in the virtual environment `venv`, if it holds it. */
export function installedDistribution(venv: string, name: string): LockedPackage | undefined {
  const sites = [
    join(venv, "Lib", "site-packages"),
    ...list(join(venv, "lib")).map((d) => join(venv, "lib", d, "site-packages")),
  ];
  for (const site of sites)
    for (const entry of list(site)) {
      if (!entry.endsWith(".dist-info") || normal(entry.slice(0, entry.indexOf("-"))) !== normal(name))
        continue;
      let meta: string;
      let record: Buffer;
      try {
        meta = readFileSync(join(site, entry, "METADATA"), "utf8");
        record = readFileSync(join(site, entry, "RECORD"));
      } catch {
        continue;
      }
      // The headers end at the first blank line; the description follows.
      const headers = meta.split(/\r?\n\r?\n/, 1)[0]!;
      const header = (key: string) => new RegExp(`^${key}:[ \\t]*(.+?)[ \\t]*$`, "mi").exec(headers)?.[1];
      const found = header("Name");
      const version = header("Version");
      if (!found || !version || normal(found) !== normal(name)) continue;
      const integrity = `sha256-${createHash("sha256").update(record).digest("base64")}`;
      return { ecosystem: "pypi", name: found, version, integrity };
    }
  return undefined;
}

/** The one package the candidates agree on, or why there is none. */
function choose(found: LockedPackage[], spec: PythonSpec, where: string, runner: string): PackageResolution {
  const fitting = spec.exact === undefined ? found : found.filter((p) => p.version === spec.exact);
  const distinct = new Map(fitting.map((p) => [`${p.version} ${p.integrity}`, p]));
  const asked = spec.exact === undefined ? spec.name : `${spec.name} ${spec.exact}`;
  if (distinct.size === 1) return { package: [...distinct.values()][0]! };
  if (distinct.size === 0)
    return { package: null, reason: `no environment of ${runner} in ${where} holds ${asked}` };
  const versions = [...new Set([...distinct.values()].map((p) => p.version))].sort().join(", ");
  return {
    package: null,
    reason: `${distinct.size} environments of ${runner} in ${where} hold ${asked} (${versions}): which one ran cannot be told offline`,
  };
}

// uv options that take a value (the value is not the command).
const UV_VALUE_OPTIONS = new Set(
  (
    "--from --with --with-editable --with-requirements -w -p --python --index --default-index " +
    "--index-url -i --extra-index-url --find-links -f --cache-dir --directory --project --config-file " +
    "--constraints -c --overrides --build-constraints -b --refresh-package --reinstall-package " +
    "--upgrade-package -P --index-strategy --keyring-provider --resolution --prerelease --exclude-newer " +
    "--link-mode --color --python-platform --env-file --allow-insecure-host --config-setting -C " +
    "--no-build-package --no-binary-package"
  ).split(" "),
);

function uvCache(env: Env, given: string | undefined, cwd: string): string {
  if (given) return resolve(cwd, given);
  if (env.UV_CACHE_DIR) return resolve(cwd, env.UV_CACHE_DIR);
  if (process.platform === "win32" && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, "uv", "cache");
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, "uv");
  return join(env.HOME || homedir(), ".cache", "uv");
}

function uvToolDir(env: Env): string {
  if (env.UV_TOOL_DIR) return env.UV_TOOL_DIR;
  if (process.platform === "win32" && env.APPDATA) return join(env.APPDATA, "uv", "data", "tools");
  if (env.XDG_DATA_HOME) return join(env.XDG_DATA_HOME, "uv", "tools");
  return join(env.HOME || homedir(), ".local", "share", "uv", "tools");
}

/**
 * Walks a launcher's options from `argv[start]`, telling `seen` each option (`--flag=value` split)
 * with the value that may follow it, and skipping the value of those in `valued`; the first argument
 * that is not an option (the package or command the launcher runs), if any.
 */
function firstOperand(
  argv: readonly string[],
  start: number,
  valued: ReadonlySet<string>,
  seen: (flag: string, value: string | undefined) => void,
): string | undefined {
  for (let i = start; i < argv.length; i++) {
    const a = argv[i]!;
    const inline = a.startsWith("--") && a.includes("=");
    const flag = inline ? a.slice(0, a.indexOf("=")) : a;
    if (a.startsWith("-")) seen(flag, inline ? a.slice(a.indexOf("=") + 1) : argv[i + 1]);
    if (valued.has(flag)) {
      if (!inline) i++;
      continue;
    }
    if (!a.startsWith("-")) return a;
  }
  return undefined;
}

/** True for `uvx …` and `uv tool run …`. */
export function isUvxLaunch(argv: readonly string[]): boolean {
  const tool = base(argv[0] ?? "");
  return tool === "uvx" || (tool === "uv" && argv[1] === "tool" && argv[2] === "run");
}

/** The package a `uvx` / `uv tool run` launch ran, read from uv's cache and tools. */
export function resolveUvx(argv: readonly string[], cwd: string, env: Env): PackageResolution {
  let from: string | undefined;
  let cacheArg: string | undefined;
  let isolated = false;
  let noCache = env.UV_NO_CACHE !== undefined && !/^(0|false|no|off|)$/i.test(env.UV_NO_CACHE);
  const command = firstOperand(
    argv,
    base(argv[0] ?? "") === "uvx" ? 1 : 3,
    UV_VALUE_OPTIONS,
    (flag, value) => {
      // A template, so that the shipped code holds no `from"` a reader of imports could take for one.
      if (flag === `--from`) from = value;
      if (flag === "--cache-dir") cacheArg = value;
      if (flag === "--isolated") isolated = true;
      if (flag === "--no-cache" || flag === "-n") noCache = true;
    },
  );
  const raw = from ?? command;
  if (raw === undefined) return { package: null, reason: "the uvx launch names no package" };
  const spec = parsePythonSpec(raw);
  if (!spec)
    return {
      package: null,
      reason: `uvx runs ${raw}, which is not a package from an index, so it is not checked`,
    };
  if (noCache)
    return { package: null, reason: "uvx runs with --no-cache, from a temporary cache gone after the run" };
  // uvx runs the tool `uv tool install` made, unless told otherwise or asked for another version.
  if (!isolated && !spec.latest) {
    const tool = installedDistribution(join(uvToolDir(env), normal(spec.name)), spec.name);
    if (tool && (spec.exact === undefined || tool.version === spec.exact)) return { package: tool };
  }
  const cache = uvCache(env, cacheArg, cwd);
  // Each entry is a virtual environment (a link into archive-v0, followed).
  const root = join(cache, "environments-v2");
  const found: LockedPackage[] = [];
  for (const entry of list(root)) {
    const p = isDir(join(root, entry)) ? installedDistribution(join(root, entry), spec.name) : undefined;
    if (p) found.push(p);
  }
  return choose(found, spec, root, "uv's cache");
}

// pipx run options that take a value.
const PIPX_VALUE_OPTIONS = new Set(["--spec", "--python", "--index-url", "-i", "--pip-args", "--backend"]);

/** True for `pipx run …`. */
export function isPipxRun(argv: readonly string[]): boolean {
  return base(argv[0] ?? "") === "pipx" && argv[1] === "run";
}

// Where `pipx run` keeps its environments: PIPX_HOME/.cache when PIPX_HOME is set; else the old
// home (~/.local/pipx/.cache) when it exists, or the user cache folder (~/.cache/pipx); the newer
// data home (~/.local/share/pipx/.cache) is looked in too.
function pipxCaches(env: Env): string[] {
  if (env.PIPX_HOME) return [join(env.PIPX_HOME, ".cache")];
  const home = env.HOME || homedir();
  const cacheHome = env.XDG_CACHE_HOME || join(home, ".cache");
  const dataHome = env.XDG_DATA_HOME || join(home, ".local", "share");
  return [join(home, ".local", "pipx", ".cache"), join(cacheHome, "pipx"), join(dataHome, "pipx", ".cache")];
}

/** The package a `pipx run` launch ran, read from pipx's cache of run environments. */
export function resolvePipxRun(argv: readonly string[], env: Env): PackageResolution {
  let specArg: string | undefined;
  let noCache = false;
  const app = firstOperand(argv, 2, PIPX_VALUE_OPTIONS, (flag, value) => {
    if (flag === "--spec") specArg = value;
    if (flag === "--no-cache") noCache = true;
  });
  const raw = specArg ?? app;
  if (raw === undefined) return { package: null, reason: "the pipx run launch names no package" };
  const spec = parsePythonSpec(raw);
  if (!spec)
    return {
      package: null,
      reason: `pipx runs ${raw}, which is not a package from an index, so it is not checked`,
    };
  if (noCache)
    return {
      package: null,
      reason: "pipx run --no-cache runs from a temporary environment gone after the run",
    };
  const caches = pipxCaches(env);
  const found: LockedPackage[] = [];
  for (const cache of caches)
    for (const entry of list(cache)) {
      const venv = join(cache, entry);
      let meta: unknown;
      try {
        meta = JSON.parse(readFileSync(join(venv, "pipx_metadata.json"), "utf8"));
      } catch {
        continue;
      }
      const main = isObject(meta) && isObject(meta.main_package) ? meta.main_package : undefined;
      if (typeof main?.package !== "string" || normal(main.package) !== normal(spec.name)) continue;
      const p = installedDistribution(venv, spec.name);
      if (p) found.push(p);
    }
  return choose(found, spec, caches.join(" or "), "pipx run");
}
