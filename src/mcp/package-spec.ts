// The package a launch runs, as a lock records it, and the reading of launch lines that needs no
// disk: which package an `npx` line asks for, and whether it floats (no version, a range or a tag,
// so that the next run may install another one).
/** The ecosystems a launch's package may come from. */
export const PACKAGE_ECOSYSTEMS = ["npm", "pypi", "docker"] as const;
/** One of {@link PACKAGE_ECOSYSTEMS}. */
export type PackageEcosystem = (typeof PACKAGE_ECOSYSTEMS)[number];

/** The package a launch ran: exact version and, where known, the integrity of what was installed. */
export interface LockedPackage {
  ecosystem: PackageEcosystem;
  name: string;
  version: string;
  /**
   * npm: `sha512-…`, npm's SRI string of the tarball; pypi: `sha256-…` over the installed
   * distribution's RECORD file; docker: the image's `sha256:…` digest. Null when none is recorded.
   */
  integrity: string | null;
}

/**
 * What a launch was found to run: a package, or (for a launch of a package manager's runner that
 * could not be resolved) null with the reason. A launch that runs no package has no resolution.
 */
export type PackageResolution = { package: LockedPackage } | { package: null; reason: string };

/** A registry package asked for on a launch line: its name and what follows the `@`, if anything. */
export interface PackageSpec {
  name: string;
  /** The version, range or tag after `@`; "" when none is given. */
  range: string;
  /** The argument as written (`pkg@^1`). */
  raw: string;
}

const NAME = /^(?:@[a-z0-9~-][a-z0-9._~-]*\/)?[a-z0-9~-][a-z0-9._~-]*$/;
const EXACT = /^v?\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/** Reads `name`, `name@spec`, `@scope/name@spec`; undefined for what is not a registry package. */
export function parsePackageSpec(raw: string): PackageSpec | undefined {
  const at = raw.indexOf("@", raw.startsWith("@") ? 1 : 0);
  const name = at < 0 ? raw : raw.slice(0, at);
  const range = at < 0 ? "" : raw.slice(at + 1);
  if (!NAME.test(name) || /[\s:/\\]/.test(range)) return undefined;
  return { name, range, raw };
}

/** True when a spec may install another version next time: no version, a range or a tag. */
export function specFloats(spec: PackageSpec): boolean {
  return !EXACT.test(spec.range.trim());
}

// npm exec options that take a value (the value is not the package).
const NPX_VALUE_OPTIONS = new Set([
  "--cache",
  "--registry",
  "--userconfig",
  "--prefix",
  "--loglevel",
  "-w",
  "--workspace",
  "-c",
  "--call",
]);

/** An `npx` (or `npm exec`) launch: the packages it asks for, in order, and a `--cache` given. */
export interface NpxLaunch {
  packages: string[];
  cache?: string;
  /** The index in argv of the argument that names the package (when it is not a `--package`). */
  specIndex?: number;
}

const base = (p: string) => (p.split(/[\\/]/).pop() ?? p).toLowerCase().replace(/\.(cmd|exe|ps1)$/, "");

/** Reads an argv as an `npx`/`npm exec` launch; undefined when it is not one. */
export function npxLaunch(argv: readonly string[]): NpxLaunch | undefined {
  let i: number;
  if (base(argv[0] ?? "") === "npx") i = 1;
  else if (base(argv[0] ?? "") === "npm" && (argv[1] === "exec" || argv[1] === "x")) i = 2;
  else return undefined;
  const packages: string[] = [];
  let cache: string | undefined;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") {
      i++;
      break;
    }
    if (a === "-p" || a === "--package") {
      if (argv[i + 1] !== undefined) packages.push(argv[++i]!);
      continue;
    }
    if (a.startsWith("--package=")) {
      packages.push(a.slice("--package=".length));
      continue;
    }
    if (a === "--cache") cache = argv[i + 1];
    if (a.startsWith("--cache=")) cache = a.slice("--cache=".length);
    if (NPX_VALUE_OPTIONS.has(a)) {
      i++;
      continue;
    }
    if (a.startsWith("-")) continue;
    break;
  }
  if (packages.length) return { packages, ...(cache ? { cache } : {}) };
  const spec = argv[i];
  if (spec === undefined) return undefined;
  return { packages: [spec], specIndex: i, ...(cache ? { cache } : {}) };
}

/** The floating package of a launch line (`npx -y pkg`, `pkg@^1`, `pkg@latest`), or undefined. */
export function floatingSpec(argv: readonly string[]): PackageSpec | undefined {
  const npx = npxLaunch(argv);
  const spec = npx && parsePackageSpec(npx.packages[0]!);
  return spec && specFloats(spec) ? spec : undefined;
}
