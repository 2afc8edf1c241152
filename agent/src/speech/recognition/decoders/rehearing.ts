/**
 * A call's first turn heard again through its own channel. A first turn starts its decoder from
 * the warm-up's cepstral mean; when the turn's own mean, read from the decoder's running sums
 * (channel-mean.ts), lies far from it (a telephone band, a microphone far quieter or louder), the
 * turn is decoded again from the start with its own. The lease keeps the turn's audio for that
 * until it has been done once.
 */
import { concatPcm, samplesForMs } from "../../audio";
import type { SpeechLog } from "../../types";
import type { Decoder } from "../pocketsphinx";
import { channelDistance, followShare, levelDifference, ownMeanOf, startingShare, type StartingShare } from "./channel-mean";
import { MAX_BATCH_SAMPLES, type PooledDecoder, type Urgency } from "./lane";

/**
 * How often a first turn's channel is judged while it is decoded: after its first second (enough
 * for its own mean to show) and each second after, so that hearing it again from the start is
 * done while the visitor still speaks, not after the turn has ended, when it delayed the reply by
 * the turn's decoding time (both passes of it). A turn judged to match is judged again at its end,
 * over all of it.
 */
const CHANNEL_JUDGED_EVERY_SAMPLES = samplesForMs(1000);

/** When a first turn is decoded again with its own mean. */
export type ChannelMismatch = {
  /**
   * A call's first turn whose own cepstral mean lies further than this from the warm-up's is
   * decoded again with its own (channel-mean.ts); null never decodes a turn twice for its channel.
   */
  mismatchedChannelDistance: number | null;
  /** The same for a first turn this much louder or quieter than the warm-up (c0 apart); null: never for its level. */
  mismatchedLevel: number | null;
};

/** What the re-hearing reads from the pool: its thresholds and the mean every call starts from. */
export type RehearingSource = { readonly mismatch: ChannelMismatch; readonly initialMean: Float32Array | null; readonly log: SpeechLog };

export class FirstTurnRehearing {
  /** What the turn has decoded so far, in case it must be heard again (null once it has been). */
  private decoded: Int16Array[] | null = [];
  private decodedSamples = 0;
  /** The starting mean's share of the decoder's sums, followed batch by batch. */
  private share: StartingShare | null = null;
  /** The turn's own mean, once it was heard again with it. */
  private own: Float32Array | null = null;

  /** Null for a turn that is not a call's first, or when neither threshold is set. */
  static forTurn(source: RehearingSource, channelMean: Float32Array | null, urgency: Urgency, abandoned: () => boolean): FirstTurnRehearing | null {
    const { mismatchedChannelDistance, mismatchedLevel } = source.mismatch;
    return channelMean === null && (mismatchedChannelDistance !== null || mismatchedLevel !== null) ? new FirstTurnRehearing(source, urgency, abandoned) : null;
  }

  private constructor(
    private readonly source: RehearingSource,
    private readonly urgency: Urgency,
    private readonly abandoned: () => boolean,
  ) {}

  /** Called once the decoder starts from the starting mean: the mean's share of its sums from here on. */
  started(decoder: Decoder): void {
    if (!this.decoded) return;
    const frames = decoder.cepstralStatistics()?.frames;
    this.share = frames === undefined ? null : startingShare(frames);
  }

  /** The mean the turn is heard with since it was heard through its own channel; null until then. */
  get ownMean(): Float32Array | null {
    return this.own;
  }

  /**
   * The turn starts again from its first sample (it was decoded to its end at a pause, and the
   * visitor went on): a judgment still to come starts over with it, as the audio is fed again.
   */
  startedAgain(decoder: Decoder): void {
    if (!this.decoded) return;
    this.decoded = [];
    this.decodedSamples = 0;
    this.started(decoder);
  }

  /**
   * Audio the decoder may take before the channel is next judged: batches are cut there, so a
   * judgment always reads exactly whole seconds, however the audio was batched. Judged at the end
   * of whatever batch crossed the second, what it read grew with the load, and so did whether the
   * turn was heard again: the same recording decoded differently from run to run.
   */
  get samplesBeforeJudgment(): number {
    return this.decoded ? CHANNEL_JUDGED_EVERY_SAMPLES - (this.decodedSamples % CHANNEL_JUDGED_EVERY_SAMPLES) : Number.POSITIVE_INFINITY;
  }

  /** Keeps a batch on its way to the decoder; true when it ends the turn's next whole second (time to judge its channel). */
  keep(audio: Int16Array): boolean {
    if (!this.decoded || audio.length === 0) return false;
    this.decoded.push(audio);
    this.decodedSamples += audio.length;
    return this.decodedSamples % CHANNEL_JUDGED_EVERY_SAMPLES === 0;
  }

  /** Reads the decoder's frame count after a batch (on its lane), so a window shift is noticed (channel-mean.ts); the last batch's shift ownMeanOf notices from the final sums. */
  noticeShift(decoder: Decoder): void {
    if (!this.share) return;
    const frames = decoder.cepstralStatistics()?.frames;
    this.share = frames === undefined ? null : followShare(this.share, frames);
  }

  /**
   * The turn's own mean, when it lies far from the one the turn is heard with: the turn must be
   * heard again with it. Null when the turn matches, or there is too little of it to say.
   */
  mismatchedOwnMean(decoder: Decoder): Float32Array | null {
    const startingMean = this.source.initialMean;
    const statistics = decoder.cepstralStatistics();
    if (!this.decoded || !this.share || !startingMean || !statistics) return null;
    const own = ownMeanOf(statistics, startingMean, this.share);
    if (!own) return null;
    const { mismatchedChannelDistance, mismatchedLevel } = this.source.mismatch;
    const distance = channelDistance(own, startingMean);
    const level = levelDifference(own, startingMean);
    if (!((mismatchedChannelDistance !== null && distance > mismatchedChannelDistance) || (mismatchedLevel !== null && level > mismatchedLevel))) return null;
    this.source.log.debug({ distance: Math.round(distance), level: Math.round(level), audioMs: Math.round(this.decodedSamples / 16) }, "a first turn heard again through its own channel");
    return own;
  }

  /**
   * Decodes the turn so far again from the start with its own mean, once: during the turn, each
   * batch its own native call on the lane so other calls' batches go between, or after its end,
   * from a task already on the lane. False when the decoder failed on the way.
   */
  async hearAgainWith(own: Float32Array, { decoder, lane }: PooledDecoder, when: "during the turn" | "after the turn"): Promise<boolean> {
    const turnEnded = when === "after the turn";
    const run = <T>(task: () => Promise<T> | T): Promise<T> => (turnEnded ? Promise.resolve(task()) : lane.run(task, this.urgency));
    const audio = concatPcm(this.decoded ?? []);
    this.decoded = null;
    this.share = null;
    this.own = own;
    const restarted = await run(async () => (turnEnded || (await decoder.endUtteranceAsync())) && decoder.setCepstralMean(own) && decoder.startUtterance());
    if (!restarted) return false;
    let ok = true;
    for (let start = 0; start < audio.length && !this.abandoned(); start += MAX_BATCH_SAMPLES) {
      if (!(await run(() => decoder.processAsync(audio.subarray(start, start + MAX_BATCH_SAMPLES))))) ok = false;
    }
    if (turnEnded) await decoder.endUtteranceAsync();
    return ok;
  }
}
