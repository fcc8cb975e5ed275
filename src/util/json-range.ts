import { ToolscoreError } from "./errors.js";
import { nameText, nonFiniteAt } from "./json.js";

/**
 * The one error for a number JSON cannot hold in what a server sent (`1e400` parses as Infinity):
 * snapshots and locks refuse it alike, naming what holds it (`tool "x"`, `prompt "greet"`,
 * `serverInfo`) and the field, rather than write `null` or a value the server did not send.
 */
export function numberOutOfRange(holder: string, path: string): ToolscoreError {
  return new ToolscoreError(
    "PROTOCOL_ERROR",
    `${holder} holds a number too large for JSON at ${path} (a value such as 1e400 reads as Infinity): it cannot be kept in a snapshot or lock as the server sent it`,
    { problem: "number-out-of-range", holder, path },
  );
}

/** The path of `at` (from {@link nonFiniteAt}: `a.b`, `[0].c`, or empty) inside the field `field`. */
export function pathIn(field: string, at: string | undefined): string {
  if (!at) return field;
  return at.startsWith("[") ? `${field}${at}` : `${field}.${at}`;
}

/** How {@link numberOutOfRange} names an item of a list: its kind and its key (`tool "x"`). */
export function itemHolder(label: string, key: unknown): string {
  return `${label} ${JSON.stringify(nameText(key))}`;
}

/**
 * Throws {@link numberOutOfRange} for the first item of `items` holding such a number; `label`
 * names the kind (`tool`, `prompt`…) and `keyOf` an item's key (default: its name).
 */
export function checkJsonNumbers(
  items: readonly unknown[],
  label = "tool",
  keyOf: (item: Record<string, unknown>) => unknown = (item) => item.name,
): void {
  for (const item of items) {
    const at = nonFiniteAt(item);
    if (at !== undefined)
      throw numberOutOfRange(itemHolder(label, keyOf((item ?? {}) as Record<string, unknown>)), at);
  }
}
