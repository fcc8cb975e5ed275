import { limitError, limitBytes, limits } from "../util/limits.js";
import { jsonDepth, nameText } from "../util/json.js";
import { escapeLine } from "../util/unicode.js";
import type { RawTool } from "./types.js";
import { SURFACE_KINDS, type SurfaceLists } from "./surface.js";

// Checks on what a server listed, made once where its data enters: past them every later walk
// (hashing, lint, ajv, rendering) may assume data of a bounded depth and size.

// A name as an error line shows it: its start, escaped (made text only from its start).
const shortName = (name: unknown) => {
  const text = escapeLine(typeof name === "string" ? name.slice(0, 100) : nameText(name).slice(0, 100));
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

/**
 * Fails with a `depth` limit error when a tool, a prompt or resource, the server info or the
 * capabilities nest too deep.
 */
export function checkDepth(
  parts: {
    tools: readonly RawTool[];
    server: Record<string, unknown>;
    capabilities: Record<string, unknown>;
  } & SurfaceLists,
): void {
  const { tools, server, capabilities } = parts;
  const max = limits().depth;
  const check = (value: unknown, what: () => string) => {
    const depth = jsonDepth(value, max);
    if (depth > max) throw limitError("depth", `${what()} nests deeper than`);
  };
  check(server, () => "the server's serverInfo");
  check(capabilities, () => "the server's capabilities");
  for (const tool of tools) {
    // The tool object is one level itself: measure its fields to name the one at fault.
    if (jsonDepth(tool, max + 1) <= max + 1) continue;
    for (const k of Object.keys(tool)) {
      check(tool[k], () => `the ${escapeLine(k)} of tool '${shortName(tool.name)}'`);
    }
  }
  for (const info of SURFACE_KINDS) {
    for (const item of parts[info.key] ?? []) {
      check(item, () => `the ${info.label} '${shortName(item[info.id])}'`);
    }
  }
}

/**
 * Fails with a `name-chars` limit error when a tool's name, or a prompt's, resource template's or
 * resource's key, is longer than the limit: a name is repeated in every finding, line and report
 * about its tool, so one of 50 MB would cost every command gigabytes. (MCP asks for names of at most
 * 128 characters; the default bound is far past any real one.)
 */
export function checkNames(parts: { tools: readonly RawTool[] } & SurfaceLists): void {
  const max = limits()["name-chars"];
  // A name that is not a string is measured as JSON, without being made text.
  const length = (v: unknown) => (typeof v === "string" ? v.length : approxJsonBytes(v));
  for (const [i, tool] of parts.tools.entries()) {
    if (length(tool.name) > max)
      throw limitError("name-chars", `the name of tool ${i + 1} ('${shortName(tool.name)}') is longer than`);
  }
  for (const info of SURFACE_KINDS) {
    for (const [i, item] of (parts[info.key] ?? []).entries()) {
      if (length(item[info.id]) > max)
        throw limitError(
          "name-chars",
          `the ${info.id} of ${info.label} ${i + 1} ('${shortName(item[info.id])}') is longer than`,
        );
    }
  }
}

/**
 * Roughly how many bytes `value` takes as JSON (strings and keys by length, a few bytes for each
 * other value), counted without recursion: the running size of a paginated listing.
 */
export function approxJsonBytes(value: unknown): number {
  let total = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === "string") total += v.length + 2;
    else if (typeof v !== "object" || v === null) total += 5;
    else if (Array.isArray(v)) {
      total += 2 + v.length;
      for (let i = 0; i < v.length; i++) stack.push(v[i]);
    } else {
      total += 2;
      for (const k of Object.keys(v)) {
        total += k.length + 4;
        stack.push((v as Record<string, unknown>)[k]);
      }
    }
  }
  return total;
}

/** Bounds a paginated listing: its pages, its cursors and its total size. */
export class ListingBounds {
  private bytes = 0;
  private pages = 0;

  constructor(private readonly method: string) {}

  /** Counts one page of items; fails past `pages` or `listing-mb`. */
  page(items: readonly unknown[]): void {
    this.pages++;
    if (this.pages > limits().pages)
      throw limitError("pages", `the server's ${this.method} listing has more pages than`);
    this.bytes += approxJsonBytes(items);
    if (this.bytes > limitBytes("listing-mb"))
      throw limitError("listing-mb", `the server's ${this.method} listing is larger than`);
  }

  /** Fails when a cursor is longer than `cursor-chars`. */
  cursor(next: string): void {
    const max = limits()["cursor-chars"];
    if (next.length > max)
      throw limitError("cursor-chars", `the server's ${this.method} cursor is longer than`);
  }
}
