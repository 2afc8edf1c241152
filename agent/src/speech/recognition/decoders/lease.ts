/**
 * One utterance's trip through a pooled decoder.
 *
 * A decoder also keeps a cepstral mean (the average spectrum of what it heard: the microphone and
 * the room), which it updates after each utterance. Left alone, a call would be heard through the
 * mean of whichever calls used its decoder before. So the mean belongs to the call (its
 * CallCepstralMean): every lease starts its decoder from the call's mean, and a call's first from the
 * mean every new decoder has after its warm-up. The front end's noise estimate (pocketsphinx's
 * noise removal) still goes on from the decoder's last utterance: it cannot be read or set, and
 * starting it afresh for each utterance (ps_start_stream) lost words in noise (npm run bench --
 * rooms: café babble and pink noise, word error rate and false compliance). So a call's hearing
 * still depends a little on which calls its decoder heard before: the rooms bench's results vary
 * with the order its calls run in.
 *
 * The final decode can start at a pause (decodeToTheEndAtPause): the visitor's words so far are decoded
 * to the end then, while the rest of the hangover passes, and that result is the turn's if the
 * visitor says nothing more. If they go on, the decoder starts the turn again from its first
 * sample (or, when that decode had not run yet, it never runs and the utterance goes on), so a turn
 * is always decoded as one utterance: a pause changes when its decode is done, never what it hears
 * (decoding the parts of a turn apart lost words in noise).
 */
import { concatPcm, SAMPLE_RATE, samplesForMs } from "../../audio";
import type { WordPosterior } from "../pocketsphinx";
import { meanOf } from "./channel-mean";
import { MAX_BATCH_SAMPLES, type PooledDecoder, type Urgency } from "./lane";
import { FirstTurnRehearing, type RehearingSource } from "./rehearing";

/**
 * Audio gathered before a native call is worth it: each call costs a trip through the event
 * loop and koffi's thread pool, and twenty calls sending 20 ms frames would make that 1,000 trips
 * a second. At most this much is left to decode when the turn ends (~15 ms).
 */
const MIN_BATCH_SAMPLES = samplesForMs(200);
/**
 * The newest audio is held back this long and dropped at the end of the turn: it is the silence
 * of the detector's hangover, which would only cost decoding time (the agent bench's CPU column)
 * and change no verdict.
 */
const HELD_BACK_SAMPLES = samplesForMs(300);

/**
 * The decoder's best guess so far while a turn is still being spoken, as the decoder spells it:
 * taken after a batch of audio, at most once per `intervalMs`, never once the turn has ended, and
 * only while the decoders have nothing more pressing to do (takePartial).
 */
export type PartialHypotheses = { readonly intervalMs: number; readonly heard: (hypothesis: string) => void };

/** One call's cepstral mean, carried from one of its turns to the next (null: the pool's starting mean). */
export type CallCepstralMean = { mean: Float32Array | null };

/** What a lease asks of the pool it comes from (LanguageModelPool). */
export type DecoderSource = RehearingSource & {
  acquire(): Promise<PooledDecoder | null>;
  release(pooled: PooledDecoder): void;
  /** A lease's bookkeeping: begun when it is made, ended once, when it is finished or abandoned. */
  utteranceBegun(): void;
  utteranceEnded(): void;
  /** Turns that have ended and whose transcript is not ready yet (another call's reply waits on each). */
  readonly turnsAwaitingTranscript: number;
  turnAwaitingTranscript(awaiting: boolean): void;
  /** Audio a decoder has processed, in samples: the load measure's denominator (RecognitionLoad). */
  audioDecoded(samples: number): void;
};

/** What a decoder made of one utterance: its best transcript and n-best list, as the decoder spells them. */
export type DecodedTurn = { best: string | null; nbest: string[]; words: WordPosterior[] };

/** What a lease has had decoded so far: the turn's audio, how much of it again from the start, and how often its end was decoded at a pause. */
export type LeaseWork = { heardMs: number; decodedAgainMs: number; decodesAtPause: number };

/**
 * One utterance's trip through a pooled decoder. feed() and flush() never block; finish() gives
 * what was heard (best null when the model heard no words) or undefined when decoding failed.
 */
