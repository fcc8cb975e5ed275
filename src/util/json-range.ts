import { ToolscoreError } from "./errors.js";
import { nameText, nonFiniteAt } from "./json.js";

/**
 * The one error for a number JSON cannot hold in what a server sent (`1e400` parses as Infinity):
 * snapshots and locks refuse it alike, naming the tool and the field, rather than write `null`
 * or a value the server did not send.
 */
export function numberOutOfRange(tool: unknown, path: string): ToolscoreError {
  return new ToolscoreError(
    "PROTOCOL_ERROR",
    `tool ${JSON.stringify(nameText(tool))} holds a number too large for JSON at ${path} (a value such as 1e400 reads as Infinity): it cannot be kept in a snapshot or lock as the server sent it`,
    { problem: "number-out-of-range", tool: nameText(tool), path },
  );
}

/** Throws {@link numberOutOfRange} for the first item of `items` (tools, prompts, …) holding such a number. */
export function checkJsonNumbers(items: readonly unknown[]): void {
  for (const item of items) {
    const at = nonFiniteAt(item);
    if (at !== undefined) throw numberOutOfRange((item as { name?: unknown } | null)?.name, at);
  }
}
