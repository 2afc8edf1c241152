/**
 * The recogniser's decoders, shared by every call: pocketsphinx with the general en-us language
 * model interpolated with a small model of what visitors say on these calls (../domain-lm.ts).
 *
 * A call leases a decoder when its visitor starts speaking and streams the utterance into it
 * as the audio arrives, so at the end of the turn only the second pass over it and the lattice's
 * best path are left. A lease therefore holds its decoder for the whole utterance in wall-clock
 * time, and twenty calls need many decoders at once. What makes that affordable: decoders share
 * the language model (33 MB), so each costs ~16 MB instead of ~55 MB. The model caches lookups
 * inside itself, so decoders sharing one must never run at the same time: each model belongs to
 * a lane that runs its decoders' native calls one after another on koffi's worker threads,
 * never on the event loop. Two lanes (two models) use the two cores; a lane serves turns that have
 * ended before turns still being spoken (Lane; DESIGN.md, "Decoding").
 * *
 * A call's turn goes through a lease (lease.ts); the pool lends it a decoder on the least busy
 * lane (lane.ts) and takes it back. How the decoders search is ../tuning.ts; how the pool is built
 * (models, dictionary, warm decoders) is create-pool.ts.
 */
import type { Lane, PooledDecoder } from "./lane";
import { LanguageModelLease, type CallCepstralMean, type PartialHypotheses } from "./lease";
import type { ChannelMismatch } from "./rehearing";
import type { Decoder, DecoderArgs } from "../pocketsphinx";
import type { RecognitionLoad, SpeechLog } from "../../types";
import { SAMPLE_RATE } from "../../audio";

export type LanguageModelPoolOptions = {
  /** Models loaded (33 MB each); each lane decodes on one thread at a time. */
  lanes: number;
  /** Upper bound on decoders (~16 MB each); beyond it, leases wait and then catch up. */
  maxDecoders: number;
  /**
   * Decoders created at start-up. Creating one costs ~0.4 s of CPU (the acoustic model and the
   * dictionary read, then its warm-up on a lane); made on demand, they were made just when calls
   * crowded in, and that burst made transcripts late (DESIGN.md, "Decoding").
   */
  warmDecoders: number;
  /** Of those, how many exist before the agent listens (one per lane hears the first calls); the rest follow at once, in the background. */
  readyDecoders: number;
  /**
   * The decoders' dictionary: the language model's most probable words, plus every word of the
   * domain's sentences. 10,000 words decode 3.4x faster than the full 134,000-word dictionary;
   * a rarer word comes out as its nearest-sounding common one.
   */
  vocabularySize: number;
  /**
   * A call's first turn whose own cepstral mean lies further than this from the warm-up's is
   * decoded again with its own (channel-mean.ts); null never decodes a turn twice for its channel.
   */
  mismatchedChannelDistance: number | null;
  /** The same for a first turn this much louder or quieter than the warm-up (c0 apart); null: never for its level. */
  mismatchedLevel: number | null;
  /** How the decoders search, beside their model and dictionary (DECODER_SEARCH, with what benches comparing search designs change: `--decoder=maxhmmpf:30000`). */
  decoderArgs: DecoderArgs;
};

export type LanguageModelPoolStats = { lanes: number; decoders: number; idle: number; waiting: number };

export class LanguageModelPool {
  private idle: PooledDecoder[] = [];
  private waiting: ((pooled: PooledDecoder | null) => void)[] = [];
  private size = 0;
  private closed = false;
  private modelsFreed = false;
  /** The cepstral mean of the first decoder created, warmed up: where every call starts. */
  private startingMean: Float32Array | null = null;
  private hearingNow = 0;
  private decodedSamples = 0;
  private readonly quietWaiters: (() => void)[] = [];
  private awaitingTranscript = 0;
  /** Called each time the last utterance being heard has been decoded (speech/index.ts wakes spare synthesis with it). */
  onQuiet: (() => void) | null = null;

  constructor(
    private readonly lanes: readonly Lane[],
    private readonly create: (lane: Lane) => Promise<Decoder | null>,
    private readonly maxDecoders: number,
    private readonly onClose: () => void,
    readonly log: SpeechLog,
    readonly mismatch: ChannelMismatch = { mismatchedChannelDistance: null, mismatchedLevel: null },
  ) {}

  get stats(): LanguageModelPoolStats {
    return { lanes: this.lanes.length, decoders: this.size, idle: this.idle.length, waiting: this.waiting.length };
  }

  get load(): RecognitionLoad {
    return {
      lanes: this.lanes.length,
      busyMs: this.lanes.reduce((sum, lane) => sum + lane.busyMs, 0),
      audioMs: (this.decodedSamples * 1000) / SAMPLE_RATE,
      oldestWaitMs: Math.max(0, ...this.lanes.map((lane) => lane.oldestWaitMs)),
    };
  }

  /**
   * Creates `count` decoders ahead of demand and resolves once the first `readyAfter` exist; the
   * rest are made after them, one at a time and only while no visitor is being heard, so that
   * their set-up (a model attached, a warm-up decoded: most of a second of a lane) never holds
   * back a turn. Made together they would share the cores and all be ready late. A call that
   * finds no idle decoder meanwhile has one made for it (acquire).
   */
  async warm(count: number, readyAfter = count): Promise<void> {
    const total = Math.min(count, this.maxDecoders);
    const first = Math.min(total, Math.max(1, readyAfter));
    await Promise.all(Array.from({ length: first }, () => this.grow()));
    void (async () => {
      for (let made = first; made < total; made++) {
        await this.whenQuiet();
        if (this.closed || this.size >= this.maxDecoders) return;
        await this.grow();
      }
    })();
  }

