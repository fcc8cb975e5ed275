// Installing the guard into a client config: each command entry rewritten in place so that the client
// launches `toolscore mcp guard --lock LOCK [--server NAME] 'CMD' 'ARG'...`, the server's own
// command in one argument, and back. One argument, not `-- CMD ARG...`: a launcher that parses the
// entry's arguments again with an option parser (the MCP Inspector's --config mode) drops a `--`
// and takes options it knows from the words after it. The entry's own `command` and `args` stay as
// written under `x-toolscore-` names (guard-install-kept.ts); comments, formatting, env, cwd, type
// and keys toolscore does not know stay as they are, so that uninstalling gives the file back byte
// for byte. Entries installed in the earlier `-- CMD ARG...` form are still recognised and
// uninstalled. Opencode's one-list entries, whose client launches the list as it is, keep that
// form. URL entries: see guard-install-url.ts.
import { applyEdits, findNodeAtLocation, parseTree, type Edit, type Node } from "jsonc-parser";
import { qualifiedName, type ConfigShape, type ServerBlock } from "../mcp/config-file.js";
import { joinCommand } from "../mcp/argv.js";
import { compareCodeUnits } from "../util/order.js";
import { isGuardedArgv } from "./entry.js";
import { KEPT_PREFIX, keepAndInsert, keyOf, takeOutAndRestore } from "./guard-install-kept.js";
import { isUrlEntry, isWrappedUrlEntry, unwrapUrlEntry, wrapUrlEntry } from "./guard-install-url.js";

/** What happened to one entry. */
export interface InstallOutcome {
  name: string;
  action: "wrapped" | "unwrapped" | "unchanged" | "skipped";
  /** Why it was left alone. */
  reason: string | null;
}

/** The options of {@link installGuard}. */
export interface InstallOptions {
  /** The words that run toolscore, e.g. `["toolscore"]` or `["node", "/opt/toolscore/dist/cli.js"]`. */
  toolscore: string[];
  /** The lock or lock set, absolute. */
  lock: string;
  /** True for a lock set: each entry names its server with --server. */
  lockSet: boolean;
  /** Whether the lock pins a server of this name. */
  pinned(name: string): boolean;
}

/**
 * Where a file's servers are: the keys from its root to each object of servers, and for Claude
 * Code's per-project lists the project (its entries go by `DIR:NAME`, see qualifiedName).
 */
export type ServerPaths = ReadonlyArray<Pick<ServerBlock, "path" | "project">>;

/** One change to the text, computed on the text as it is when the change is made. */
export type Step = (text: string, entry: Node) => Edit[];

const strings = (n: Node | undefined): string[] | undefined =>
  n?.type === "array" && n.children!.every((c) => c.type === "string")
    ? n.children!.map((c) => c.value as string)
    : undefined;

/** The entry's argv as the text has it: a command string and an args list, or opencode's one list. */
export function argvOf(entry: Node, shape: ConfigShape) {
  const command = findNodeAtLocation(entry, ["command"]);
  if (shape === "opencode") {
    const all = strings(command);
    return command && all && all.length > 0 ? { command, args: undefined, argv: all } : undefined;
  }
  if (command?.type !== "string") return undefined;
  const args = findNodeAtLocation(entry, ["args"]);
  if (args !== undefined && strings(args) === undefined) return undefined;
  return { command, args, argv: [command.value as string, ...(strings(args) ?? [])] };
}

const list = (words: string[]) => words.map((w) => JSON.stringify(w)).join(", ");

/** The words after toolscore's own that run the guard for entry `name`, up to and with `--`. */
export function guardWords(o: InstallOptions, name: string): string[] {
  // A name that starts with a dash (even `--`) is joined to its option, so it never reads as one.
  const server = name.startsWith("-") ? [`--server=${name}`] : ["--server", name];
  return ["mcp", "guard", "--lock", o.lock, ...(o.lockSet ? server : []), "--"];
}

/** The steps that wrap one entry, or why it cannot be wrapped. */
function wrapSteps(
  path: string[],
  entry: Node,
  shape: ConfigShape,
  name: string,
  o: InstallOptions,
): Step[] | string {
  const guard = guardWords(o, name);
  if (isUrlEntry(entry)) {
    const why = wrapUrlEntry(entry, shape, [...o.toolscore, ...guard]);
    if (typeof why === "string") return why;
    return [(_, now) => wrapUrlEntry(now, shape, [...o.toolscore, ...guard]) as Edit[]];
  }
  const found = argvOf(entry, shape);
  if (found === undefined) return "no command with a list of string arguments";
  if (shape === "opencode") {
    const first = found.command.children![0]!;
    return [() => [{ offset: first.offset, length: 0, content: `${list([...o.toolscore, ...guard])}, ` }]];
  }
  const taken = entry.children!.map(keyOf).find((k) => OWN.some((own) => k === KEPT_PREFIX + own));
  if (taken !== undefined) return `it already has a key ${taken}, where install keeps the entry's own`;
  const [bin, ...rest] = o.toolscore;
  const args = [...rest, ...guard.slice(0, -1), joinCommand(found.argv)];
  const inserted = `"command": ${JSON.stringify(bin)}, "args": [${list(args)}], `;
  return [(_, now) => keepAndInsert(now, OWN, inserted)];
}

// The keys of a command entry that install keeps under `x-toolscore-` names, and puts first.
const OWN = ["command", "args"];

const nodeText = (text: string, n: Node) => text.slice(n.offset, n.offset + n.length);

