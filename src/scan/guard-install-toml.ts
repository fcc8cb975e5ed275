// Installing the guard into Codex's config.toml, as guard-install.ts does for JSON: each
// `[mcp_servers.NAME]` table's `command` and the start of its `args` are rewritten by replacing
// their text, so comments, layout and every other key stay, and uninstalling gives the file back.
// Every result is read back with smol-toml and compared with what was meant before it is returned.
import { parse as parseToml } from "smol-toml";
import { ToolscoreError } from "../util/errors.js";
import { isObject } from "../util/json.js";
import { compareCodeUnits } from "../util/order.js";
import { isGuardedArgv } from "./entry.js";
import { guardWords, type InstallOptions, type InstallOutcome } from "./guard-install.js";
import { locateToml, type TomlLayout, type TomlPair } from "./toml-locate.js";

interface TextEdit {
  offset: number;
  length: number;
  content: string;
}

// JSON's string escapes are all TOML basic-string escapes.
const list = (words: readonly string[]) => words.map((w) => JSON.stringify(w)).join(", ");

const sameKey = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** The `command` and `args` lines of the table `[mcp_servers.NAME]`, or why they cannot be edited. */
function tablePairs(layout: TomlLayout, name: string): { command: TomlPair; args?: TomlPair } | string {
  const table = ["mcp_servers", name];
  const inTable = (p: TomlPair, key: string) => sameKey(p.table, table) && sameKey(p.key, [key]);
  const command = layout.pairs.find((p) => inTable(p, "command"));
  if (!layout.headers.some((h) => sameKey(h.table, table)) || command === undefined)
    return `not written as a [mcp_servers.${name}] table with a command line: wrap it by hand`;
  const args = layout.pairs.find((p) => inTable(p, "args"));
  if (args !== undefined && args.value.items === undefined) return '"args" is not a list';
  return { command, ...(args === undefined ? {} : { args }) };
}

// Where the line after `pair`'s line starts (the text's end when it is the last line).
function nextLine(text: string, pair: TomlPair): number {
  const nl = text.indexOf("\n", pair.value.end);
  return nl < 0 ? text.length : nl + 1;
}

const valueText = (text: string, v: { start: number; end: number }) => text.slice(v.start, v.end);

// The command's own text moves into the list as written (a literal or multi-line string stays
// one), so that uninstalling can move it back byte for byte.
function wrapEdits(
  text: string,
  pairs: { command: TomlPair; args?: TomlPair },
  prefix: string[],
  bin: string,
): TextEdit[] {
  const cmd = pairs.command.value;
  const words = `${list(prefix)}, ${valueText(text, cmd)}`;
  const edits: TextEdit[] = [
    { offset: cmd.start, length: cmd.end - cmd.start, content: JSON.stringify(bin) },
  ];
  const args = pairs.args;
  if (args === undefined) {
    // A list to add goes on the line after the command's.
    const at = nextLine(text, pairs.command);
    // A last line without a newline keeps going without one.
    const content =
      at === text.length && !text.endsWith("\n") ? `\nargs = [${words}]` : `args = [${words}]\n`;
    edits.push({ offset: at, length: 0, content });
  } else {
    const first = args.value.items![0];
    edits.push(
      first === undefined
        ? { offset: args.value.start + 1, length: 0, content: words }
        : { offset: first.start, length: 0, content: `${words}, ` },
    );
  }
  return edits;
}

function unwrapEdits(text: string, pairs: { command: TomlPair; args?: TomlPair }, dash: number): TextEdit[] {
  const args = pairs.args!;
  const items = args.value.items!;
  // argv[k] is args[k - 1], so the original command argv[dash + 1] is args[dash].
  const cmd = pairs.command.value;
  const command: TextEdit = {
    offset: cmd.start,
    length: cmd.end - cmd.start,
    content: valueText(text, items[dash]!),
  };
  const own = items[dash + 1];
  if (own !== undefined)
    return [command, { offset: items[0]!.start, length: own.start - items[0]!.start, content: "" }];
  // No arguments of its own: a line install added (`args = [...]` right after the command's line)
  // goes; a list that was there is emptied.
  const added =
    args.start === nextLine(text, pairs.command) &&
    valueText(text, { start: args.start, end: args.value.end }) ===
      `args = [${items.map((i) => valueText(text, i)).join(", ")}]` &&
    /^(?:\r?\n|$)/.test(text.slice(args.value.end, args.value.end + 2));
  if (added) {
    const end = nextLine(text, args);
    const atEnd = end === text.length && !text.endsWith("\n");
    const from = atEnd ? args.start - 1 : args.start;
    return [command, { offset: from, length: end - from, content: "" }];
  }
  return [command, { offset: items[0]!.start, length: items.at(-1)!.end - items[0]!.start, content: "" }];
}

function applyTextEdits(text: string, edits: TextEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.offset - a.offset))
    out = out.slice(0, e.offset) + e.content + out.slice(e.offset + e.length);
  return out;
}

function serversOf(text: string): Record<string, unknown> {
  const data = parseToml(text) as Record<string, unknown>;
  return isObject(data.mcp_servers) ? data.mcp_servers : {};
}

