// Installing the guard in front of a URL entry: the client then launches the guard as a command,
// and the guard reaches the URL itself (its Streamable HTTP upstream). The entry's own keys stay
// where they are under `x-toolscore-` names, so that uninstalling renames them back and takes out
// what install put in, giving the text back byte for byte; the client, which reads a command entry,
// leaves keys it does not know alone.
import { findNodeAtLocation, type Edit, type Node } from "jsonc-parser";
import type { ConfigShape } from "../mcp/config-file.js";
import { isSecretName } from "../mcp/redact.js";
import { KEPT_PREFIX, keepAndInsert, keyOf, takeOutAndRestore } from "./guard-install-kept.js";

const URL_KEYS = ["url", "serverUrl", "httpUrl"];
const KEPT_KEYS = [...URL_KEYS, "type", "headers"];

const list = (words: readonly string[]) => words.map((w) => JSON.stringify(w)).join(", ");
// A value made only of references (`${env:TOKEN}`, `Bearer ${TOKEN}`) is filled in by the client.
const reference = (v: string) => /^(?:(?:bearer|basic|token)\s+)?(?:\$\{[^{}\s]*\})+$/i.test(v);

/** True when the text's entry is a URL entry (it has a URL key). */
export function isUrlEntry(entry: Node): boolean {
  return URL_KEYS.some((k) => findNodeAtLocation(entry, [k]) !== undefined);
}

/** True when the text's entry is a URL entry that install wrapped. */
export function isWrappedUrlEntry(entry: Node): boolean {
  return URL_KEYS.some((k) => findNodeAtLocation(entry, [KEPT_PREFIX + k]) !== undefined);
}

// The keys install puts first in a wrapped entry, in order.
function insertedKeys(shape: ConfigShape, typed: boolean): string[] {
  if (shape === "opencode") return ["type", "command"];
  return typed ? ["command", "args", "type"] : ["command", "args"];
}

/**
 * The edits that make a URL entry launch `toolscore mcp guard … URL`, or why it is not wrapped:
 * an SSE entry (the guard's upstream speaks Streamable HTTP), or a URL or header holding a secret
 * written out, which would then be on the guard's command line (a `${…}` reference is fine: the
 * client fills it in). `words` are the toolscore command and the guard's words up to `--`.
 */
export function wrapUrlEntry(entry: Node, shape: ConfigShape, words: string[]): Edit[] | string {
  const urlProp = entry.children!.find((p) => URL_KEYS.includes(keyOf(p)));
  const url = urlProp?.children![1];
  if (url?.type !== "string") return "the URL is not a string";
  const typeProp = entry.children!.find((p) => keyOf(p) === "type");
  const type = typeProp?.children![1]?.value as unknown;
  if (type === "sse") return "an SSE entry: the guard reaches URL servers over Streamable HTTP";
  const headersProp = entry.children!.find((p) => keyOf(p) === "headers");
  const headers: Array<[string, string]> = [];
  for (const h of headersProp?.children![1]?.children ?? []) {
    const v = h.children![1]?.value as unknown;
    if (typeof v !== "string") return `the header ${keyOf(h)} is not a string`;
    if ((isSecretName(keyOf(h)) || /^(?:bearer|basic|token)\s/i.test(v)) && !reference(v))
      return `its ${keyOf(h)} header is written out: the guard would get it on its command line; make it a \${…} reference first`;
    headers.push([keyOf(h), v]);
  }
  const href = url.value as string;
  const auth = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(href);
  const query = [...href.matchAll(/[?&]([^=&#]*)=([^&#]*)/g)].some(
    ([, k, v]) => isSecretName(k!) && !reference(v!),
  );
  if (auth || query)
    return "its URL holds credentials: the guard would get them on its command line; make them a ${…} reference first";
  const [bin, ...rest] = words.slice(0, -1);
  const args = [...rest, ...headers.flatMap(([k, v]) => ["--header", `${k}: ${v}`]), href];
  const inserted =
    shape === "opencode"
      ? `"type": "local", "command": [${list([bin!, ...args])}], `
      : `"command": ${JSON.stringify(bin)}, "args": [${list(args)}], ${typeProp ? '"type": "stdio", ' : ""}`;
  return keepAndInsert(
    entry,
    [urlProp!, typeProp, headersProp].filter((p): p is Node => p !== undefined).map(keyOf),
    inserted,
  );
}

/**
 * The edits that give a wrapped URL entry back: the keys install put first taken out, the kept
 * keys renamed back. Undefined when the entry no longer starts with what install put there.
 */
export function unwrapUrlEntry(entry: Node, shape: ConfigShape): Edit[] | undefined {
  const typed = entry.children!.some((p) => keyOf(p) === `${KEPT_PREFIX}type`);
  return takeOutAndRestore(entry, insertedKeys(shape, typed), KEPT_KEYS);
}