export class LanguageModelLease {
  private pending: Int16Array[] = [];
  private pendingSamples = 0;
  private heldBack: Int16Array[] = [];
  private heldBackSamples = 0;
  private fed = 0;
  private flushQueued = false;
  private failed = false;
  private abandoned = false;
  private finished: Promise<DecodedTurn | undefined> | null = null;
  /** When the turn ended (performance.now()), Infinity until then: its lane tasks' urgency. */
  private endedAt = Number.POSITIVE_INFINITY;
  private readonly urgency: Urgency = () => this.endedAt;
  private get ended(): boolean {
    return this.endedAt !== Number.POSITIVE_INFINITY;
  }
  /** A task a reply may wait on: urgent as a turn that ended when it was asked for. */
  private urgentFrom(askedAt: number): Urgency {
    return () => Math.min(askedAt, this.endedAt);
  }
  /**
   * Whether the decoders have something more pressing than a task nobody waits on yet: another
   * call's ended turn awaits its transcript, or this lease's lane has work queued.
   */
  private decodersPressed(pooled: PooledDecoder): boolean {
    return this.pool.turnsAwaitingTranscript > 0 || pooled.lane.waiting > 0;
  }
  private chain: Promise<PooledDecoder | null>;
  /** A call's first turn, in case it must be heard again through its own channel; null for the others. */
  private readonly rehearing: FirstTurnRehearing | null;
  /** When the last partial hypothesis was taken (performance.now()). */
  private partialAt = Number.NEGATIVE_INFINITY;
  /** Everything handed to the decoder, so a turn decoded to its end at a pause can be decoded again from its start. */
  private decodedAudio: Int16Array[] = [];
  /** The cepstral mean the decoder started the turn from (null: its own). */
  private startedWith: Float32Array | null = null;
  /** The turn decoded to its end at its last pause (its result), while only silence has followed. */
  private early: Promise<DecodedTurn | undefined> | null = null;
  /** The decoder, once the pool has lent it. */
  private pooled: PooledDecoder | null = null;
  private readonly done = { heardSamples: 0, decodedAgainSamples: 0, decodesAtPause: 0 };

  constructor(
    private readonly pool: DecoderSource,
    private readonly maxSamples: number,
    /** Hypotheses wanted in the n-best list (0: the best only). */
    private readonly nbest = 0,
    private readonly cepstralMean: CallCepstralMean = { mean: null },
    private readonly partial: PartialHypotheses | null = null,
  ) {
    pool.utteranceBegun();
    this.rehearing = FirstTurnRehearing.forTurn(pool, cepstralMean.mean, this.urgency, () => this.abandoned);
    this.chain = pool.acquire().then(async (pooled) => {
      if (!pooled) return pooled;
      this.pooled = pooled;
      const started = await pooled.lane.run(() => {
        const mean = cepstralMean.mean ?? pool.initialMean;
        this.startedWith = mean;
        if (mean && pooled.decoder.setCepstralMean(mean)) this.rehearing?.started(pooled.decoder);
        return pooled.decoder.startUtterance();
      }, this.urgency);
      if (!started) this.failed = true;
      return pooled;
    });
  }

  feed(pcm: Int16Array): void {
    if (this.ended) return;
    const room = this.maxSamples - this.fed;
    if (room <= 0) return;
    const piece = pcm.length > room ? pcm.subarray(0, room) : pcm;
    this.fed += piece.length;
    this.heldBack.push(piece);
    this.heldBackSamples += piece.length;
    this.releaseHeldBack(HELD_BACK_SAMPLES);
  }

  /** Hands what was fed so far to the decoder once there is enough of it (or `always`), batched with anything fed before it gets there. */
  flush(always = false): void {
    // After an early decode, what comes is the pause's silence, unless the visitor goes on (speechResumed).
    if (this.ended || this.flushQueued || this.pending.length === 0 || this.early) return;
    if (!always && this.pendingSamples < MIN_BATCH_SAMPLES) return;
    this.flushQueued = true;
    this.chain = this.chain.then((pooled) => this.decodePending(pooled));
  }

  /**
   * The visitor has paused: the turn is decoded to its end now, while the rest of the hangover
   * passes, and finish() takes that result if only silence follows (the turn may also end at the
   * visitor's pause on the words this gives: recognizer.ts, decodeAtLull). Null when it is not decoded now.
   * `silenceToComeSamples`: how much longer the turn must stay silent to end; everything fed is decoded but what the turn's end would hold back then, so the result comes from the audio
   * the end would decode. Only while the decoders have nothing more pressing, the rule tentative
   * words follow: no call's ended turn awaits its transcript and the lane has nothing queued (with
   * 50 calls at once, taken whenever no ended turn waited, it made replies later and some
   * transcripts late). Urgent as an ended turn, since a reply may wait on it. If the visitor goes on
   * before it has run (it may wait behind the turn's own decoding), it is not run: the turn's
   * utterance was never ended, so nothing is decoded again either. Run anyway, in café babble at 10
   * dB such a stale decode (~0.9 s) and the decode again from the start it forced made the
   * transcript late with every other decoder idle.
   */
  decodeToTheEndAtPause(silenceToComeSamples: number): Promise<DecodedTurn | undefined> | null {
    const pooledNow = this.pooled;
    if (this.ended || this.abandoned || this.early || !pooledNow || this.decodersPressed(pooledNow)) return null;
    this.releaseHeldBack(HELD_BACK_SAMPLES - silenceToComeSamples);
    this.flush(true);
    const urgency = this.urgentFrom(performance.now());
    // Decided now, not on the lane: finish() may come before the decode has run, and then takes its result.
    const decoded: Promise<DecodedTurn | undefined> = this.chain.then(async (pooled) => {
      if (!pooled || this.failed || this.abandoned || this.early !== decoded) return undefined;
      this.done.decodesAtPause++;
      const turn = await pooled.lane.run(() => this.decodeToTheEnd(pooled), urgency).catch(() => undefined);
      if (turn === undefined) this.failed = true;
      return turn;
    });
    this.early = decoded;
    this.chain = decoded.then(() => pooledNow);
    return decoded;
  }

