import { ToolscoreError } from "../util/errors.js";
import { redactCommand } from "./redact.js";
import type { ServerTarget } from "./target.js";

/** The target of a launch command given as one argument (SERVER), split as {@link splitCommand} does. */
export function launchTarget(
  arg: string,
  env: Record<string, string>,
  cwd: string | undefined,
): Extract<ServerTarget, { kind: "stdio" }> {
  return { kind: "stdio", argv: splitCommand(arg), env, cwd, label: redactCommand(arg) };
}

/**
 * Splits a launch command into argv the way a POSIX shell splits words: single quotes keep
 * everything, double quotes keep all but `\"`, `\\`, `\$` and `` \` ``, and a backslash outside
 * quotes escapes the next character. Nothing is expanded and no shell ever runs the command.
 */
export function splitCommand(command: string): string[] {
  const args: string[] = [];
  let cur = "";
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else cur += c;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else if (c === "\\" && i + 1 < command.length && '"\\$`\n'.includes(command[i + 1]!)) {
        const n = command[++i]!;
        if (n !== "\n") cur += n;
      } else cur += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === "\\") {
      if (i + 1 >= command.length) throw usage(command, "it ends with a lone backslash");
      const n = command[++i]!;
      if (n !== "\n") {
        cur += n;
        inWord = true;
      }
    } else if (/\s/.test(c)) {
      if (inWord) args.push(cur);
      cur = "";
      inWord = false;
    } else {
      cur += c;
      inWord = true;
    }
  }
  if (quote) throw usage(command, `a ${quote === "'" ? "single" : "double"} quote is not closed`);
  if (inWord) args.push(cur);
  if (args.length === 0) throw usage(command, "it is empty");
  return args;
}

function usage(command: string, why: string): ToolscoreError {
  return new ToolscoreError("USAGE", `cannot read the launch command ${JSON.stringify(command)}: ${why}`);
}

// Words a shell and splitCommand both read as they are, unquoted.
const PLAIN = /^[A-Za-z0-9_@%+=:,./-]+$/;

const quoted = (w: string) => `'${w.replaceAll("'", "'\\''")}'`;

/** One word as a POSIX shell (and {@link splitCommand}) reads it back: as it is when plain, else quoted. */
export function shellWord(w: string): string {
  return PLAIN.test(w) ? w : quoted(w);
}

/**
 * Joins argv into one launch command that {@link splitCommand} splits back into exactly `argv`:
 * a word of plain characters as it is, any other in single quotes (a quote inside as `'\''`). The
 * first word is quoted when it starts with a dash, so that the line never reads as an option.
 */
export function joinCommand(argv: readonly string[]): string {
  return argv.map((w, i) => (i === 0 && w.startsWith("-") ? quoted(w) : shellWord(w))).join(" ");
}
