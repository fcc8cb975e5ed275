import { ToolscoreError } from "./errors.js";

// Everything a server sends is hostile until proven otherwise: its sizes, depths, counts and the
// time its answers cost to process. Every bound toolscore puts on that work lives here, with a
// default that no honest server comes near and a way to raise it when one does.

/** What one limit bounds, its default and the largest value it may be raised to. */
export interface LimitSpec {
  /** The name in `--limit NAME=N` and, upper-cased with `_`, in `TOOLSCORE_LIMIT_NAME`. */
  name: string;
  default: number;
  /** The most it may be raised to: past it the work itself would break (the stack, a string). */
  max: number;
  /** Shown after the number in messages (`MB`, ` levels`). */
  unit: string;
  /** What it bounds, for docs/limits.md and `--help`. */
  what: string;
}

const spec = <N extends string>(
  name: N,
  dflt: number,
  max: number,
  unit: string,
  what: string,
): LimitSpec & { name: N } => ({
  name,
  default: dflt,
  max,
  unit,
  what,
});

/** Every limit, in the order docs/limits.md lists them. */
export const LIMIT_SPECS = [
  spec(
    "message-mb",
    64,
    1024,
    " MB",
    "one message from a server: a stdio line, an HTTP answer after decompression, one streamed event",
  ),
  spec("listing-mb", 256, 2048, " MB", "a whole tools listing, all pages together"),
  spec("pages", 10_000, 1_000_000, " pages", "pages of one listing"),
  spec("cursor-chars", 16_384, 10_000_000, " characters", "one pagination cursor"),
  spec("depth", 256, 1000, " levels", "nesting of one tool's fields (JSON levels)"),
  spec(
    "name-chars",
    1_000_000,
    100_000_000,
    " characters",
    "the name of one tool, or the key of one prompt, resource template or resource",
  ),
  spec("diff-kb", 1024, 100_000, " KB", "each side of a text diff shown line by line"),
  spec("diff-lines", 20_000, 10_000_000, " lines", "each side of a text diff shown line by line"),
  spec(
    "diff-edits",
    2_000,
    1_000_000,
    " edits",
    "lines added plus removed in a text diff shown line by line",
  ),
  spec(
    "rename-pairs",
    1_000_000,
    1_000_000_000,
    " pairs",
    "pairs of a removed and an added tool a diff compares when it looks for likely renames",
  ),
  spec("string-chars", 10_000, 10_000_000, " characters", "one string mcp test generates"),
  spec("array-items", 1_000, 1_000_000, " items", "one array (or object's properties) mcp test generates"),
  spec("pattern-chars", 1_000, 100_000, " characters", "one regular expression from a server"),
  spec("generate-ms", 2_000, 600_000, " ms", "making the arguments of one call"),
  spec(
    "regex-ms",
    1_000,
    10_000,
    " ms",
    "checking one value against a schema whose patterns only a backtracking engine can run",
  ),
  spec(
    "scan-kb",
    1024,
    4096,
    " KB",
    "each text lint scans for hidden characters and instructions (past it: a finding says what was not scanned)",
  ),
  spec(
    "queued-replies",
    1_000,
    1_000_000,
    " replies",
    "answers waiting for a server that sends requests but does not read them (HTTP: requests in flight)",
  ),
  spec(
    "notifications",
    1_000,
    1_000_000,
    " methods",
    "different notification methods counted in one session",
  ),
] as const satisfies readonly LimitSpec[];

/** A limit's name. */
export type LimitName = (typeof LIMIT_SPECS)[number]["name"];

/** The value of every limit. */
export type Limits = Record<LimitName, number>;

const SPECS = new Map<string, LimitSpec>(LIMIT_SPECS.map((s) => [s.name, s]));

/** The defaults. */
export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze(
  Object.fromEntries(LIMIT_SPECS.map((s) => [s.name, s.default])) as Limits,
);

let current: Limits = { ...DEFAULT_LIMITS };

/** The limits in force (the defaults unless {@link setLimits} raised or lowered some). */
export function limits(): Readonly<Limits> {
  return current;
}

/** Sets the limits in force: the defaults with `overrides` laid over them. */
export function setLimits(overrides: Partial<Limits> = {}): void {
  const next: Limits = { ...DEFAULT_LIMITS };
  for (const s of LIMIT_SPECS) {
    const v = overrides[s.name];
    if (v !== undefined) next[s.name] = v;
  }
  current = next;
}

/** `TOOLSCORE_LIMIT_MESSAGE_MB` for `message-mb`. */
export function limitEnvName(name: string): string {
  return `TOOLSCORE_LIMIT_${name.toUpperCase().replace(/-/g, "_")}`;
}

function parseValue(name: string, raw: string, from: string): number {
  const s = SPECS.get(name);
  if (!s) {
    throw new ToolscoreError(
      "USAGE",
      `${from} names no limit ${JSON.stringify(name)}: the limits are ${LIMIT_SPECS.map((l) => l.name).join(", ")}`,
    );
  }
  const n = Number(raw.trim());
  if (raw.trim() === "" || !Number.isFinite(n) || n <= 0 || n > s.max) {
    throw new ToolscoreError(
      "USAGE",
      `${from} takes a number above 0 and at most ${s.max} for ${name}, got ${JSON.stringify(raw)}`,
    );
  }
  return n;
}

/**
 * The limits an environment and `--limit NAME=N` arguments ask for (the arguments win). A wrong
 * name or value is a usage error that lists the names.
 */
export function limitsFrom(
  env: Record<string, string | undefined>,
  args: readonly string[],
): Partial<Limits> {
  const out: Partial<Limits> = {};
  for (const s of LIMIT_SPECS) {
    const raw = env[limitEnvName(s.name)];
    if (raw !== undefined && raw !== "") out[s.name] = parseValue(s.name, raw, limitEnvName(s.name));
  }
  for (const arg of args) {
    const eq = arg.indexOf("=");
    if (eq < 0)
      throw new ToolscoreError(
        "USAGE",
        `--limit takes NAME=N (e.g. message-mb=128), got ${JSON.stringify(arg)}`,
      );
    const name = arg.slice(0, eq).trim();
    out[name as LimitName] = parseValue(name, arg.slice(eq + 1), "--limit");
  }
  return out;
}

/**
 * The error for a limit hit: one line that says what was too large and the limit, with the limit's
 * name in `data.limit` (the CLI says how to raise it). `what` ends where the limit's phrase starts:
 * "one message from the server is larger than".
 */
export function limitError(
  name: LimitName,
  what: string,
  data: Record<string, unknown> = {},
): ToolscoreError {
  const s = SPECS.get(name)!;
  return new ToolscoreError("LIMIT", `${what} the ${name} limit of ${current[name]}${s.unit}`, {
    limit: name,
    value: current[name],
    ...data,
  });
}

/**
 * `the message-mb limit of 64 MB: raise it with --limit message-mb=N or TOOLSCORE_LIMIT_MESSAGE_MB`,
 * with the value in force, or the one a finding recorded.
 */
export function limitPhrase(name: LimitName, value: number = current[name]): string {
  const s = SPECS.get(name)!;
  return `the ${name} limit of ${value}${s.unit}: raise it with --limit ${name}=N or ${limitEnvName(name)}`;
}

/** Bytes for a limit given in MB or KB. */
export function limitBytes(name: "message-mb" | "listing-mb" | "diff-kb" | "scan-kb"): number {
  const n = current[name];
  return name === "diff-kb" || name === "scan-kb" ? n * 1024 : n * 1024 * 1024;
}
