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
}

/** The real process as a CliContext. */
export function processContext(): CliContext {
  return {
    stdout: (t) => void process.stdout.write(t),
    stderr: (t) => void process.stderr.write(t),
    env: process.env,
    cwd: process.cwd(),
    isTTY: Boolean(process.stdout.isTTY),
    columns: process.stdout.columns,
  };
}

/** Colours are used on a TTY unless NO_COLOR is set (https://no-color.org). */
export function useColor(ctx: CliContext): boolean {
  return ctx.isTTY && !ctx.env.NO_COLOR && ctx.env.TERM !== "dumb";
}

/**
 * What a command's `execute` returns: its exit code and the typed result its outputs were rendered
 * from, so a caller in the same process (the Action) reads the result rather than a file.
 */
export interface Executed<R> {
  code: number;
  result: R;
}
