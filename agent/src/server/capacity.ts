/**
 * Admission: how many calls the agent takes at once, from what this machine measurably keeps up
 * with, not from a fixed number that suits one machine. A call is admitted when it starts (its
 * initiation arrived and was found usable, before the metadata; a socket still waiting for it
 * holds none: waiting-room.ts) and given back exactly once when the call is over, whatever the
 * path. A call beyond the capacity is refused with `closes.busy` (contract/close-reasons.ts),
 * which the widget tells the visitor as "every line is busy".
 *
 * The capacity is the smaller of two measured ones and the configured maximum
 * (AGENT_MAX_CONCURRENT_CALLS, for memory and sockets):
 * - the decoders': what a second of a visitor's speech costs to decode here, in the lanes' wall
 *   time (so other work on the cores counts), times the share of a call's time its visitor
 *   speaks, must fit in `headroom` of the lanes' time, the rest kept for turns that end together;
 * - the event loop's: every open call costs the main thread its audio (voice activity, noise
 *   suppression, pacing) whether or not anyone speaks; its utilization per call must fit in the
 *   same share.
 * And while decoding is behind real time now (a task has waited on its lane longer than
 * `behindMs`), or the event loop is saturated, no call is admitted, whatever the estimate says.
 * Each measure follows what it sees over about `windowMs`; before anything is measured the
 * decoders' cost is the start-up warm-up's and the speaking share is `speakingShare`.
 */
import type { RecognitionLoad } from "../speech";

export type Release = () => void;

/**
 * What admission trades: more calls at once against replies that stay on time. Each value is
 * measured by `npm run bench -- agent --calls=50` (the p95, understood and refused-as-busy
 * columns) and, for calls starting together, `npm run bench -- agent-first-audio`.
 */
export type AdmissionTuning = {
  /** The share of the lanes' time (and of the event loop's) that calls may use together; the rest absorbs bursts. Higher admits more calls, whose replies come late when turns end together; lower refuses calls the machine could serve. */
  readonly headroom: number;
  /** A decoding task waiting longer than this means decoding is behind real time: no call is admitted until it catches up. Longer lets admitted calls' transcripts come late first; shorter refuses calls on a moment's queue. */
  readonly behindMs: number;
  /** The share of a call's time its visitor's speech is decoded, until calls have shown theirs: higher admits fewer calls at start-up, lower admits more than the first calls' speech allows. */
  readonly speakingShare: number;
  /** About how long each measure remembers: longer is steadier and slower to see a change in load. */
  readonly windowMs: number;
};

/** behindMs: half the transcript deadline (speech/recognition/tuning.ts), so calls are refused before the admitted ones' transcripts come late. */
export const defaultAdmission: AdmissionTuning = { headroom: 0.4, behindMs: 500, speakingShare: 0.4, windowMs: 30_000 };

/** What the capacity reads, as counters since the process started: the decoders' (null without recognition) and the event loop's. */
export type LoadSources = {
  readonly recognition: () => RecognitionLoad | null;
  /** Milliseconds the event loop was busy, and that have passed, both since a fixed moment (performance.eventLoopUtilization()). */
  readonly eventLoop: () => { readonly activeMs: number; readonly elapsedMs: number };
  readonly now: () => number;
};

export type CapacityReading = {
  /** Calls that may be open at once now. */
  readonly limit: number;
  readonly why: "maximum" | "decoders" | "event loop" | "decoding behind" | "event loop saturated";
  /** The measures behind it. */
  readonly decodeCostPerAudioMs: number | null;
  readonly speakingShare: number;
  readonly eventLoopPerCall: number | null;
};

export interface Capacity {
  readonly active: number;
  /** The capacity now, and what set it. */
  reading(): CapacityReading;
  /** A release function, or null when the agent cannot serve another call now. */
  tryAcquire(): Release | null;
  /** Stops measuring (the server is closing). */
  close(): void;
}

/** Moves `current` toward `sample` by the share of the window that `elapsedMs` is. */
const follow = (current: number, sample: number, elapsedMs: number, windowMs: number): number => current + (sample - current) * (1 - Math.exp(-elapsedMs / windowMs));

/** Whole calls in a share (a measure that has settled on 30 counts 30, not the 29.9999 its last residue makes it). */
const wholeCalls = (calls: number): number => Math.floor(calls + 1e-3);