  /** Resolves with a decoder for exclusive use until release(), or null once the pool is closed. */
  acquire(): Promise<PooledDecoder | null> {
    if (this.closed) return Promise.resolve(null);
    const pooled = this.takeIdle();
    if (pooled) return Promise.resolve(this.lend(pooled));
    const granted = new Promise<PooledDecoder | null>((resolve) => this.waiting.push(resolve));
    if (this.size < this.maxDecoders) void this.grow();
    return granted;
  }

  /**
   * Takes a decoder back, with no utterance open whatever became of its lease: a lease given up
   * before its last decode ran leaves one open, and pocketsphinx would then refuse every later
   * lease's utterance on that decoder. One that cannot be ended is freed instead.
   */
  release(pooled: PooledDecoder): void {
    pooled.lane.leased--;
    if (!pooled.decoder.inUtterance) {
      this.offer(pooled);
      return;
    }
    void pooled.lane
      .run(() => pooled.decoder.endUtteranceAsync())
      .catch(() => false)
      .then((ended) => {
        if (ended) {
          this.offer(pooled);
          return;
        }
        this.log.warn({ decoders: this.size - 1 }, "a language-model decoder could not end its utterance and was freed");
        void this.destroy(pooled);
      });
  }

  /** An idle decoder on the least busy lane; the most recently used of those (its caches are warm). */
  private takeIdle(): PooledDecoder | undefined {
    let best = -1;
    for (let i = this.idle.length - 1; i >= 0; i--) {
      const candidate = this.idle[i] as PooledDecoder;
      if (best < 0 || candidate.lane.leased < (this.idle[best] as PooledDecoder).lane.leased) best = i;
    }
    return best < 0 ? undefined : this.idle.splice(best, 1)[0];
  }

  private lend(pooled: PooledDecoder): PooledDecoder {
    pooled.lane.leased++;
    return pooled;
  }

  /** A decoder that is free again: to the longest waiting lease, or idle. */
  private offer(pooled: PooledDecoder): void {
    if (this.closed) {
      void this.destroy(pooled);
      return;
    }
    const next = this.waiting.shift();
    if (next) next(this.lend(pooled));
    else this.idle.push(pooled);
  }

  /**
   * `cepstralMean`: the call's cepstral mean, read at the start of the utterance and updated at its end
   * (a fresh one by default); `partial`: who wants the words heard so far while the turn is spoken.
   */
  lease(maxSamples: number, nbest = 0, cepstralMean: CallCepstralMean = { mean: null }, partial: PartialHypotheses | null = null): LanguageModelLease {
    return new LanguageModelLease(this, maxSamples, nbest, cepstralMean, partial);
  }

  /** Utterances being heard or decoded now (leases not finished yet). */
  get hearing(): number {
    return this.hearingNow;
  }

  audioDecoded(samples: number): void {
    this.decodedSamples += samples;
  }

  /** A lease's bookkeeping: begun when it is made, ended once, when it is finished or abandoned. */
  utteranceBegun(): void {
    this.hearingNow++;
  }

  utteranceEnded(): void {
    this.hearingNow--;
    if (this.hearingNow > 0) return;
    this.onQuiet?.();
    for (const resolve of this.quietWaiters.splice(0)) resolve();
  }

  /** Resolves when no utterance is being heard (at once if none is). */
  private whenQuiet(): Promise<void> {
    if (this.hearingNow === 0) return Promise.resolve();
    return new Promise((resolve) => this.quietWaiters.push(resolve));
  }

  /** Turns that have ended and whose transcript is not ready yet: while any is, no partial hypothesis is taken (lease.ts). */
  get turnsAwaitingTranscript(): number {
    return this.awaitingTranscript;
  }

  turnAwaitingTranscript(awaiting: boolean): void {
    this.awaitingTranscript += awaiting ? 1 : -1;
  }

  /** The mean a call's first utterance is normalised with. */
  get initialMean(): Float32Array | null {
    return this.startingMean;
  }

  /** Frees idle decoders now, busy ones when their lease ends, and the models after the last one. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const resolve of this.waiting.splice(0)) resolve(null);
    for (const pooled of this.idle.splice(0)) void this.destroy(pooled);
    this.freeModelsWhenUnused();
  }

  private async grow(): Promise<void> {
    this.size++;
    const lane = this.lanes.reduce((least, candidate) => (candidate.decoders < least.decoders ? candidate : least));
    lane.decoders++;
    const decoder = await this.create(lane).catch(() => null);
    if (decoder) {
      // Every decoder heard the same warm-up, so the first one's mean stands for all of them.
      this.startingMean ??= decoder.cepstralMean();
      this.log.debug({ decoders: this.size }, "language-model decoder added");
      this.offer({ decoder, lane });
      return;
    }
    this.size--;
    lane.decoders--;
    this.log.warn({ decoders: this.size }, "could not add a language-model decoder; waiting calls share the existing ones");
    if (this.size === 0) for (const resolve of this.waiting.splice(0)) resolve(null);
  }

  private async destroy({ decoder, lane }: PooledDecoder): Promise<void> {
    await lane.run(() => decoder.free());
    this.size--;
    lane.decoders--;
    this.freeModelsWhenUnused();
  }

  private freeModelsWhenUnused(): void {
    if (!this.closed || this.size > 0 || this.modelsFreed) return;
    this.modelsFreed = true;
    for (const lane of this.lanes) void lane.run(() => lane.model.free());
    this.onClose();
  }
}
