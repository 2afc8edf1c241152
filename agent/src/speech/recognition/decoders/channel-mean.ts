/**
 * A call's cepstral mean, worked out from the decoder's running sums (sphinxbase's live CMN).
 *
 * Live CMN normalises an utterance with the mean it starts from and only learns the utterance's
 * own spectrum at its end, blended with the starting mean it was given at a weight of
 * CEPSTRAL_WINDOW frames. A call's first turn therefore starts from the warm-up's mean: right
 * for a wideband microphone, wrong for a channel that sounds nothing like it (a telephone band
 * above all) or a microphone far louder or quieter, where the first turn is heard through the wrong
 * mean. These functions let the pool notice such a turn and hear it again with its own mean
 * (rehearing.ts). Pure.
 */
import type { CepstralStatistics } from "../pocketsphinx";

/** sphinxbase's CMN_WIN: the weight, in frames, of the mean a decoder is given (cmn_live_set). */
export const CEPSTRAL_WINDOW = 500;
/** sphinxbase's CMN_WIN_HWM: past this many frames the sums are scaled back to CEPSTRAL_WINDOW. */
const CEPSTRAL_WINDOW_HIGH_WATER = 800;

/**
 * The mean the next utterance should start from: what sphinxbase's cmn_live_update sets. Worked
 * out here because sphinxbase skips that update when an utterance's audio ends exactly on a frame
 * (acmod_end_utt has no frame left to process), which left about a third of turns teaching the
 * call nothing.
 */
export function meanOf(statistics: CepstralStatistics): Float32Array | null {
  if (statistics.frames <= 0) return null;
  return statistics.sum.map((value) => value / statistics.frames);
}

/**
 * The starting mean's weight in the decoder's sums, and the frame count when it was last read.
 * Every window shift scales it down with everything else; a shift shows as a frame count lower
 * than the last reading, so the lease reads the count after each batch it decodes (a batch is far
 * shorter than the window, so at most one shift falls between two readings). Counting frames from
 * the audio instead is wrong: sphinxbase does not count frames quieter than c0 = 0, so a turn
 * near the window's edge was taken as shifted when it was not, and its own mean came out absurd.
 */
export type StartingShare = { weight: number; frames: number };

/** The share right after the starting mean was set: the whole window. */
export function startingShare(frames: number): StartingShare {
  return { weight: CEPSTRAL_WINDOW, frames };
}

/** The share after the decoder's frame count was read again. */
export function followShare(share: StartingShare, frames: number): StartingShare {
  if (frames >= share.frames) return { weight: share.weight, frames };
  return { weight: (share.weight * CEPSTRAL_WINDOW) / (CEPSTRAL_WINDOW_HIGH_WATER + 1), frames };
}

/**
 * The utterance's own mean: the sums with the starting mean's share taken out (the sums' weights
 * add up to the frame count). Null for an utterance too short to say anything.
 */
export function ownMeanOf(statistics: CepstralStatistics, startingMean: Float32Array, share: StartingShare): Float32Array | null {
  const { weight } = followShare(share, statistics.frames);
  const ownWeight = statistics.frames - weight;
  if (ownWeight < 1 || startingMean.length !== statistics.sum.length) return null;
  return statistics.sum.map((value, index) => (value - weight * (startingMean[index] ?? 0)) / ownWeight);
}

/** How much louder or quieter one channel is than another: their c0 apart. */
export function levelDifference(a: Float32Array, b: Float32Array): number {
  return Math.abs((a[0] ?? 0) - (b[0] ?? 0));
}

/** How unlike two channels sound: the distance between their means without c0 (loudness, not the channel). */
export function channelDistance(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let index = 1; index < Math.min(a.length, b.length); index++) sum += ((a[index] ?? 0) - (b[index] ?? 0)) ** 2;
  return Math.sqrt(sum);
}
