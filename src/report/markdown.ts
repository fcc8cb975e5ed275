import { escapeLine } from "../util/unicode.js";

/**
 * Server text made safe for Markdown (job summaries, `--report md`): hidden characters escaped for
 * display, then every character Markdown reads as syntax backslash-escaped, so the text cannot
 * break a table cell, start a link or emphasis, or slip in HTML.
 */
export function mdText(s: string): string {
  return escapeLine(s).replace(/[\\`*_{}[\]<>()#+!|~]/g, (c) => `\\${c}`);
}

/** Server text inside an HTML element of a Markdown page, where only HTML entities are read. */
export function htmlText(s: string): string {
  return escapeLine(s).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
