/**
 * The recogniser's decoders, shared by every call: pocketsphinx with the general en-us language
 * model interpolated with a small model of what visitors say on these calls (domain-lm.ts).
 *
 * A call leases a decoder when its visitor starts speaking and streams the utterance into it
 * as the audio arrives, so at the end of the turn only the second pass over it and the lattice's
 * best path are left. A lease therefore holds its decoder for the whole utterance in wall-clock
 * time, and twenty calls need many decoders at once. What makes that affordable: decoders share
 * the language model (33 MB), so each costs ~16 MB instead of ~55 MB. The model caches lookups
 * inside itself, so decoders sharing one must never run at the same time: each model belongs to
 * a lane that runs its decoders' native calls one after another on koffi's worker threads,
 * never on the event loop. Two lanes (two models) use the two cores; a lane serves turns that have
 * ended before turns still being spoken (Lane; DESIGN.md, "Under load").
 *
 * A decoder also keeps a cepstral mean (the average spectrum of what it heard: the microphone and
 * the room), which it updates after each utterance. Left alone, a call would be heard through the
 * mean of whichever calls used its decoder before. So the mean belongs to the call (its
 * CallChannel): every lease starts its decoder from the call's mean, and a call's first from the
 * mean every new decoder has after its warm-up. The front end's noise estimate (pocketsphinx's
 * noise removal) still goes on from the decoder's last utterance: it cannot be read or set, and
 * starting it afresh for each utterance (ps_start_stream) measured worse in noise (DESIGN.md).
 */
import { concatPcm, samplesForMs } from "./audio";
import { channelDistance, followShare, levelDifference, meanOf, MISMATCHED_CHANNEL_DISTANCE, MISMATCHED_LEVEL, ownMeanOf, startingShare, type StartingShare } from "./channel-mean";
import { buildArpa } from "./domain-lm";
import { dictionaryText, trimDictionary, type Pronunciations } from "./pronunciations";
import type { Decoder, DecoderArgs, LanguageModel, Pocketsphinx, WordPosterior } from "./pocketsphinx";
import { takeFirstLowest } from "./queue-order";
import type { SpeechLog } from "./types";

/**
 * How the decoders search (beside their model and dictionary); the benches that compare
 * recognition designs decode with the same.
 */
export const DECODER_SEARCH: DecoderArgs = {
  // The voice activity detector already segmented the utterance; the decoder must hear all of it.
  remove_silence: "no",
  // The second, flat-lexicon pass over the turn: it runs when the turn ends, so its cost is paid
  // in reply latency, and it lost fewer words on the cross-validated tuning split, on the recordings
  // of people and in the tuning split's noisy rooms (DESIGN.md, "Choosing the recogniser").
  fwdflat: "yes",
  // The second pass searches words the first pass found starting within this many frames (default
  // 25): where the recogniser struggles (an overdriven microphone, café babble at 10 dB) the first
  // pass finds many, and the wider window cost about a tenth of a second more at the end of the
  // turn, with no more answers understood in the tuning split's rooms.
  fwdflatsfwin: "10",
  // A tighter cap on active states (default 30,000): less CPU, and the default heard no more in any
  // room of the tuning split.
  maxhmmpf: "5000",
};

export type LanguageModelPoolOptions = {
  /** Models loaded (33 MB each); each lane decodes on one thread at a time. */
  lanes: number;
  /** Upper bound on decoders (~16 MB each); beyond it, leases wait and then catch up. */
  maxDecoders: number;
  /**
   * Decoders created at start-up. Creating one costs ~0.4 s of CPU (the acoustic model and the
   * dictionary read, then its warm-up on a lane); made on demand, they were made just when calls
   * crowded in, and that burst made transcripts late (DESIGN.md, "Under load").
   */
  warmDecoders: number;
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
  /** Decoder settings over the agent's own (benches comparing search designs: `--decoder=maxhmmpf:30000`). */
  decoderArgs: DecoderArgs;
};

/** When a first turn is decoded again with its own mean. */
export type ChannelMismatch = Pick<LanguageModelPoolOptions, "mismatchedChannelDistance" | "mismatchedLevel">;

