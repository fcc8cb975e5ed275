import { LINT_RULES } from "../lint/index.js";

// The rule list of `mcp lint --help`, from the catalogue that SARIF and the README's table read.

function wrap(text: string, width: number, indent: string): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && indent.length + line.length + 1 + word.length > width) {
      lines.push(indent + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(indent + line);
  return lines;
}

/** `Rules:` and, for each lint rule, its id and severity, then its summary wrapped under it. */
export function lintRulesHelp(width = 100): string {
  const lines = ["Rules (ids and severities are stable):"];
  for (const r of LINT_RULES) {
    lines.push(`  ${r.id} (${r.severities ?? r.severity})`);
    lines.push(...wrap(r.summary, width, "      "));
  }
  return lines.join("\n") + "\n";
}
