// The techniques of tool poisoning, as data: one entry per technique, each a pattern over folded text
// (see normalize.ts) that needs the combination an attack needs, not a single word: an order aimed at
// the model together with a target (another tool, the user, a secret, an outside address, the
// conversation). Honest usage advice about a tool's own inputs ("dates must be ISO 8601", "call
// list_pages before get_page", "Use this tool when...") has no such target and stays quiet. This
// module says what a technique is and the order they are reported in; the techniques sit by family
// (instruction-takeover.ts, instruction-theft.ts, instruction-misuse.ts), over the vocabulary of
// instruction-vocabulary.ts. The tests hold positive and negative examples of each.

import type { Severity } from "./types.js";
import { MISUSE } from "./instruction-misuse.js";
import { HIDDEN_MARKUP, TAKEOVER } from "./instruction-takeover.js";
import { COLLECTOR_HOST, THEFT } from "./instruction-theft.js";

/** Where a technique applies: prose (descriptions, titles, values) or identifiers (property names). */
export type TechniqueScope = "prose" | "name";

/** One technique of `description-instruction` / `schema-instruction`. */
export interface Technique {
  /** The sub-id: `description-instruction/<id>`. */
  id: string;
  /** `error` where the text plainly turns the model against the user; `warning` for weaker signals. */
  severity: Exclude<Severity, "info">;
  /** What the text does, for the message. */
  label: string;
  pattern: RegExp;
  /**
   * Words the pattern cannot match without, tested first: most text has none of them, and this
   * cheap test keeps lint of a large server fast. Must never reject a text the pattern matches.
   */
  hint?: RegExp;
  /**
   * `negated`: not when the words just before say never/not (defensive text such as "you must never
   * ignore system instructions"); `defensive`: not when they say the tool detects, blocks or warns;
   * `mention`: not when the words around name the marker rather than use it ("the [INST] token");
   * `confidential`: not when the sentence is about a secret, so that what is not revealed is the
   * secret itself ("use a secret without revealing it").
   */
  guard?: "negated" | "defensive" | "mention" | "confidential";
  /** Not when the matched words themselves match this ("never sent to third parties", "e.g."). */
  unless?: RegExp;
  /** A last check on the match, for what a pattern cannot say well (a misspelt tag name). */
  accept?: (match: RegExpExecArray) => boolean;
  /** Default: prose only. */
  scope?: readonly TechniqueScope[];
}

/** The techniques, in the order they are reported. */
export const TECHNIQUES: readonly Technique[] = [
  ...TAKEOVER,
  ...THEFT,
  ...MISUSE,
  HIDDEN_MARKUP,
  COLLECTOR_HOST,
];
