// The `Mcp-Param-{name}` headers of a `tools/call` over Streamable HTTP (MCP 2026-07-28, "Custom
// Headers from Tool Parameters"): each argument whose property declares `x-mcp-header` is sent as
// that header too, so that intermediaries can route on it. Values are encoded as the
// specification's "Value Encoding" says.
import type { HeaderDeclaration } from "../schema/x-mcp-header.js";

const PREFIX = "Mcp-Param-";
const SENTINEL_START = "=?base64?";
const SENTINEL_END = "?=";

/**
 * A header value for `text`: as is when it is printable ASCII (0x20 to 0x7E) that neither starts
 * nor ends with a space nor looks like the Base64 sentinel; otherwise `=?base64?{Base64 of its
 * UTF-8}?=`. A tab is a control character and is encoded (RFC 9110 allows it inside a field value,
 * but not every reader keeps it); so is the empty string, which reads as an absent field.
 */
export function encodeHeaderValue(text: string): string {
  return plainHeaderValue(text)
    ? text
    : `${SENTINEL_START}${Buffer.from(text, "utf8").toString("base64")}${SENTINEL_END}`;
}

function plainHeaderValue(text: string): boolean {
  if (text === "" || text !== text.trim()) return false;
  if (text.startsWith(SENTINEL_START) && text.endsWith(SENTINEL_END)) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
}

/**
 * The text of an argument value: a string as is, an integer in decimal, a boolean as `true` or
 * `false`. Anything else (null, an object, an integer past the safe range) has no header.
 */
function valueText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number" && Number.isFinite(value)) {
    if (Number.isInteger(value) && !Number.isSafeInteger(value)) return undefined;
    return String(value);
  }
  return undefined;
}

function valueAt(args: unknown, path: readonly string[]): unknown {
  let node = args;
  for (const key of path) {
    if (typeof node !== "object" || node === null || Array.isArray(node) || !Object.hasOwn(node, key))
      return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/**
 * The `Mcp-Param-*` headers of one call: one per declaration whose argument is present and not
 * null, its value encoded. A missing or null argument sends no header, as the specification asks.
 */
export function paramHeaders(
  declarations: readonly HeaderDeclaration[],
  args: Record<string, unknown>,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const d of declarations) {
    const text = valueText(valueAt(args, d.path));
    if (text !== undefined) headers[`${PREFIX}${d.name}`] = encodeHeaderValue(text);
  }
  return headers;
}
