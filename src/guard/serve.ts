// The guard as a process: MCP over its own stdin/stdout to the client, the server launched (or
// reached) behind it. The client's stdin closing ends the session; the server's exit ends it too,
// with the server's exit code.
import type { Readable, Writable } from "node:stream";
import { limitError } from "../util/limits.js";
import { GuardCore, type GuardCoreOptions } from "./core.js";
import { textOf, type Frame } from "./frame.js";
import { pinsTemplates } from "./kinds.js";
import { LineSplitter, manyLines } from "./lines.js";
import { templateMatcher } from "./reads.js";
import { exitCodeOf, type Upstream } from "./upstream.js";
import { errorLine } from "../report/advice.js";

// How long a server may take to end by itself once its input has ended.
const FINISH_GRACE_MS = 2000;

/** What {@link serveStdio} needs besides the core's options. */
export interface ServeOptions extends Omit<GuardCoreOptions, "toClient" | "toServer" | "onProtocolVersion"> {
  upstream: Upstream;
  input: Readable;
  output: Writable & { cork(): void; uncork(): void };
}

/**
 * Relays between `input`/`output` (the client) and the upstream until one side ends; resolves
 * with the exit code: the server's own when it exits, or when the client closes, the server's
 * after it was stopped (0 when it had to be stopped by a signal); 2 when the guard had to end the
 * session itself (a message past `message-mb`, a server no longer reachable).
 */
export async function serveStdio(opts: ServeOptions): Promise<number> {
  const { upstream, input, output } = opts;
  const toClient = (frame: Frame) => {
    if (!output.write(`${textOf(frame)}\n`)) {
      upstream.pause();
      output.once("drain", () => upstream.resume());
    }
  };
  const core = new GuardCore({
    ...opts,
    toClient,
    toServer: (frame) => {
      if (!upstream.send(frame)) {
        input.pause();
        upstream.onDrain(() => input.resume());
      }
    },
    onProtocolVersion: (v) => upstream.setProtocolVersion?.(v),
  });
  if (pinsTemplates(opts.lock)) core.useTemplateMatcher(templateMatcher());
  upstream.useToolSchemas?.((tool) => core.toolInputSchema(tool));
  await upstream.start(
    (frame) => core.fromServer(frame),
    (message, why, credentials) => core.undelivered(message, why, credentials),
    { begin: () => output.cork(), end: () => output.uncork() },
  );

  return new Promise<number>((resolve) => {
    let clientClosed = false;
    let finishing: Promise<void> | undefined;
    const tooLong = () =>
      void upstream.abort(errorLine(limitError("message-mb", "one message from the client is larger than")));
    const lines = new LineSplitter((text) => core.fromClient({ text }), tooLong);
    input.on("data", (chunk: Buffer) => {
      if (!manyLines(chunk)) return lines.push(chunk);
      // The lines of one chunk from the client go to the server in one write.
      upstream.cork?.();
      lines.push(chunk);
      upstream.uncork?.();
    });
    // The client's end of input is passed on as the end of the server's, after what it sent
    // before has been judged and passed on: as a pipe would, had the guard not been there.
    const onClientEnd = () => {
      if (clientClosed) return;
      clientClosed = true;
      lines.end();
      const waited = new Promise((r) => setTimeout(r, opts.timeoutMs).unref());
      finishing = Promise.race([core.settled(), waited]).then(() => upstream.finish(FINISH_GRACE_MS));
    };
    input.once("end", onClientEnd);
    input.once("error", onClientEnd);
    void upstream.exited.then((exit) => {
      core.close();
      if (exit.reason !== undefined) opts.log({ event: "stopped", reason: exit.reason });
      else if (exit.closed) opts.log({ event: "closed" });
      else opts.log({ event: "server-exited", code: exit.code, signal: exit.signal });
      input.pause();
      const code = clientClosed && exit.code === null && exit.reason === undefined ? 0 : exitCodeOf(exit);
      // Once stopped, its whole group is gone before the guard is.
      void (finishing ?? Promise.resolve()).then(() => output.write("", () => resolve(code)));
    });
  });
}