export const DEFAULT_POOL_OPTIONS: LanguageModelPoolOptions = {
  lanes: 2,
  maxDecoders: 16,
  // All of them: ~16 MB each, and none made while calls are waiting.
  warmDecoders: 16,
  vocabularySize: 10_000,
  mismatchedChannelDistance: MISMATCHED_CHANNEL_DISTANCE,
  mismatchedLevel: MISMATCHED_LEVEL,
  decoderArgs: {},
};

/** Audio handed to a decoder in one native call at most, so a catching-up lease cannot hold its lane for long. */
const MAX_BATCH_SAMPLES = samplesForMs(500);
/**
 * Audio gathered before a native call is worth it: each call costs a trip through the event
 * loop and koffi's thread pool, and twenty calls sending 20 ms frames would make that 1,000 trips
 * a second. At most this much is left to decode when the turn ends (~15 ms).
 */
const MIN_BATCH_SAMPLES = samplesForMs(200);
/**
 * The newest audio is held back this long and dropped at the end of the turn: it is the silence
 * of the detector's hangover, which only costs decoding time (~20% less CPU for the same verdicts
 * on the test sentences).
 */
const HELD_BACK_SAMPLES = samplesForMs(300);
/**
 * How often a first turn's channel is judged while it is decoded: after its first second (enough
 * for its own mean to show) and each second after, so that hearing it again from the start is
 * done while the visitor still speaks, not after the turn has ended, when it delayed the reply by
 * the turn's decoding time (both passes of it). A turn judged to match is judged again at its end,
 * over all of it.
 */
const CHANNEL_JUDGED_EVERY_SAMPLES = samplesForMs(1000);

/**
 * When a task's result is wanted: the time its turn ended (performance.now()), or Infinity while the
 * visitor is still speaking. Read each time the lane picks its next task, so a turn that ends moves
 * the tasks it already has waiting to the front.
 */
export type Urgency = () => number;

const STREAMING: Urgency = () => Number.POSITIVE_INFINITY;

type LaneTask = { run: () => Promise<unknown> | unknown; urgency: Urgency; resolve: (value: unknown) => void; reject: (error: unknown) => void };

/**
 * One model and the decoders sharing it; runs their native calls one at a time. The next task is
 * the one whose turn ended first, then the streaming ones in the order they came: a reply waits
 * for its own turn's decoding, and a turn still being spoken can catch up in bigger batches
 * later. In first-come order, with the lanes busy, a turn that had ended waited behind other
 * calls' streaming batches, its transcript missed its deadline and the visitor heard "you're
 * breaking up" (DESIGN.md, "Under load"). A lease's own tasks stay in order: it queues each only
 * after the one before has run.
 */
export class Lane {
  decoders = 0;
  /** Decoders of this lane currently leased. */
  leased = 0;
  private readonly queue: LaneTask[] = [];
  private busy = false;

  constructor(readonly model: LanguageModel) {}

  run<T>(task: () => Promise<T> | T, urgency: Urgency = STREAMING): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ run: task, urgency, resolve: resolve as (value: unknown) => void, reject });
      if (this.busy) return;
      this.busy = true;
      queueMicrotask(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    const takeMostUrgent = () => takeFirstLowest(this.queue, (task) => task.urgency());
    for (let next = takeMostUrgent(); next; next = takeMostUrgent()) {
      try {
        next.resolve(await next.run());
      } catch (error) {
        next.reject(error);
      }
    }
    this.busy = false;
  }
}

export type PooledDecoder = { decoder: Decoder; lane: Lane };

