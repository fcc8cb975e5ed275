import type { EarlyStart } from "./launch-ahead.js";

/** What a command may touch: its output streams, environment and working directory. */
export interface CliContext {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
  cwd: string;
  /** stdout is a terminal (colours, widths, progress are allowed). */
  isTTY: boolean;
  /** Terminal width in columns, when known. */
  columns?: number;
  /**
   * Resolves once what was written to stdout has been taken by the reader, so that a long document
   * written a piece at a time is never queued whole in memory; absent, writing does not wait.
   */
  drain?: () => Promise<void>;
  /** The command line parsed, and its server started, before the command loaded (launch-ahead.ts). */
  early?: EarlyStart;
}

/**
 * Writes to `stream` until its reader goes away: a reader that closes early (`toolscore … | head`)
 * ends the output, not the run, which still stops its servers and exits with its own code.
 */
function writer(stream: NodeJS.WriteStream): (text: string) => void {
  let gone = false;
  stream.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code !== "EPIPE") throw e;
    gone = true;
  });
  return (t) => {
    if (!gone) stream.write(t);
  };
}

/** The real process as a CliContext. */
export function processContext(): CliContext {
  return {
    stdout: writer(process.stdout),
    stderr: writer(process.stderr),
    env: process.env,
    cwd: process.cwd(),
    isTTY: Boolean(process.stdout.isTTY),
    columns: process.stdout.columns,
    drain: () => drained(process.stdout),
  };
}

/** Colours are used on a TTY unless NO_COLOR is set (https://no-color.org). */
export function useColor(ctx: CliContext): boolean {
  return ctx.isTTY && !ctx.env.NO_COLOR && ctx.env.TERM !== "dumb";
}

// A stream that is gone (EPIPE, closed) also ends the wait: nothing more will drain.
function drained(stream: NodeJS.WriteStream): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("close", done);
      stream.off("error", done);
      resolve();
    };
    stream.on("drain", done);
    stream.on("close", done);
    stream.on("error", done);
  });
}

/**
 * What a command's `execute` returns: its exit code and the typed result its outputs were rendered
 * from, so a caller in the same process (the Action) reads the result rather than a file.
 */
export interface Executed<R> {
  code: number;
  result: R;
}

/** The width of tables when output is piped and `COLUMNS` is not set. */
export const PIPE_COLUMNS = 100;

/**
 * How wide the console is: a terminal's own width; else `COLUMNS` when set (a pipe into a pager,
 * a CI runner that sets it); else {@link PIPE_COLUMNS} for tables, with text left unwrapped
 * (`wrap: false`) so that each finding stays one line for grep and for CI logs, which wrap
 * themselves. Never below 20.
 */
export function consoleWidth(ctx: CliContext): { columns: number; wrap: boolean } {
  if (ctx.columns !== undefined && ctx.columns > 0) return { columns: Math.max(20, ctx.columns), wrap: true };
  const env = ctx.env.COLUMNS;
  if (env !== undefined && /^\d{1,5}$/.test(env.trim()) && Number(env) > 0)
    return { columns: Math.max(20, Number(env)), wrap: true };
  return { columns: PIPE_COLUMNS, wrap: false };
}

/** The width text is wrapped to: the console's, or no limit when piped with no `COLUMNS`. */
export function textColumns(ctx: CliContext): number {
  const { columns, wrap } = consoleWidth(ctx);
  return wrap ? columns : Number.POSITIVE_INFINITY;
}
