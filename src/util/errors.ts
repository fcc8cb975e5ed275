/**
 * Every error toolscore throws on purpose carries one of these codes and its facts in `data`
 * (where one code has several causes, `data.problem` names the cause). The message says what went
 * wrong, never which option to change: the CLI adds that advice from one table (src/report/advice.ts)
 * and maps every code to exit code 2. Callers of the library branch on `code`, never on the message.
 */
export type ErrorCode =
  | "USAGE" // the command line is wrong
  | "FILE_NOT_FOUND" // a named file does not exist
  | "FILE_INVALID" // a file exists but is not what it should be (not JSON, wrong kind, bad shape)
  | "FILE_WRITE" // an output file could not be written
  | "CONFIG_INVALID" // a client config file is malformed or lacks the named server
  | "SPAWN_FAILED" // the launch command could not be started
  | "SERVER_EXITED" // the server process ended before or during the session
  | "TIMEOUT" // a request got no answer in time
  | "CONNECTION_FAILED" // a URL could not be reached over any transport
  | "AUTH_REQUIRED" // a server asks for a sign-in, rejected the credentials, or refused their scope
  | "PROTOCOL_ERROR" // the server broke the protocol or answered a request with an error
  | "LIMIT" // something a server sent is larger, deeper or slower than a limit allows (src/util/limits.ts)
  | "CLIENT_CAPABILITIES"; // a check declares client capabilities other than the ones its lock was pinned with

/** The one error type of toolscore: a code, a message that says what went wrong, and facts. */
export class ToolscoreError extends Error {
  override readonly name = "ToolscoreError";
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly data: Record<string, unknown> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** True when `e` is a ToolscoreError, optionally with the given code. */
export function isToolscoreError(e: unknown, code?: ErrorCode): e is ToolscoreError {
  return e instanceof ToolscoreError && (code === undefined || e.code === code);
}
