import { randomBytes } from "node:crypto";
import { appendFileSync } from "node:fs";

/**
 * One output in the `$GITHUB_OUTPUT` file format: `name=value`, or for a value with a line break
 * the heredoc form with a delimiter that cannot occur in the value.
 */
export function formatOutput(name: string, value: string): string {
  if (!/[\r\n]/.test(value)) return `${name}=${value}\n`;
  let delimiter: string;
  do delimiter = `ghadelimiter_${randomBytes(8).toString("hex")}`;
  while (value.includes(delimiter));
  return `${name}<<${delimiter}\n${value}\n${delimiter}\n`;
}

/** Appends outputs to the file named by GITHUB_OUTPUT (nothing when it is not set). */
export function writeOutputs(env: Record<string, string | undefined>, outputs: Record<string, string>): void {
  const file = env.GITHUB_OUTPUT;
  if (!file) return;
  const text = Object.entries(outputs)
    .map(([k, v]) => formatOutput(k, v))
    .join("");
  if (text) appendFileSync(file, text, "utf8");
}

/** Appends Markdown to the job summary (the file named by GITHUB_STEP_SUMMARY), when there is one. */
export function appendSummary(env: Record<string, string | undefined>, markdown: string): void {
  const file = env.GITHUB_STEP_SUMMARY;
  if (file) appendFileSync(file, markdown.endsWith("\n") ? markdown : markdown + "\n", "utf8");
}
