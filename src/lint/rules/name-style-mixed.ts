import { compareCodeUnits } from "../../util/order.js";
import { defineRule } from "../rule.js";
import { isValidToolName } from "./name-invalid.js";

import type { NameStyle } from "./facts.js";

// The specification allows 1-128 characters of A-Za-z0-9_-. and names no style: kebab-case,
// camelCase and dotted namespaces are all valid. What confuses a model is a server whose names
// follow two conventions at once, so the rule reports the mix, once per server.

/**
 * The naming style of a valid tool name, or undefined when it fits any style (one lower-case word
 * such as `search`, `add` or `v2`). A dotted prefix is a namespace (`admin.tools.list`), so only
 * the part after the last dot counts.
 */
export function nameStyle(name: string): NameStyle | undefined {
  const last = name.slice(name.lastIndexOf(".") + 1);
  const snake = last.includes("_");
  const kebab = last.includes("-");
  if (snake && kebab) return "mixed _ and -";
  if (snake) return "snake_case";
  if (kebab) return "kebab-case";
  if (!/[A-Z]/.test(last) || !/[a-z]/.test(last)) return undefined;
  if (/^[A-Z]/.test(last)) return /[a-z0-9][A-Z]/.test(last) ? "PascalCase" : undefined;
  return "camelCase";
}

// How many names of each style the message shows.
const EXAMPLES = 3;

/** name-style-mixed: the tool names of one server follow more than one naming style. */
export const nameStyleMixed = defineRule({
  id: "name-style-mixed",
  severity: "info",
  docs: {
    summary: "The server's tool names mix naming styles.",
    help: "Any name of 1 to 128 characters of A-Z, a-z, 0-9, '_', '-' and '.' is valid; one style across a server's tools (snake_case, kebab-case or camelCase) is easier for a model to get right.",
    finds:
      "tool names of one server in more than one style (snake_case, kebab-case, camelCase, PascalCase): one finding for the server, naming the styles with examples. It replaces `name-not-snake-case`, which reported every valid name that was not snake_case",
  },
  // One finding for the server.
  messages: { mixed: () => "" },
  checkAll(units, reportFor) {
    const byStyle = new Map<NameStyle, string[]>();
    for (const { tool } of units) {
      if (!isValidToolName(tool.name)) continue; // name-invalid's
      const style = nameStyle(tool.name);
      if (style === undefined) continue;
      const names = byStyle.get(style) ?? [];
      names.push(tool.name);
      byStyle.set(style, names);
    }
    if (byStyle.size < 2) return;
    const styles = [...byStyle]
      .map(([style, names]) => {
        const sorted = [...new Set(names)].sort(compareCodeUnits);
        return { style, count: names.length, examples: sorted.slice(0, EXAMPLES) };
      })
      .sort((a, b) => b.count - a.count || compareCodeUnits(a.style, b.style));
    const args = Object.fromEntries(styles.map((s) => [s.style, s.count]));
    reportFor(null)("mixed", "tools[].name", { styles }, { styles: args });
  },
});
