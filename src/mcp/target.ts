import { closeSync, openSync, readSync } from "node:fs";
import { resolve } from "node:path";
import { ToolscoreError } from "../util/errors.js";
import { isFile } from "../util/fs.js";
import { launchTarget } from "./argv.js";
import { normaliseEntry, readConfigEntry, type ConfigEntry } from "./config.js";
import { expandEntry, type ReferenceContext, type ReferenceSyntax } from "./config-refs.js";
import { redactUrl, rememberLaunchSecrets } from "./redact.js";

/** Where a server is: a process to launch, a URL, or a saved snapshot or lock file. */
export type ServerTarget =
  | { kind: "stdio"; argv: string[]; env: Record<string, string>; cwd?: string; label: string }
  | { kind: "http"; url: string; headers: Record<string, string>; preferSse: boolean; label: string }
  | { kind: "file"; path: string; label: string };

/** The SERVER-naming options every command shares. */
export interface TargetOptions {
  config?: string;
  server?: string;
  /** `KEY=VALUE` strings from --env. */
  env?: string[];
  cwd?: string;
  /** `Name: value` strings from --header. */
  headers?: string[];
  /** The folder a relative file argument is found in (default: the process's working directory). */
  baseDir?: string;
  /** How the --config file's client reads `${…}` references (default: both syntaxes). */
  references?: ReferenceSyntax;
  /** The environment references read (default: this process's). */
  referenceEnv?: Record<string, string | undefined>;
  /** Told of what a person may want to know (a reference left as written). */
  onNote?: (message: string) => void;
}

/**
 * Turns a SERVER argument and the shared options into a target. A launch command and --config
 * together, or neither, is a usage error. An argument that names an existing JSON file is a saved
 * file; one ending in `.json` that names no file is an error, never launched.
 */
export function resolveTarget(arg: string | undefined, opts: TargetOptions = {}): ServerTarget {
  const target = findTarget(arg, opts);
  // Whatever toolscore is given to reach the server is kept out of every output.
  if (target.kind === "stdio") rememberLaunchSecrets({ env: target.env, argv: target.argv });
  if (target.kind === "http") rememberLaunchSecrets({ headers: target.headers, url: target.url });
  return target;
}

function findTarget(arg: string | undefined, opts: TargetOptions): ServerTarget {
  if (arg !== undefined && opts.config !== undefined) {
    throw new ToolscoreError(
      "USAGE",
      "give either a SERVER (launch command, URL or file) or --config, not both",
    );
  }
  if (opts.server !== undefined && opts.config === undefined) {
    throw new ToolscoreError("USAGE", "--server names an entry of a --config file: add --config PATH");
  }
  const env = parseEnv(opts.env ?? []);
  const headers = parseHeaders(opts.headers ?? []);
  if (opts.config !== undefined) {
    const { name, entry } = readConfigEntry(opts.config, opts.server);
    return configTarget(
      name,
      entry,
      { env, headers, cwd: opts.cwd },
      {
        syntax: opts.references ?? "both",
        env: opts.referenceEnv ?? process.env,
        where: `server ${JSON.stringify(name)} in ${opts.config}`,
        onNote: opts.onNote,
      },
    );
  }
  if (arg === undefined || arg.trim() === "") {
    throw new ToolscoreError(
      "USAGE",
      "name a server: a launch command in quotes, a URL, a saved .json file, or --config PATH",
    );
  }
  if (/^https?:\/\//i.test(arg.trim())) {
    return { kind: "http", url: arg.trim(), headers, preferSse: false, label: redactUrl(arg.trim()) };
  }
  const asPath = opts.baseDir === undefined ? arg : resolve(opts.baseDir, arg);
  if (isFile(asPath) && looksLikeJsonFile(asPath)) return { kind: "file", path: asPath, label: arg };
  if (/\.json$/i.test(arg.trim()) && !/\s/.test(arg.trim())) {
    throw new ToolscoreError(
      "FILE_NOT_FOUND",
      `no such file: ${arg} (a .json argument is read as a saved snapshot or lock, never launched)`,
    );
  }
  return launchTarget(arg, env, opts.cwd);
}

/**
 * The target of a config entry, its `${…}` references expanded as `refs` says (none without it);
 * `extra` environment variables and headers are laid over the entry's own, and `extra.cwd`
 * replaces its folder.
 */
export function configTarget(
  name: string,
  written: ConfigEntry,
  extra: { env?: Record<string, string>; headers?: Record<string, string>; cwd?: string } = {},
  refs?: ReferenceContext,
): ServerTarget {
  const entry = refs ? expandEntry(written, refs) : written;
  if (entry.transport === "stdio")
    rememberLaunchSecrets({ env: { ...entry.env, ...extra.env }, argv: [entry.command, ...entry.args] });
  else rememberLaunchSecrets({ headers: { ...entry.headers, ...extra.headers }, url: entry.url });
  if (entry.transport === "stdio") {
    return {
      kind: "stdio",
      argv: [entry.command, ...entry.args],
      env: { ...entry.env, ...extra.env },
      cwd: extra.cwd ?? entry.cwd,
      label: name,
    };
  }
  return {
    kind: "http",
    url: entry.url,
    headers: { ...entry.headers, ...extra.headers },
    preferSse: entry.transport === "sse",
    label: name,
  };
}

/**
 * The target of the entry `name` of the config file `opts.config` (`raw`, in the common shape), as
 * --config PATH --server NAME makes it: the options' env, headers and cwd laid over the entry, its
 * `${…}` references expanded as the file's client reads them.
 */
export function entryTarget(
  name: string,
  raw: unknown,
  opts: TargetOptions & { config: string },
): ServerTarget {
  const entry = normaliseEntry(raw, opts.config, name);
  return configTarget(
    name,
    entry,
    { env: parseEnv(opts.env ?? []), headers: parseHeaders(opts.headers ?? []), cwd: opts.cwd },
    {
      syntax: opts.references ?? "both",
      env: opts.referenceEnv ?? process.env,
      where: `server ${JSON.stringify(name)} in ${opts.config}`,
      onNote: opts.onNote,
    },
  );
}

function looksLikeJsonFile(path: string): boolean {
  if (/\.json$/i.test(path)) return true;
  const fd = openSync(path, "r");
  try {
    const buf = Buffer.alloc(64);
    const n = readSync(fd, buf, 0, 64, 0);
    return buf.subarray(0, n).toString("utf8").trimStart().startsWith("{");
  } finally {
    closeSync(fd);
  }
}

/** Parses `KEY=VALUE` strings from --env. */
export function parseEnv(pairs: string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const p of pairs) {
    const eq = p.indexOf("=");
    if (eq <= 0)
      throw new ToolscoreError("USAGE", `--env takes KEY=VALUE, got ${JSON.stringify(p.split("=")[0])}`);
    env[p.slice(0, eq)] = p.slice(eq + 1);
  }
  return env;
}

/** Parses `Name: value` strings from --header. */
export function parseHeaders(lines: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const h of lines) {
    const colon = h.indexOf(":");
    if (colon <= 0)
      throw new ToolscoreError("USAGE", `--header takes "Name: value", got a header without a name`);
    headers[h.slice(0, colon).trim()] = h.slice(colon + 1).trim();
  }
  return headers;
}
