import { appendFileSync } from "node:fs";
import type { CliContext } from "./context.js";

/** One GitHub workflow annotation. */
export interface Annotation {
  level: "error" | "warning" | "notice";
  title: string;
  message: string;
  file?: string;
  line?: number;
}

// Workflow commands need %, CR and LF escaped in the message, and also : and , in properties.
const escData = (s: string) => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const escProp = (s: string) => escData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");

/** The `::error title=…::message` line of an annotation. */
export function formatAnnotation(a: Annotation): string {
  const props = [
    ...(a.file ? [`file=${escProp(a.file)}`] : []),
    ...(a.line ? [`line=${a.line}`] : []),
    `title=${escProp(a.title)}`,
  ];
  return `::${a.level} ${props.join(",")}::${escData(a.message)}`;
}

/** The `github` format: one workflow command line per annotation. */
export function renderAnnotations(annotations: readonly Annotation[]): string {
  return annotations.map((a) => formatAnnotation(a) + "\n").join("");
}

/**
 * For `--ci`: appends `markdown` to the file named by GITHUB_STEP_SUMMARY (when set) and prints the
 * annotations (already rendered, the `github` format), which the runner reads from its output
 * streams. They go to stdout, unless stdout carries a document (`--json -`, a report on stdout):
 * then to stderr, so stdout stays one well-formed document.
 */
export function emitCiText(
  ctx: CliContext,
  markdown: string,
  annotations: string,
  stdoutIsDocument: boolean,
): void {
  const summary = ctx.env.GITHUB_STEP_SUMMARY;
  if (summary) appendFileSync(summary, markdown.endsWith("\n") ? markdown : markdown + "\n", "utf8");
  if (annotations) (stdoutIsDocument ? ctx.stderr : ctx.stdout)(annotations);
}