  /** Logged with a turn whose transcript came late or not at all (recognizer.ts). */
  get work(): LeaseWork {
    const ms = (samples: number) => Math.round((samples * 1000) / SAMPLE_RATE);
    return { heardMs: ms(this.done.heardSamples), decodedAgainMs: ms(this.done.decodedAgainSamples), decodesAtPause: this.done.decodesAtPause };
  }

  /** Whether `decoded` (from decodeToTheEndAtPause) is still the turn's words: the visitor has said nothing since that pause. */
  isDecodedAtPause(decoded: Promise<DecodedTurn | undefined>): boolean {
    return this.early === decoded;
  }

  /**
   * The visitor spoke again after a pause: a turn decoded to its end there is decoded again from its
   * start, before what follows, so its words are heard as one utterance (decodeAgainFromTheStart;
   * nothing to do if that decode had not run).
   */
  speechResumed(): void {
    if (!this.early || this.ended) return;
    this.early = null;
    this.chain = this.chain.then((pooled) => this.decodeAgainFromTheStart(pooled));
    this.flush();
  }

  /** Moves what is held back to the audio to decode, but its newest `keep` samples. */
  private releaseHeldBack(keep: number): void {
    let excess = this.heldBackSamples - Math.max(0, keep);
    while (excess > 0 && this.heldBack.length > 0) {
      const oldest = this.heldBack[0] as Int16Array;
      const moved = oldest.length <= excess ? oldest : oldest.subarray(0, excess);
      if (moved === oldest) this.heldBack.shift();
      else this.heldBack[0] = oldest.subarray(excess);
      this.pending.push(moved);
      this.pendingSamples += moved.length;
      this.heldBackSamples -= moved.length;
      excess -= moved.length;
    }
  }

  /** Idempotent: every call gets the same answer, and the decoder is released once. */
  finish(): Promise<DecodedTurn | undefined> {
    if (this.finished) return this.finished;
    const early = this.early;
    this.flush(true);
    this.endedAt = performance.now();
    // An abandoned turn has no transcript anyone waits for.
    const awaited = !this.abandoned;
    if (awaited) this.pool.turnAwaitingTranscript(true);
    // A native call that threw on the way still gives the decoder back.
    this.finished = this.chain.catch(() => this.pooled).then(async (pooled) => {
      if (!pooled) return undefined;
      let decoded: DecodedTurn | undefined;
      try {
        // Decoded to its end at the pause, and only silence since: that is the turn.
        decoded = early ? await early : await pooled.lane.run(() => this.decodeToTheEnd(pooled), this.urgency);
      } catch {
        decoded = undefined;
      }
      this.pool.release(pooled);
      return this.failed || this.abandoned ? undefined : decoded;
    });
    const ended = () => {
      if (awaited) this.pool.turnAwaitingTranscript(false);
      this.pool.utteranceEnded();
    };
    this.finished.then(ended, ended);
    return this.finished;
  }

  /** Ends the utterance and reads what was heard (on the decoder's lane); undefined when decoding failed. */
  private async decodeToTheEnd(pooled: PooledDecoder): Promise<DecodedTurn | undefined> {
    const { decoder } = pooled;
    if (!decoder.inUtterance) return undefined;
    const ended = await decoder.endUtteranceAsync();
    if (!ended || this.failed || this.abandoned) return undefined;
    const own = this.rehearing?.mismatchedOwnMean(decoder);
    if (own && !(await this.rehearing?.hearAgainWith(own, pooled, "after the turn"))) return undefined;
    // What this utterance taught the decoder about the call's microphone and room stays with the call.
    const statistics = decoder.cepstralStatistics();
    this.cepstralMean.mean = (statistics && meanOf(statistics)) ?? this.cepstralMean.mean;
    const best = await decoder.hypothesisAsync();
    // The lattice is there already (the best path came from it); its A* search takes ~1-3 ms.
    return { best: best && best.trim().length > 0 ? best : null, nbest: this.nbest > 0 ? decoder.nbest(this.nbest) : [], words: decoder.wordPosteriors() };
  }

