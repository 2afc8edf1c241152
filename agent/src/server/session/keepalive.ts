import type { EventRef } from "../messages";

/**
 * A call's pings (docs/protocol.md §4.1.6): one right after metadata, then one per interval, each
 * with its own counter and the round trip measured from the last pong (`null` until the
 * first). The SDK has no liveness timer of its own; the server uses the round trip to
 * know how late the client hears what it is sent.
 */
export class Keepalive {
  private nextPingId = 1;
  private readonly inFlight = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private measuredRttMs: number | null = null;

  constructor(
    private readonly options: {
      readonly intervalMs: number;
      readonly now: () => number;
      readonly sendPing: (eventId: number, pingMs: number | null) => void;
    },
  ) {}

  /** The latest measured round trip, in whole milliseconds. */
  get rttMs(): number | null {
    return this.measuredRttMs;
  }

  start(): void {
    if (this.timer) return;
    this.ping();
    this.timer = setInterval(() => this.ping(), this.options.intervalMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** False for a pong that answers no ping in flight (it is ignored). */
  onPong(eventId: EventRef): boolean {
    const id = typeof eventId === "string" ? Number(eventId) : eventId;
    const sentAt = typeof id === "number" ? this.inFlight.get(id) : undefined;
    if (id === null || sentAt === undefined) return false;
    this.inFlight.delete(id);
    this.measuredRttMs = Math.round(this.options.now() - sentAt);
    return true;
  }

  private ping(): void {
    const id = this.nextPingId;
    this.nextPingId += 1;
    this.inFlight.set(id, this.options.now());
    // Only recent pings matter for the round trip; a client that never answers leaks nothing.
    if (this.inFlight.size > 8) {
      const oldest = this.inFlight.keys().next().value;
      if (oldest !== undefined) this.inFlight.delete(oldest);
    }
    this.options.sendPing(id, this.measuredRttMs);
  }
}