/** One call's cepstral mean, carried from one of its turns to the next (null: the pool's starting mean). */
export type CallChannel = { mean: Float32Array | null };
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

  /** Creates decoders ahead of demand; resolves once they exist. */
  async warm(count: number): Promise<void> {
    const creations: Promise<void>[] = [];
    for (let i = 0; i < Math.min(count, this.maxDecoders); i++) creations.push(this.grow());
    await Promise.all(creations);
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

  release(pooled: PooledDecoder): void {
    pooled.lane.leased--;
    this.offer(pooled);
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

  /** `channel`: the call's cepstral mean, read at the start of the utterance and updated at its end (a fresh one by default). */
  lease(maxSamples: number, nbest = 0, channel: CallChannel = { mean: null }): LanguageModelLease {
    return new LanguageModelLease(this, maxSamples, nbest, channel);
  }

  /** Utterances being heard or decoded now (leases not finished yet). */
  get hearing(): number {
    return this.hearingNow;
  }

  /** A lease's bookkeeping: begun when it is made, ended once, when it is finished or abandoned. */
  utteranceBegun(): void {
    this.hearingNow++;
  }

  utteranceEnded(): void {
    this.hearingNow--;
    if (this.hearingNow === 0) this.onQuiet?.();
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

/** What a decoder heard in one utterance: its best transcript and n-best list, as the decoder spells them. */
export type Heard = { best: string | null; nbest: string[]; words: WordPosterior[] };

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
  private finished: Promise<Heard | undefined> | null = null;
  /** When the turn ended (performance.now()), Infinity until then: its lane tasks' urgency. */
  private endedAt = Number.POSITIVE_INFINITY;
  private readonly urgency: Urgency = () => this.endedAt;
  private get ended(): boolean {
    return this.endedAt !== Number.POSITIVE_INFINITY;
  }
  private chain: Promise<PooledDecoder | null>;
  /** A call's first turn keeps what it decoded, in case it must be heard again with its own mean (null once it has been). */
  private decoded: Int16Array[] | null;
  private decodedSamples = 0;
  /** For a first turn: the starting mean's share of the decoder's sums, followed batch by batch. */
  private share: StartingShare | null = null;

  constructor(
    private readonly pool: LanguageModelPool,
    private readonly maxSamples: number,
    /** Hypotheses wanted in the n-best list (0: the best only). */
    private readonly nbest = 0,
    private readonly channel: CallChannel = { mean: null },
  ) {
    pool.utteranceBegun();
    const { mismatchedChannelDistance, mismatchedLevel } = pool.mismatch;
    this.decoded = channel.mean === null && (mismatchedChannelDistance !== null || mismatchedLevel !== null) ? [] : null;
    this.chain = pool.acquire().then(async (pooled) => {
      if (!pooled) return pooled;
      const started = await pooled.lane.run(() => {
        const mean = channel.mean ?? pool.initialMean;
        if (mean && pooled.decoder.setCepstralMean(mean) && this.decoded) {
          const frames = pooled.decoder.cepstralStatistics()?.frames;
          this.share = frames === undefined ? null : startingShare(frames);
        }
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
    let excess = this.heldBackSamples - HELD_BACK_SAMPLES;
    while (excess > 0) {
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

  /** Hands what was fed so far to the decoder once there is enough of it (or `always`), batched with anything fed before it gets there. */
  flush(always = false): void {
    if (this.ended || this.flushQueued || this.pending.length === 0) return;
    if (!always && this.pendingSamples < MIN_BATCH_SAMPLES) return;
    this.flushQueued = true;
    this.chain = this.chain.then((pooled) => this.decodePending(pooled));
  }

  /** Idempotent: every call gets the same answer, and the decoder is released once. */
  finish(): Promise<Heard | undefined> {
    if (this.finished) return this.finished;
    this.flush(true);
    this.endedAt = performance.now();
    this.finished = this.chain.then(async (pooled) => {
      if (!pooled) return undefined;
      const { decoder, lane } = pooled;
      let heard: Heard | undefined;
      try {
        heard = await lane.run(async () => {
          const ended = await decoder.endUtteranceAsync();
          if (!ended || this.failed || this.abandoned) return undefined;
          const own = this.mismatchedOwnMean(decoder);
          if (own) await this.hearAgainWith(own, pooled, "after the turn");
          // What this utterance taught the decoder about the call's microphone and room stays with the call.
          const statistics = decoder.cepstralStatistics();
          this.channel.mean = (statistics && meanOf(statistics)) ?? this.channel.mean;
          const best = await decoder.hypothesisAsync();
          // The lattice is there already (the best path came from it); its A* search takes ~1-3 ms.
          return { best: best && best.trim().length > 0 ? best : null, nbest: this.nbest > 0 ? decoder.nbest(this.nbest) : [], words: decoder.wordPosteriors() };
        }, this.urgency);
      } catch {
        heard = undefined;
      }
      this.pool.release(pooled);
      return heard;
    });
    const ended = () => this.pool.utteranceEnded();
    this.finished.then(ended, ended);
    return this.finished;
  }

  /** Ends the utterance (or cuts short one that is finishing) without decoding what is still queued. */
  abandon(): void {
    this.abandoned = true;
    this.pending = [];
    this.pendingSamples = 0;
    this.heldBack = [];
    void this.finish();
  }

  /**
   * A first turn's own mean, when it lies far from the one the turn is heard with (a telephone
   * band, a microphone far quieter or louder): the turn must be heard again with it. Null when
   * the turn matches, or there is too little of it to say.
   */
  private mismatchedOwnMean(decoder: Decoder): Float32Array | null {
    const startingMean = this.pool.initialMean;
    const statistics = decoder.cepstralStatistics();
    if (!this.decoded || !this.share || !startingMean || !statistics) return null;
    const own = ownMeanOf(statistics, startingMean, this.share);
    if (!own) return null;
    const { mismatchedChannelDistance, mismatchedLevel } = this.pool.mismatch;
    const distance = channelDistance(own, startingMean);
    const level = levelDifference(own, startingMean);
    if (!((mismatchedChannelDistance !== null && distance > mismatchedChannelDistance) || (mismatchedLevel !== null && level > mismatchedLevel))) return null;
    this.pool.log.debug({ distance: Math.round(distance), level: Math.round(level), audioMs: Math.round(this.decodedSamples / 16) }, "a first turn heard again through its own channel");
    return own;
  }

  /**
   * Decodes the turn so far again from the start with its own mean, once: during the turn, each
   * batch its own native call on the lane so other calls' batches go between, or after its end,
   * from a task already on the lane.
   */
  private async hearAgainWith(own: Float32Array, { decoder, lane }: PooledDecoder, when: "during the turn" | "after the turn"): Promise<void> {
    const turnEnded = when === "after the turn";
    const run = <T>(task: () => Promise<T> | T): Promise<T> => (turnEnded ? Promise.resolve(task()) : lane.run(task, this.urgency));
    const audio = concatPcm(this.decoded ?? []);
    this.decoded = null;
    this.share = null;
    const restarted = await run(async () => (turnEnded || (await decoder.endUtteranceAsync())) && decoder.setCepstralMean(own) && decoder.startUtterance());
    if (!restarted) {
      this.failed = true;
      return;
    }
    for (let start = 0; start < audio.length && !this.abandoned; start += MAX_BATCH_SAMPLES) {
      if (!(await run(() => decoder.processAsync(audio.subarray(start, start + MAX_BATCH_SAMPLES))))) this.failed = true;
    }
    if (turnEnded) await decoder.endUtteranceAsync();
  }

  /** Reads the decoder's frame count after a batch (on its lane), so a window shift is noticed (channel-mean.ts); the last batch's shift ownMeanOf notices from the final sums. */
  private noticeShift(decoder: Decoder): void {
    if (!this.share) return;
    const frames = decoder.cepstralStatistics()?.frames;
    this.share = frames === undefined ? null : followShare(this.share, frames);
  }

  private async decodePending(pooled: PooledDecoder | null): Promise<PooledDecoder | null> {
    this.flushQueued = false;
    const audio = concatPcm(this.pending.splice(0));
    this.pendingSamples = 0;
    this.decoded?.push(audio);
    this.decodedSamples += audio.length;
    if (!pooled) return pooled;
    for (let start = 0; start < audio.length && !this.failed && !this.abandoned; start += MAX_BATCH_SAMPLES) {
      const batch = audio.subarray(start, start + MAX_BATCH_SAMPLES);
      try {
        const processed = await pooled.lane.run(async () => {
          const ok = await pooled.decoder.processAsync(batch);
          this.noticeShift(pooled.decoder);
          return ok;
        }, this.urgency);
        if (!processed) this.failed = true;
      } catch {
        this.failed = true;
      }
    }
    // Judged in each batch that reaches another whole second.
    const reached = Math.floor(this.decodedSamples / CHANNEL_JUDGED_EVERY_SAMPLES) > Math.floor((this.decodedSamples - audio.length) / CHANNEL_JUDGED_EVERY_SAMPLES);
    if (this.decoded && reached && !this.failed && !this.abandoned) {
      try {
        const own = await pooled.lane.run(() => this.mismatchedOwnMean(pooled.decoder), this.urgency);
        if (own) await this.hearAgainWith(own, pooled, "during the turn");
      } catch {
        this.failed = true;
      }
    }
    return pooled;
  }
}

/** The domain model's example sentences (dictionary words) and its share of the interpolated model. */
export type DomainAdaptation = { sentences: readonly (readonly string[])[]; weight: number };

/**
 * One model per lane: the general en-us model, interpolated with a trigram model of `domain` when
 * there is one (built once, in memory, handed over as an in-memory file). Null for a lane whose
 * general model cannot be read.
 */
async function readModels(pocketsphinx: Pocketsphinx, lanes: number, domain: DomainAdaptation | null, log: SpeechLog): Promise<(LanguageModel | null)[]> {
  const general = () => Promise.all(Array.from({ length: lanes }, () => pocketsphinx.readLanguageModel()));
  if (!domain || domain.sentences.length === 0 || domain.weight <= 0) return general();
  const arpa = pocketsphinx.memoryFile("mockingbird-domain-lm", buildArpa(domain.sentences));
  if (!arpa) {
    log.warn("in-memory files are unavailable; recognition runs on the general language model alone");
    return general();
  }
  try {
    const interpolated = await Promise.all(Array.from({ length: lanes }, () => pocketsphinx.readLanguageModel({ file: arpa.path, weight: domain.weight })));
    if (interpolated.every((model) => model === null)) {
      log.warn("the domain language model could not be read; recognition runs on the general language model alone");
      return general();
    }
    return interpolated;
  } finally {
    arpa.close();
  }
}

/**
 * Builds the pool: loads one model per lane, ranks the vocabulary, writes the trimmed dictionary
 * to an in-memory file (nothing touches the disk) and creates the first decoders. Null when the
 * language model cannot be loaded.
 */
export async function createLanguageModelPool(
  pocketsphinx: Pocketsphinx,
  pronunciations: Pronunciations,
  options: LanguageModelPoolOptions,
  log: SpeechLog,
  /**
   * Speech each new decoder hears once before its first lease. Its cepstral mean normalization
   * adapts from the model's initial values only as it decodes, so a decoder fresh from ps_init
   * mishears its first utterance more (measured with the earlier grammar design: it agreed with
   * the grammar on 162 of 202 test utterances, one that had heard a sentence first on 177).
   */
  warmUpSpeech: Int16Array | null = null,
  domain: DomainAdaptation | null = null,
): Promise<LanguageModelPool | null> {
  const models = await readModels(pocketsphinx, Math.max(1, options.lanes), domain, log);
  const loaded = models.filter((model): model is LanguageModel => model !== null);
  if (loaded.length === 0) {
    log.warn({ path: pocketsphinx.paths.languageModel }, "could not read the general language model");
    return null;
  }
  const ranked = (loaded[0] as LanguageModel).rankedVocabulary().filter((word) => pronunciations.has(word));
  // Every word of the domain's sentences, however rare in general English.
  const vocabulary = [...new Set([...ranked.slice(0, options.vocabularySize), ...(domain?.sentences.flat() ?? []).filter((word) => pronunciations.has(word))])];
  const dictionaryFile = pocketsphinx.memoryFile("mockingbird-lm-dictionary", dictionaryText(trimDictionary(vocabulary, pronunciations).entries));
  // Without in-memory files the full dictionary works too, at 3.4x the CPU and more memory per decoder.
  if (!dictionaryFile) log.info("in-memory files are unavailable; the language-model decoders use the full dictionary");
  const args: DecoderArgs = {
    hmm: pocketsphinx.paths.acousticModel,
    dict: dictionaryFile?.path ?? pocketsphinx.paths.dictionary,
    ...DECODER_SEARCH,
    ...options.decoderArgs,
  };
  const create = async (lane: Lane): Promise<Decoder | null> => {
    const decoder = await pocketsphinx.createDecoderAsync(args);
    if (!decoder) return null;
    const ready = await lane.run(async () => {
      if (!(await decoder.useLanguageModelAsync(lane.model))) return false;
      if (!warmUpSpeech) return true;
      return decoder.startUtterance() && (await decoder.processAsync(warmUpSpeech)) && (await decoder.endUtteranceAsync());
    });
    if (ready) return decoder;
    await lane.run(() => decoder.free());
    return null;
  };
  const lanes = loaded.map((model) => new Lane(model));
  const pool = new LanguageModelPool(lanes, create, Math.max(1, options.maxDecoders), () => dictionaryFile?.close(), log, options);
  await pool.warm(Math.max(1, options.warmDecoders));
  if (pool.stats.decoders === 0) {
    pool.close();
    log.warn("could not create a language-model decoder");
    return null;
  }
  return pool;
}