/** The shortest stretch a measure is taken over: shorter ones are mostly noise. */
const MIN_SAMPLE_MS = 1_000;
/** The event loop busier than this over the last few seconds, with calls open, is saturated: their replies are already late. */
const SATURATED_EVENT_LOOP = 0.9;
const SATURATION_WINDOW_MS = 5_000;

export function createCapacity(max: number, sources?: LoadSources, tuning: AdmissionTuning = defaultAdmission): Capacity {
  let active = 0;
  // Measures since the last sample, and what they have shown.
  let last: { at: number; recognition: RecognitionLoad | null; loop: { activeMs: number; elapsedMs: number } } | null = null;
  let decodeCost: number | null = null;
  let speakingShare = tuning.speakingShare;
  let loopPerCall: number | null = null;
  let loopRecent = 0;
  // What the event loop does with no call open (timers, lines synthesized ahead): not any call's cost.
  let loopIdle = 0;

  const sample = (): void => {
    if (!sources) return;
    const now = sources.now();
    const recognition = sources.recognition();
    const loop = sources.eventLoop();
    if (last === null) {
      // The start-up warm-up's decoding is the first word on what audio costs here.
      if (recognition && recognition.audioMs > 0) decodeCost = recognition.busyMs / recognition.audioMs;
      last = { at: now, recognition, loop };
      return;
    }
    const elapsed = now - last.at;
    if (elapsed < MIN_SAMPLE_MS) return;
    if (recognition && last.recognition) {
      const audio = recognition.audioMs - last.recognition.audioMs;
      const busy = recognition.busyMs - last.recognition.busyMs;
      if (audio > 0) decodeCost = decodeCost === null ? busy / audio : follow(decodeCost, busy / audio, elapsed, tuning.windowMs);
      if (active > 0) speakingShare = follow(speakingShare, audio / (elapsed * active), elapsed, tuning.windowMs);
    }
    const loopElapsed = loop.elapsedMs - last.loop.elapsedMs;
    if (loopElapsed > 0) {
      // Over a few seconds: one busy second (a collection, a burst of set-ups) is not a saturated loop.
      loopRecent = follow(loopRecent, (loop.activeMs - last.loop.activeMs) / loopElapsed, elapsed, SATURATION_WINDOW_MS);
      if (active === 0) loopIdle = follow(loopIdle, loopRecent, elapsed, tuning.windowMs);
      else {
        const perCall = Math.max(0, loopRecent - loopIdle) / active;
        loopPerCall = loopPerCall === null ? perCall : follow(loopPerCall, perCall, elapsed, tuning.windowMs);
      }
    }
    last = { at: now, recognition, loop };
  };

  const reading = (): CapacityReading => {
    sample();
    const measures = { decodeCostPerAudioMs: decodeCost, speakingShare, eventLoopPerCall: loopPerCall };
    const recognition = sources?.recognition() ?? null;
    if (recognition && recognition.oldestWaitMs > tuning.behindMs) return { limit: Math.min(active, max), why: "decoding behind", ...measures };
    if (active > 0 && loopRecent > SATURATED_EVENT_LOOP) return { limit: Math.min(active, max), why: "event loop saturated", ...measures };
    let limit = max;
    let why: CapacityReading["why"] = "maximum";
    if (recognition && decodeCost !== null && decodeCost > 0) {
      const decoders = wholeCalls((tuning.headroom * recognition.lanes) / (decodeCost * Math.max(speakingShare, 0.05)));
      if (decoders < limit) [limit, why] = [decoders, "decoders"];
    }
    if (loopPerCall !== null && loopPerCall > 0) {
      const loop = wholeCalls(tuning.headroom / loopPerCall);
      if (loop < limit) [limit, why] = [loop, "event loop"];
    }
    // One call is always possible on a machine that is not behind: a demo must be able to start.
    return { limit: Math.max(1, limit), why, ...measures };
  };

  // Measured each second too, not only when a call arrives: a stretch must be one the calls counted lived through.
  const sampler = sources ? setInterval(sample, MIN_SAMPLE_MS) : null;
  sampler?.unref();

  return {
    get active() {
      return active;
    },
    reading,
    close() {
      if (sampler) clearInterval(sampler);
    },
    tryAcquire() {
      if (active >= reading().limit) return null;
      active += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        active -= 1;
      };
    },
  };
}
