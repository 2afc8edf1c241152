/**
 * Holds the frames that follow the metadata until the client has read it (docs/protocol.md §4.5).
 * ElevenLabs' service synthesises before it speaks, so its first frames after
 * `conversation_initiation_metadata` come hundreds of milliseconds after it, and clients are
 * written for that: `@elevenlabs/client` only wires its message handling once it has parsed the
 * metadata, and in Node every frame that arrives in the same network read as the metadata is lost
 * (the greeting, in 8 of 10 sessions tried when the agent sent it within a millisecond). The
 * transport opens the gate when the client has answered a websocket ping sent after the metadata
 * (transport.ts), which proves the metadata was read; a cap bounds the wait for a client that
 * does not answer. A frame sent while the gate is shut waits and goes out, in order, when it opens.
 */
export class FrameGate {
  private queue: string[] | null = null;
  private timer: NodeJS.Timeout | null = null;
  private opened: (() => void) | null = null;

  constructor(private readonly write: (data: string) => void) {}

  /** Shuts the gate until `open`, for at most `maxMs` (0: it stays open). Resolves when it opens (or the call is discarded). */
  holdFor(maxMs: number): Promise<void> {
    if (maxMs <= 0) return Promise.resolve();
    this.queue ??= [];
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.open(), maxMs);
    return new Promise((resolve) => {
      const earlier = this.opened;
      this.opened = () => {
        earlier?.();
        resolve();
      };
    });
  }

  get holding(): boolean {
    return this.queue !== null;
  }

  send(data: string): void {
    if (this.queue) this.queue.push(data);
    else this.write(data);
  }

  /** Sends what waited and lets every later frame straight through. */
  open(): void {
    const waiting = this.queue ?? [];
    this.release();
    for (const data of waiting) this.write(data);
  }

  /** The call ended: what waited is dropped. */
  discard(): void {
    this.release();
  }

  private release(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.queue = null;
    const opened = this.opened;
    this.opened = null;
    opened?.();
  }
}
