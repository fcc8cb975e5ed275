// The fetch an HTTP transport uses, bounded against a server that answers with a decompression
// bomb, an event stream that never ends an event, a flood of requests needing answers, or no
// answer at all (to the closing DELETE, say). A limit hit is reported through `onLimit`, which
// stops the session with that one error.
import { ToolscoreError } from "../util/errors.js";
import { limitBytes, limitError, limits } from "../util/limits.js";

/** The fetch signature the SDK's transports take. */
export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** What {@link boundedFetch} needs. */
export interface FetchBounds {
  /** Milliseconds a request may wait for its answer's headers (and a plain answer for its body). */
  timeoutMs: number;
  /** Hears a limit hit, before the request that hit it fails. */
  onLimit: (e: ToolscoreError) => void;
  base?: FetchLike;
}

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000}s` : `${(ms / 1000).toFixed(1)}s`);

/**
 * A fetch that bounds each request: its time (headers, and the whole body unless it is an event
 * stream, whose requests the session times one by one), the size of a body after decompression or
 * of one event of a stream (`message-mb`), and the requests in flight at once (`queued-replies`).
 */
export function boundedFetch(bounds: FetchBounds): FetchLike {
  const base = bounds.base ?? fetch;
  let inFlight = 0;
  return async (url, init = {}) => {
    if (inFlight >= limits()["queued-replies"]) {
      const e = limitError(
        "queued-replies",
        "the server sent requests faster than their answers went out: requests in flight passed",
      );
      bounds.onLimit(e);
      throw e;
    }
    const method = init.method ?? "GET";
    const timeout = new AbortController();
    const timer = setTimeout(
      () =>
        timeout.abort(
          new ToolscoreError(
            "TIMEOUT",
            `the server did not answer an HTTP ${method} within ${seconds(bounds.timeoutMs)}`,
            { method, timeoutMs: bounds.timeoutMs },
          ),
        ),
      // Node's timers hold at most 2^31-1 ms; a longer delay would fire at once.
      Math.min(bounds.timeoutMs, 0x7fffffff),
    );
    // The timer bounds a request someone waits on; an answer whose body nobody reads (an error
    // status the SDK gives up on) must not keep the process alive until it fires.
    timer.unref();
    const signal = init.signal ? AbortSignal.any([init.signal, timeout.signal]) : timeout.signal;
    inFlight++;
    let response: Response;
    try {
      response = await base(url, { ...init, signal });
    } catch (e) {
      clearTimeout(timer);
      throw timeout.signal.aborted ? timeout.signal.reason : e;
    } finally {
      inFlight--;
    }
    const isStream = (response.headers.get("content-type") ?? "").includes("text/event-stream");
    if (isStream) clearTimeout(timer);
    if (!response.body || response.status < 200) {
      clearTimeout(timer);
      return response;
    }
    const max = limitBytes("message-mb");
    let size = 0;
    let newlines = 0;
    const counter = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (isStream) {
          // An event ends at a blank line: count the bytes since the last one.
          for (let i = 0; i < chunk.length; i++) {
            const b = chunk[i]!;
            if (b === 10) {
              if (++newlines >= 2) size = 0;
            } else if (b !== 13) {
              newlines = 0;
              size++;
            }
          }
        } else size += chunk.length;
        if (size > max) {
          clearTimeout(timer);
          const e = limitError(
            "message-mb",
            isStream
              ? "one event the server streamed is larger than"
              : "one HTTP answer from the server (after decompression) is larger than",
          );
          bounds.onLimit(e);
          controller.error(e);
          return;
        }
        controller.enqueue(chunk);
      },
      flush() {
        clearTimeout(timer);
      },
    });
    const bounded = new Response(response.body.pipeThrough(counter), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    // The SDK reads where a redirect came from.
    Object.defineProperty(bounded, "url", { value: response.url });
    return bounded;
  };
}
