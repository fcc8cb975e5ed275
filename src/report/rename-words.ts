// The words of a likely rename: each reason a removed and an added tool (or prompt, or resource
// template) were paired, made from the diff's facts.
import type { RenamePair } from "../diff/renames.js";
import type { LikelyRename, LikelyRenameJson, RenameReason } from "../diff/types.js";

/** One reason, as a reviewer reads it ("same words in another case style"). */
export function renameReason(r: RenameReason): string {
  switch (r.kind) {
    case "same-words":
      return "same words in another case style";
    case "names-alike":
      return `names ${r.percent}% alike`;
    case "same-description":
      return "same description";
    case "descriptions-alike":
      return `descriptions ${r.percent}% alike`;
    case "same-input-schema":
      return "same inputSchema";
    case "no-parameters":
      return "both take no parameters";
    case "shared-parameters":
      return `shared parameters: ${r.parameters.join(", ")}`;
  }
}

/** A rename's reasons in one line, `; ` between them (not escaped). */
export const renameReasons = (r: Pick<RenamePair, "reasons">): string =>
  r.reasons.map(renameReason).join("; ");

/** The document form of a likely rename: its reasons as sentences, keys in the document's order. */
export function likelyRenameJson<R extends RenamePair | LikelyRename>(
  r: R,
): Omit<R, "reasons"> & Pick<LikelyRenameJson, "reasons"> {
  return { ...r, reasons: r.reasons.map(renameReason) };
}
