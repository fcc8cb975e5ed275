// The kinds of item a lock pins and the guard judges, described once: the guard's listing, its
// check of every list answer and its gate on calls are written against this table, not per kind.

/** What a lock pins that a client can list and use. */
export type ItemKind = "tool";

/** How one kind appears on the wire. */
export interface KindSpec {
  kind: ItemKind;
  /** The server capability that announces the kind. */
  capability: string;
  listMethod: string;
  /** The key of the list answer that holds the items. */
  resultKey: string;
  /** The request that uses one item, by name (`params.name`). */
  useMethod: string;
  /** The notification that says the list changed. */
  listChanged: string;
}

/** Every kind the guard judges. */
export const KINDS: readonly KindSpec[] = [
  {
    kind: "tool",
    capability: "tools",
    listMethod: "tools/list",
    resultKey: "tools",
    useMethod: "tools/call",
    listChanged: "notifications/tools/list_changed",
  },
];

/** The kind whose list request is `method`. */
export const KIND_BY_LIST = new Map(KINDS.map((k) => [k.listMethod, k]));
/** The kind whose use request is `method`. */
export const KIND_BY_USE = new Map(KINDS.map((k) => [k.useMethod, k]));
/** The kind whose list-changed notification is `method`. */
export const KIND_BY_LIST_CHANGED = new Map(KINDS.map((k) => [k.listChanged, k]));