const argvOf = (raw: unknown): string[] | undefined => {
  if (!isObject(raw) || typeof raw.command !== "string") return undefined;
  if (raw.args !== undefined && !(Array.isArray(raw.args) && raw.args.every((a) => typeof a === "string")))
    return undefined;
  return [raw.command, ...((raw.args as string[] | undefined) ?? [])];
};

// Runs `decide` on each entry, applies the edits together, and checks the result entry by entry.
function rewrite(
  text: string,
  only: string | undefined,
  decide: (
    name: string,
    raw: unknown,
    layout: TomlLayout,
  ) => { outcome: InstallOutcome; edits: TextEdit[]; argv?: string[] },
): { text: string; outcomes: InstallOutcome[] } {
  const servers = serversOf(text);
  let layout: TomlLayout | undefined;
  try {
    layout = locateToml(text);
  } catch {
    layout = undefined;
  }
  const outcomes: InstallOutcome[] = [];
  const edits: TextEdit[] = [];
  // A Map: a server may be named `__proto__`, which a plain object's key would not hold.
  const meant = new Map<string, string[]>();
  for (const name of Object.keys(servers).sort(compareCodeUnits)) {
    if (only !== undefined && name !== only) continue;
    if (layout === undefined) {
      outcomes.push({
        name,
        action: "skipped",
        reason: "toolscore could not find where the entry is written: wrap it by hand",
      });
      continue;
    }
    const d = decide(name, servers[name], layout);
    outcomes.push(d.outcome);
    edits.push(...d.edits);
    if (d.argv) meant.set(name, d.argv);
  }
  const out = applyTextEdits(text, edits);
  if (!asMeant(text, out, meant))
    throw new ToolscoreError(
      "CONFIG_INVALID",
      `toolscore could not rewrite ${[...meant.keys()].join(", ")} safely; nothing was changed`,
    );
  return { text: out, outcomes };
}

// True when `after` reads as `before` with each entry of `meant` launching its argv and nothing
// else changed.
function asMeant(before: string, after: string, meant: ReadonlyMap<string, string[]>): boolean {
  let a: Record<string, unknown>;
  try {
    a = parseToml(after) as Record<string, unknown>;
  } catch {
    return false;
  }
  const b = parseToml(before) as Record<string, unknown>;
  const servers = (d: Record<string, unknown>) => d.mcp_servers as Record<string, Record<string, unknown>>;
  for (const [name, argv] of meant) {
    if (JSON.stringify(argvOf(servers(a)[name])) !== JSON.stringify(argv)) return false;
    for (const d of [a, b]) {
      delete servers(d)[name]!.command;
      delete servers(d)[name]!.args;
    }
  }
  return JSON.stringify(a) === JSON.stringify(b);
}

/** {@link installGuard} for Codex's TOML: the stdio entries of `[mcp_servers.NAME]` tables. */
export function installGuardToml(
  text: string,
  o: InstallOptions,
  only?: string,
): { text: string; outcomes: InstallOutcome[] } {
  return rewrite(text, only, (name, raw, layout) => {
    const skip = (reason: string) => ({ outcome: { name, action: "skipped" as const, reason }, edits: [] });
    const argv = argvOf(raw);
    if (argv && isGuardedArgv(argv))
      return { outcome: { name, action: "unchanged", reason: "already guarded" }, edits: [] };
    if (isObject(raw) && raw.url !== undefined)
      return skip("a URL entry: in Codex's config the guard wraps command entries only");
    if (argv === undefined) return skip("no command with a list of string arguments");
    if (!o.pinned(name)) return skip("not in the lock: pin it first");
    const pairs = tablePairs(layout, name);
    if (typeof pairs === "string") return skip(pairs);
    const [bin, ...rest] = o.toolscore;
    const prefix = [...rest, ...guardWords(o, name)];
    return {
      outcome: { name, action: "wrapped", reason: null },
      edits: wrapEdits(text, pairs, prefix, bin!),
      argv: [bin!, ...prefix, ...argv],
    };
  });
}

/** {@link uninstallGuard} for Codex's TOML. */
export function uninstallGuardToml(
  text: string,
  only?: string,
): { text: string; outcomes: InstallOutcome[] } {
  return rewrite(text, only, (name, raw, layout) => {
    const unchanged = { outcome: { name, action: "unchanged" as const, reason: "not guarded" }, edits: [] };
    const argv = argvOf(raw);
    if (argv === undefined || !isGuardedArgv(argv)) return unchanged;
    const dash = argv.indexOf("--", argv.indexOf("guard"));
    if (dash < 0 || dash + 1 >= argv.length) return unchanged;
    const pairs = tablePairs(layout, name);
    if (typeof pairs === "string" || pairs.args === undefined)
      return {
        outcome: { name, action: "skipped", reason: typeof pairs === "string" ? pairs : "no args" },
        edits: [],
      };
    return {
      outcome: { name, action: "unwrapped", reason: null },
      edits: unwrapEdits(text, pairs, dash),
      argv: argv.slice(dash + 1),
    };
  });
}
