// Lint scans what a server wrote, and a server may write megabytes into one description: the
// detection of hidden characters and instructions reads at most the first `scan-kb` of each text.
// The rest is not passed as clean: a finding says which text was scanned only in part.
import { limitBytes, limitPhrase } from "../util/limits.js";
import type { Emit } from "./context.js";

/** The part of `text` lint scans: all of it, or its first `scan-kb` (never half a surrogate pair). */
export function scanHead(text: string): string {
  let end = limitBytes("scan-kb");
  if (text.length <= end) return text;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return text.slice(0, end);
}

/**
 * Reports that `text` at `path` was scanned for `what` only in part (an error: what a model reads
 * past the bound was not checked); does nothing when the whole text was scanned.
 */
export function emitPartlyScanned(
  rule: "hidden-unicode" | "description-instruction" | "schema-instruction",
  text: string,
  path: string,
  what: string,
  emit: Emit,
): void {
  const scanned = scanHead(text).length;
  if (scanned === text.length) return;
  emit(
    rule,
    path,
    `${path} (${Math.ceil(text.length / 1024)} KB) was scanned for ${what} only up to ${limitPhrase("scan-kb")}`,
    `Shorten ${path}; to check all of it, raise the scan-kb limit past its size.`,
    { technique: "not-scanned", length: text.length, scanned },
    "error",
  );
}
