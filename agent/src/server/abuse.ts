import { SAMPLE_RATE } from "../speech/audio";

/**
 * Per-connection limits on what a client may throw at the server.
 *
 * Leaky buckets, so that a long, honest call never runs one dry:
 * - frames and bytes: a browser sends about 31 audio frames (about 43 KB) a second
 *   (docs/protocol.md §2.4); bursts happen after network stalls; a flood is a sustained rate
 *   far above that;
 * - audio: the recognizer decodes what it is given, so audio may not arrive much faster
 *   than it can be spoken;
 * - strikes: one per bad frame (invalid JSON, unknown type, bad audio, ...). An
 *   occasional oddity is ignored; a client that keeps sending garbage is cut off.
 */

export type AbuseLimits = {
  /** Sustained frames per second that never trip the flood check. */
  readonly framesPerSecond: number;
  /** Frames that may arrive at once above that rate. */
  readonly frameBurst: number;
  readonly bytesPerSecond: number;
  readonly byteBurst: number;
  /** Seconds of audio per second of call, sustained. */
  readonly audioSpeed: number;
  /** Seconds of audio that may arrive at once above that speed. */
  readonly audioBurstSeconds: number;
  /** Bad frames tolerated at once. */
  readonly strikes: number;
  /** One strike is forgiven per this many milliseconds. */
  readonly strikeForgivenessMs: number;
};

export const defaultAbuseLimits: AbuseLimits = {
  framesPerSecond: 150,
  frameBurst: 600,
  bytesPerSecond: 256 * 1024,
  byteBurst: 2 * 1024 * 1024,
  audioSpeed: 2,
  audioBurstSeconds: 20,
  strikes: 20,
  strikeForgivenessMs: 10_000,
};


export interface AbuseBudget {
  /** Counts one incoming frame of `bytes`; false once the client is flooding. */
  admitFrame(at: number, bytes: number): boolean;
  /** Counts decoded audio; false once it arrives much faster than real time. */
  admitAudio(at: number, samples: number): boolean;
  /** Counts one bad frame; false once the strike budget is spent. */
  strike(at: number): boolean;
}

export function createAbuseBudget(limits: AbuseLimits, start: number): AbuseBudget {
  const frames = leakyBucket(limits.frameBurst, limits.framesPerSecond / 1000, start);
  const bytes = leakyBucket(limits.byteBurst, limits.bytesPerSecond / 1000, start);
  const audio = leakyBucket(limits.audioBurstSeconds * SAMPLE_RATE, (limits.audioSpeed * SAMPLE_RATE) / 1000, start);
  const strikes = leakyBucket(limits.strikes, 1 / limits.strikeForgivenessMs, start);
  return {
    admitFrame: (at, size) => frames.add(at, 1) && bytes.add(at, size),
    admitAudio: (at, samples) => audio.add(at, samples),
    strike: (at) => strikes.add(at, 1),
  };
}

/** A bucket that drains at `leakPerMs` and overflows past `capacity`. */
function leakyBucket(capacity: number, leakPerMs: number, start: number) {
  let level = 0;
  let last = start;
  return {
    add(at: number, amount: number): boolean {
      level = Math.max(0, level - Math.max(0, at - last) * leakPerMs);
      last = Math.max(last, at);
      level += amount;
      return level <= capacity;
    },
  };
}
