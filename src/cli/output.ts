// The one output layer: a command hands over its typed result, its renderers (by format name)
// and what its output flags ask for; this module decides which stream or file each rendering goes
// to. Human text goes to stdout, or to stderr when stdout carries a document; a stream never
// carries two documents; files are written atomically; `--ci` Markdown goes to the job summary and
// annotations to whichever stream carries no document.
import { scrubPieces, scrubSecrets } from "../mcp/redact.js";
import { ToolscoreError } from "../util/errors.js";
import { ownStream, writeFileAtomic, writePiecesAtomic } from "../util/fs.js";
import { pathArg } from "./args.js";
import { emitCiText } from "./ci.js";
import { consoleWidth, type CliContext } from "./context.js";
import { fitText } from "../report/fit.js";

/** The formats a result is rendered in (knip's reporters, ESLint's formatters). */
export type Format = "text" | "json" | "markdown" | "sarif" | "github";

/**
 * A rendering: one string, or a document as its pieces in order (a snapshot holding a description
 * of tens of megabytes is written a piece at a time, never joined into one string).
 */
export type Rendering = string | readonly string[];

/** A command's renderers, `result → string` (or pieces), keyed by format name. */
export type Renderers<R> = { readonly [F in Format]?: (result: R) => Rendering };

/** One document an output flag asks for. */
export interface DocumentRequest {
  format: Format;
  /** The flag's value: a file, `-` for stdout, or undefined when the flag is not given. */
  to: string | undefined;
  /** The flag, for the usage error when two documents ask for stdout. */
  option: string;
  /** The line on stderr once the document is written to a file (none by default). */
  announce?: (to: string) => string;
}

/** What a command's output flags ask for. */
export interface OutputRequest {
  documents: DocumentRequest[];
  /** The human report (`text`), unless false. */
  text?: boolean;
  /** `--ci`: the `markdown` rendering to the job summary, the `github` one as annotations. */
  ci?: boolean;
}

/** The request of a command whose documents are `--json` and `--sarif`, with `--ci`. */
export function jsonAndSarif(values: { json?: string; sarif?: string; ci?: boolean }): OutputRequest {
  return {
    documents: [
      { format: "json", to: values.json, option: "--json" },
      { format: "sarif", to: values.sarif, option: "--sarif" },
    ],
    ci: values.ci,
  };
}

const given = (d: DocumentRequest): d is DocumentRequest & { to: string } => d.to !== undefined;

/** Whether a document of the request goes to stdout. */
export function stdoutCarriesDocument(request: OutputRequest): boolean {
  return request.documents.some((d) => d.to === "-");
}

/**
 * Checks the output flags before anything runs: at most one document may go to stdout, so that
 * stdout always parses.
 */
export function checkOutputs(request: OutputRequest): void {
  const onStdout = request.documents.filter((d) => d.to === "-");
  if (onStdout.length > 1) {
    throw new ToolscoreError(
      "USAGE",
      `${onStdout.map((d) => `${d.option} -`).join(" and ")} both ask for stdout: send all but one to a file`,
    );
  }
}

function render<R>(renderers: Renderers<R>, format: Format, result: R): Rendering {
  const r = renderers[format];
  if (!r) throw new Error(`no ${format} renderer`);
  return r(result);
}

const joined = (r: Rendering): string => (typeof r === "string" ? r : r.join(""));

// Pieces go out one by one, each once the reader took the one before (`drain`), so that a long
// document is never queued whole; scrubbed as one text only when there is a secret to scrub,
// which could straddle two pieces.
async function write(out: (text: string) => void, r: Rendering, drain?: () => Promise<void>): Promise<void> {
  if (typeof r === "string") return out(r);
  for (const piece of scrubPieces(r)) {
    out(piece);
    await drain?.();
  }
}

/** Routes a result's renderings to their streams and files, as {@link OutputRequest} asks. */
export async function emitOutputs<R>(
  ctx: CliContext,
  result: R,
  renderers: Renderers<R>,
  request: OutputRequest,
): Promise<void> {
  // A document sent to this process's own stdout by name (`--json /dev/stdout`) is one on stdout.
  request = {
    ...request,
    documents: request.documents.map((d) =>
      d.to !== undefined && d.to !== "-" && ownStream(pathArg(d.to, ctx)) === 1 ? { ...d, to: "-" } : d,
    ),
  };
  checkOutputs(request);
  const documents = request.documents.filter(given);
  const toStdout = documents.find((d) => d.to === "-");
  for (const d of documents.filter((d) => d.to !== "-"))
    await writeOutput(d.to, render(renderers, d.format, result), ctx);
  if (toStdout) await write(ctx.stdout, render(renderers, toStdout.format, result), ctx.drain);
  if (request.text !== false && renderers.text)
    await write(toStdout ? ctx.stderr : ctx.stdout, fitConsole(ctx, joined(renderers.text(result))));
  if (request.ci) {
    emitCiText(
      ctx,
      joined(render(renderers, "markdown", result)),
      joined(render(renderers, "github", result)),
      Boolean(toStdout),
    );
  }
  for (const d of documents) if (d.to !== "-" && d.announce) ctx.stderr(d.announce(d.to));
}

/**
 * Human text fitted to the console: wrapped at spaces to the terminal's width (or `COLUMNS`);
 * piped with no `COLUMNS`, left as it is, one line per finding, for grep and CI logs.
 */
export function fitConsole(ctx: CliContext, text: string): string {
  const { columns, wrap } = consoleWidth(ctx);
  return wrap ? fitText(text, columns) : text;
}

/**
 * Writes `content` to `file` atomically, or to stderr when `file` names this process's own stderr
 * (`/dev/stderr`): written in order with the rest of the output, never replaced. (A file naming its
 * own stdout is a document on stdout, routed by {@link emitOutputs}.)
 */
async function writeOutput(file: string, content: Rendering, ctx: CliContext): Promise<void> {
  if (ownStream(pathArg(file, ctx)) === 2) await write(ctx.stderr, content);
  else if (typeof content === "string") writeFileAtomic(pathArg(file, ctx), scrubSecrets(content));
  else writePiecesAtomic(pathArg(file, ctx), scrubPieces(content));
}