/** The steps that give back a wrapped entry's own command, or undefined when it is not wrapped. */
function unwrapSteps(path: string[], entry: Node, shape: ConfigShape): Step[] | undefined {
  const found = argvOf(entry, shape);
  if (found === undefined || !isGuardedArgv(found.argv)) return undefined;
  if (isWrappedUrlEntry(entry)) {
    if (unwrapUrlEntry(entry, shape) === undefined) return undefined;
    return [(_, now) => unwrapUrlEntry(now, shape)!];
  }
  if (shape !== "opencode" && entry.children!.some((p) => keyOf(p) === `${KEPT_PREFIX}command`)) {
    if (takeOutAndRestore(entry, OWN, OWN) === undefined) return undefined;
    return [(_, now) => takeOutAndRestore(now, OWN, OWN)!];
  }
  // The earlier form: `toolscore mcp guard … -- CMD ARG...`, the entry's own words after `--`.
  const dash = found.argv.indexOf("--", found.argv.indexOf("guard"));
  if (dash < 0 || dash + 1 >= found.argv.length) return undefined;
  if (shape === "opencode") {
    const items = found.command.children!;
    return [
      () => [{ offset: items[0]!.offset, length: items[dash + 1]!.offset - items[0]!.offset, content: "" }],
    ];
  }
  // argv[k] is args[k - 1], so the original command argv[dash + 1] is args[dash].
  const items = found.args!.children!;
  const command: Edit = {
    offset: found.command.offset,
    length: found.command.length,
    content: "",
  };
  const own = items[dash + 1];
  if (own !== undefined)
    return [
      (text) => [
        { ...command, content: nodeText(text, items[dash]!) },
        { offset: items[0]!.offset, length: own.offset - items[0]!.offset, content: "" },
      ],
    ];
  // No arguments of its own: install added the list right after the command (take it out), or
  // found it empty (empty it again). An empty `[]` right after the command looks the same as an
  // added list, and goes too.
  const list0 = found.args!;
  const cmdEnd = found.command.offset + found.command.length;
  return [
    (text) =>
      text.slice(cmdEnd, list0.offset) === ', "args": ' &&
      items[0]!.offset === list0.offset + 1 &&
      items.at(-1)!.offset + items.at(-1)!.length === list0.offset + list0.length - 1
        ? [
            {
              ...command,
              content: nodeText(text, items[dash]!),
              length: list0.offset + list0.length - command.offset,
            },
          ]
        : [
            { ...command, content: nodeText(text, items[dash]!) },
            {
              offset: items[0]!.offset,
              length: items.at(-1)!.offset + items.at(-1)!.length - items[0]!.offset,
              content: "",
            },
          ],
  ];
}

/** Runs each entry's steps in turn, each on the text the previous one left. */
export function rewrite(
  text: string,
  paths: ServerPaths,
  only: string | undefined,
  decide: (path: string[], name: string, entry: Node) => { outcome: InstallOutcome; steps: Step[] },
): { text: string; outcomes: InstallOutcome[] } {
  const outcomes: InstallOutcome[] = [];
  for (const block of paths) {
    const names = Object.keys((parseTreeValue(text, block.path) ?? {}) as object).sort(compareCodeUnits);
    for (const own of names) {
      const name = qualifiedName(block, own);
      if (only !== undefined && name !== only) continue;
      const path = [...block.path, own];
      const entry = findNodeAtLocation(parseTree(text)!, path);
      if (entry?.type !== "object") continue;
      const { outcome, steps } = decide(path, name, entry);
      outcomes.push(outcome);
      for (const step of steps) {
        const now = findNodeAtLocation(parseTree(text)!, path)!;
        text = applyEdits(text, step(text, now));
      }
    }
  }
  return { text, outcomes };
}

function parseTreeValue(text: string, path: readonly string[]): unknown {
  const root = parseTree(text);
  const node = root && findNodeAtLocation(root, [...path]);
  return node?.type === "object"
    ? Object.fromEntries(node.children!.map((p) => [p.children![0]!.value, true]))
    : undefined;
}

/**
 * Wraps the entries of a JSONC config text (all, or `only`) in the guard: a command entry's own
 * command goes after `--`; a URL entry becomes a command entry that runs the guard with the URL
 * (see guard-install-url.ts). An entry already wrapped is left as it is (installing twice changes
 * nothing); one whose server the lock does not pin, or a URL entry the guard cannot take, is
 * skipped with the reason. Returns the new text and what happened to each.
 */
export function installGuard(
  text: string,
  shape: ConfigShape,
  paths: ServerPaths,
  o: InstallOptions,
  only?: string,
): { text: string; outcomes: InstallOutcome[] } {
  return rewrite(text, paths, only, (path, name, entry) => {
    const found = argvOf(entry, shape);
    if (found && isGuardedArgv(found.argv))
      return { outcome: { name, action: "unchanged", reason: "already guarded" }, steps: [] };
    const steps = wrapSteps(path, entry, shape, name, o);
    if (typeof steps === "string") return { outcome: { name, action: "skipped", reason: steps }, steps: [] };
    if (!o.pinned(name))
      return { outcome: { name, action: "skipped", reason: "not in the lock: pin it first" }, steps: [] };
    return { outcome: { name, action: "wrapped", reason: null }, steps };
  });
}

/** Gives back the own command of every wrapped entry (all, or `only`). */
export function uninstallGuard(
  text: string,
  shape: ConfigShape,
  paths: ServerPaths,
  only?: string,
): { text: string; outcomes: InstallOutcome[] } {
  return rewrite(text, paths, only, (path, name, entry) => {
    const steps = unwrapSteps(path, entry, shape);
    return steps === undefined
      ? { outcome: { name, action: "unchanged", reason: "not guarded" }, steps: [] }
      : { outcome: { name, action: "unwrapped", reason: null }, steps };
  });
}