  /**
   * Starts the turn's utterance again and decodes all it has heard: from the mean it started from,
   * or a first turn's own once it was heard through its own channel (whose judgment then starts over
   * with the turn, rehearing.ts).
   */
  private async decodeAgainFromTheStart(pooled: PooledDecoder | null): Promise<PooledDecoder | null> {
    // Still open: the decode at the pause was not run (the visitor went on first), and the turn goes on in the same utterance.
    if (!pooled || this.failed || this.abandoned || pooled.decoder.inUtterance) return pooled;
    const { decoder, lane } = pooled;
    const mean = this.rehearing?.ownMean ?? this.startedWith;
    const restarted = await lane.run(() => {
      if (!((mean === null || decoder.setCepstralMean(mean)) && decoder.startUtterance())) return false;
      this.rehearing?.startedAgain(decoder);
      return true;
    }, this.urgency);
    if (!restarted) {
      this.failed = true;
      return pooled;
    }
    await this.decode(pooled, concatPcm(this.decodedAudio), "again");
    return pooled;
  }

  /** Ends the utterance (or cuts short one that is finishing) without decoding what is still queued. */
  abandon(): void {
    this.abandoned = true;
    this.pending = [];
    this.pendingSamples = 0;
    this.heldBack = [];
    void this.finish();
  }

  private async decodePending(pooled: PooledDecoder | null): Promise<PooledDecoder | null> {
    this.flushQueued = false;
    const audio = concatPcm(this.pending.splice(0));
    this.pendingSamples = 0;
    if (!pooled) return pooled;
    await this.decode(pooled, audio, "heard");
    if (!this.failed && !this.abandoned) await this.takePartial(pooled);
    return pooled;
  }

  /**
   * Hands audio to the decoder batch by batch, judging a first turn's channel on the way. Audio
   * "heard" for the first time is kept (for a decode again) and counted as decoded; audio decoded
   * "again" is neither: the load measure should see what decoding it twice costs.
   */
  private async decode(pooled: PooledDecoder, audio: Int16Array, pass: "heard" | "again"): Promise<void> {
    const rehearing = this.rehearing;
    for (let start = 0, end = 0; start < audio.length && !this.failed && !this.abandoned; start = end) {
      end = Math.min(audio.length, start + MAX_BATCH_SAMPLES, start + (rehearing?.samplesBeforeJudgment ?? Number.POSITIVE_INFINITY));
      const batch = audio.subarray(start, end);
      if (pass === "heard") this.decodedAudio.push(batch);
      const judgeChannel = rehearing?.keep(batch) ?? false;
      try {
        const processed = await pooled.lane.run(async () => {
          const ok = await pooled.decoder.processAsync(batch);
          if (pass === "heard") {
            this.pool.audioDecoded(batch.length);
            this.done.heardSamples += batch.length;
          } else this.done.decodedAgainSamples += batch.length;
          rehearing?.noticeShift(pooled.decoder);
          return ok;
        }, this.urgency);
        if (!processed) this.failed = true;
        if (rehearing && judgeChannel && !this.failed && !this.abandoned) {
          const own = await pooled.lane.run(() => rehearing.mismatchedOwnMean(pooled.decoder), this.urgency);
          if (own && !(await rehearing.hearAgainWith(own, pooled, "during the turn"))) this.failed = true;
        }
      } catch {
        this.failed = true;
      }
    }
  }

  /**
   * The forward search's best path so far (a backtrace, no lattice: far cheaper than the end of a
   * turn's search), off the event loop. Words shown while the visitor speaks are a courtesy, a
   * reply is not: a partial is skipped while any call's ended turn awaits its transcript or its
   * own lane has other work queued (decodersPressed), and given up if its own turn ends or another
   * call's ended turn comes to await its transcript before it runs. Under load the
   * words then come less often instead of the replies coming later (`npm run bench -- agent
   * --tentative=both` measures both ways). Only after audio was decoded, and not more often than asked.
   */
  private async takePartial(pooled: PooledDecoder): Promise<void> {
    const partial = this.partial;
    if (!partial || this.ended || performance.now() - this.partialAt < partial.intervalMs) return;
    if (this.decodersPressed(pooled)) return;
    this.partialAt = performance.now();
    try {
      const hypothesis = await pooled.lane.run(() => (this.ended || this.pool.turnsAwaitingTranscript > 0 ? null : pooled.decoder.hypothesisAsync()), this.urgency);
      if (hypothesis && !this.ended && !this.abandoned) partial.heard(hypothesis);
    } catch {
      // A partial is a courtesy: the turn's own transcript is what counts.
    }
  }
}
