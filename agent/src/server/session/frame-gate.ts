/**
 * Holds the frames that follow the metadata for a moment (docs/protocol.md §4.5). ElevenLabs' service
 * synthesises before it speaks, so its first frames after `conversation_initiation_metadata`
 * come hundreds of milliseconds after it; clients are written for that. `@elevenlabs/client`
 * only wires its message handling once it has parsed the metadata, and in Node every frame that
 * arrives in the same network read as the metadata is lost (the greeting, in 8 of 10 sessions
 * tried when the agent sent it within a millisecond). A frame sent while the gate is shut waits
 * and goes out, in order, when it opens.
 */
export class FrameGate {
  private queue: string[] | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly write: (data: string) => void) {}

  /** Shuts the gate for `ms` (0: it stays open). */
  holdFor(ms: number): void {
    if (ms <= 0) return;
    this.queue ??= [];
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.open(), ms);
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
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const waiting = this.queue ?? [];
    this.queue = null;
    for (const data of waiting) this.write(data);
  }

  /** The call ended: what waited is dropped. */
  discard(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.queue = null;
  }
}
