// The way install wraps an entry so that uninstall can give it back byte for byte: the keys it
// replaces stay where they are under `x-toolscore-` names, and the keys that launch the guard go
// first. Uninstalling takes out what install put first and renames the kept keys back. Clients
// leave keys they do not know alone.
import type { Edit, Node } from "jsonc-parser";

/** The prefix of the names the entry's own keys are kept under while it is wrapped. */
export const KEPT_PREFIX = "x-toolscore-";

const keyNode = (p: Node) => p.children![0]!;
/** The key of one property node of an object. */
export const keyOf = (p: Node) => keyNode(p).value as string;

/**
 * The edits that put `inserted` (the text of whole properties, each followed by `, `) first in the
 * object `entry` and rename its properties named in `kept` to their `x-toolscore-` names.
 */
export function keepAndInsert(entry: Node, kept: readonly string[], inserted: string): Edit[] {
  const renames = entry
    .children!.filter((p) => kept.includes(keyOf(p)))
    .map((p) => ({
      offset: keyNode(p).offset,
      length: keyNode(p).length,
      content: JSON.stringify(KEPT_PREFIX + keyOf(p)),
    }));
  const first = entry.children![0]!;
  // The insert and a rename of the first key share an offset: one edit, the insert first.
  const atFirst = renames.find((r) => r.offset === first.offset);
  return [
    atFirst === undefined
      ? { offset: first.offset, length: 0, content: inserted }
      : { ...atFirst, content: inserted + atFirst.content },
    ...renames.filter((r) => r !== atFirst),
  ];
}

/**
 * The edits that undo {@link keepAndInsert}: the properties named `inserted` taken out from the
 * start of `entry`, the `x-toolscore-` names of `kept` renamed back. Undefined when the entry no
 * longer starts with what install put there.
 */
export function takeOutAndRestore(
  entry: Node,
  inserted: readonly string[],
  kept: readonly string[],
): Edit[] | undefined {
  const props = entry.children!;
  if (props.length <= inserted.length || inserted.some((k, i) => keyOf(props[i]!) !== k)) return undefined;
  const next = props[inserted.length]!;
  const renames = props
    .filter((p) => keyOf(p).startsWith(KEPT_PREFIX) && kept.includes(keyOf(p).slice(KEPT_PREFIX.length)))
    .map((p) => ({
      offset: keyNode(p).offset,
      length: keyNode(p).length,
      content: JSON.stringify(keyOf(p).slice(KEPT_PREFIX.length)),
    }));
  const atNext = renames.find((r) => r.offset === next.offset);
  const cut = { offset: props[0]!.offset, length: next.offset - props[0]!.offset, content: "" };
  return [
    atNext === undefined
      ? cut
      : { offset: cut.offset, length: cut.length + atNext.length, content: atNext.content },
    ...renames.filter((r) => r !== atNext),
  ];
}
