/**
 * A call's cepstral mean, worked out from the decoder's running sums (sphinxbase's live CMN).
 *
 * Live CMN normalises an utterance with the mean it starts from and only learns the utterance's
 * own spectrum at its end, blended with the starting mean it was given at a weight of
 * CEPSTRAL_WINDOW frames. A call's first turn therefore starts from the warm-up's mean: right
 * for a wideband microphone, wrong for a channel that sounds nothing like it (a telephone band
 * above all), where the first turn is heard through the wrong mean. These functions let the pool
 * notice such a turn and hear it again with its own mean (lm-pool.ts). Pure.
 */
import type { CepstralStatistics } from "./pocketsphinx";

/** sphinxbase's CMN_WIN: the weight, in frames, of the mean a decoder is given (cmn_live_set). */
export const CEPSTRAL_WINDOW = 500;
/** sphinxbase's CMN_WIN_HWM: past this many frames the sums are scaled back to CEPSTRAL_WINDOW. */
const CEPSTRAL_WINDOW_HIGH_WATER = 800;
/** 10 ms frames at 16 kHz. */
export const SAMPLES_PER_FRAME = 160;

/**
 * How far (Euclidean, cepstra 1-12) a first turn's own mean may lie from the warm-up's before the
 * turn is heard again with its own. Chosen on the evaluation set's tuning split: quiet rooms,
 * café babble and pink noise at 15 dB, and the human recordings all lay below 34; telephone-band
 * calls above 55 (agent/bench/rooms.ts; DESIGN.md, "A first turn heard through its own channel").
 */
export const MISMATCHED_CHANNEL_DISTANCE = 40;

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
 * The utterance's own mean: the sums with the starting mean's share taken out. The share is
 * followed through sphinxbase's window shifts (which scale the sums back every time they pass
 * CEPSTRAL_WINDOW_HIGH_WATER frames) over the utterance's `frames`. Null for an utterance too
 * short to say anything.
 */
export function ownMeanOf(statistics: CepstralStatistics, startingMean: Float32Array, frames: number): Float32Array | null {
  let startWeight = CEPSTRAL_WINDOW;
  let ownWeight = 0;
  let total = CEPSTRAL_WINDOW;
  for (let frame = 0; frame < frames; frame++) {
    ownWeight++;
    total++;
    if (total > CEPSTRAL_WINDOW_HIGH_WATER) {
      const scale = CEPSTRAL_WINDOW / total;
      startWeight *= scale;
      ownWeight *= scale;
      total = CEPSTRAL_WINDOW;
    }
  }
  // Without a shift the sums say exactly how many frames the utterance added (silent frames are not counted).
  if (startWeight === CEPSTRAL_WINDOW) ownWeight = statistics.frames - CEPSTRAL_WINDOW;
  if (ownWeight < 1 || startingMean.length !== statistics.sum.length) return null;
  return statistics.sum.map((value, index) => (value - startWeight * (startingMean[index] ?? 0)) / ownWeight);
}

/** How unlike two channels sound: the distance between their means without c0 (loudness, not the channel). */
export function channelDistance(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let index = 1; index < Math.min(a.length, b.length); index++) sum += ((a[index] ?? 0) - (b[index] ?? 0)) ** 2;
  return Math.sqrt(sum);
}
