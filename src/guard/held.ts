// The client's messages that wait. Until the handshake is answered, and while the surface is
// checked, requests and notifications are held in order, then judged one by one once nothing
// waits; what was to follow a check (the handshake's answer) runs when the check ends.

/** The client's messages held back, and the check of the surface they wait for. */
export class HeldMessages<T> {
  private readonly held: T[] = [];
  private readonly afterVerify: Array<() => void> = [];
  private verifying: Promise<void> | undefined;
  private ended = false;
  /** A handshake was forwarded and its answer has not come. */
  handshakeInFlight = false;

  /** `judge` decides a message once it no longer waits; `verify` checks the surface. */
  constructor(
    private readonly judge: (msg: T) => void,
    private readonly verify: () => Promise<void>,
  ) {}

  /** The session is over: nothing more is judged or checked. */
  get closed(): boolean {
    return this.ended;
  }

  /**
   * Whether a message must wait: while the surface is checked, while others wait, and until the
   * handshake is answered; a second handshake does not (a client that probed with
   * server/discover and heard nothing tries initialize).
   */
  mustWait(handshake: boolean): boolean {
    return Boolean(this.verifying || (this.handshakeInFlight && !handshake) || this.held.length);
  }

  /** Holds `msg` behind those already waiting. */
  hold(msg: T): void {
    this.held.push(msg);
  }

  /** Holds `msg` ahead of those waiting: it is judged first. */
  holdFirst(msg: T): void {
    this.held.unshift(msg);
  }

  /** Resolves once nothing waits: no handshake answer, no check running, no frame held. */
  async settled(): Promise<void> {
    while (!this.ended && (this.verifying || this.handshakeInFlight || this.held.length)) {
      await (this.verifying ?? new Promise((resolve) => setTimeout(resolve, 10)));
    }
  }

  /** Checks the surface (unless a check or a handshake is under way), then runs `then`. */
  startVerification(then?: () => void): void {
    if (this.ended) return;
    if (then) this.afterVerify.push(then);
    if (this.verifying || this.handshakeInFlight) return;
    this.verifying = this.verify().then(() => {
      this.verifying = undefined;
      if (this.ended) return; // nothing more reaches the client once the session is over
      for (const fn of this.afterVerify.splice(0)) fn();
      this.drain();
    });
  }

  /** Judges the messages held, in order, until one must wait again. */
  drain(): void {
    while (this.held.length && !this.verifying && !this.handshakeInFlight) this.judge(this.held.shift()!);
  }

  /** The server is gone: waiting frames are dropped. */
  close(): void {
    this.ended = true;
    this.held.length = 0;
    this.afterVerify.length = 0;
  }
}
