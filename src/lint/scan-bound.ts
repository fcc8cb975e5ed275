// Lint scans what a server wrote, and a server may write megabytes into one description: the
// detection of hidden characters and instructions reads at most the first `scan-kb` of each text.
// The rest is not passed as clean: a finding says which text was scanned only in part.
import { limitBytes } from "../util/limits.js";
import type { ReportedFinding } from "./rule.js";

/** The part of `text` lint scans: all of it, or its first `scan-kb` (never half a surrogate pair). */
export function scanHead(text: string): string {
  let end = limitBytes("scan-kb");
  if (text.length <= end) return text;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return text.slice(0, end);
}

/** The data of a finding on a text scanned only in part. */
export interface PartlyScannedData {
  /** Where the text is, as the sentence names it. */
  where: string;
  /** Its size in KB, rounded up. */
  kb: number;
  /** What it was scanned for ("hidden characters"). */
  what: string;
}

/**
 * The finding that `text` at `path` was scanned for `what` only in part (an error: what a model
 * reads past the bound was not checked), or undefined when the whole text was scanned.
 */
export function partlyScanned(
  text: string,
  path: string,
  what: string,
): (ReportedFinding & { messageId: "partlyScanned"; data: PartlyScannedData }) | undefined {
  const scanned = scanHead(text).length;
  if (scanned === text.length) return undefined;
  const data: PartlyScannedData = { where: path, kb: Math.ceil(text.length / 1024), what };
  return {
    messageId: "partlyScanned",
    path,
    data,
    args: { technique: "not-scanned", length: text.length, scanned },
    severity: "error",
  };
}
