// One message on its way through the guard. A frame read from a stream holds its text until the
// guard parses it (once); a frame from an SDK transport, or one the guard made, holds the parsed
// value, and is written as the JSON of that value.

/** A message in transit: its text as received, its parsed form, or both. */
export interface Frame {
  /** The line as received, without its newline. */
  readonly text?: string;
  /** The parsed JSON, once parsed (`UNPARSEABLE` when the text is not JSON). */
  message?: unknown;
}

/** The parsed form of a frame whose text is not JSON. */
export const UNPARSEABLE: unique symbol = Symbol("unparseable");

/** The frame's parsed JSON (cached), or `UNPARSEABLE`. */
export function messageOf(frame: Frame): unknown {
  if (frame.message === undefined) {
    try {
      frame.message = JSON.parse(frame.text ?? "") as unknown;
    } catch {
      frame.message = UNPARSEABLE;
    }
  }
  return frame.message;
}

/** The frame's text: as received, or the JSON of a message the guard made or rewrote. */
export function textOf(frame: Frame): string {
  return frame.text ?? JSON.stringify(frame.message);
}

/** A frame for a message the guard makes. */
export function frameOf(message: unknown): Frame {
  return { message };
}
