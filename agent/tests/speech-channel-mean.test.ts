/** @jest-environment node */
import { CEPSTRAL_WINDOW, channelDistance, followShare, levelDifference, meanOf, ownMeanOf, startingShare, type StartingShare } from "../src/speech/recognition/decoders/channel-mean";

const vector = (...values: number[]) => Float32Array.from(values);

/**
 * The sums sphinxbase keeps after a mean was set and `frames` frames of `own` were heard in
 * batches of `batch`, shifting its window as it does; the share followed after every batch, as the
 * lease reads it. `uncounted` frames (quieter than c0 = 0) reach the decoder but not the sums.
 */
function heard(startingMean: Float32Array, own: Float32Array, frames: number, { batch = 50, uncounted = 0 } = {}) {
  let sum = startingMean.map((value) => value * CEPSTRAL_WINDOW);
  let total = CEPSTRAL_WINDOW;
  let share: StartingShare = startingShare(total);
  for (let frame = 0; frame < frames + uncounted; frame++) {
    if (frame < frames) {
      sum = sum.map((value, index) => value + (own[index] ?? 0));
      total++;
      if (total > 800) {
        sum = sum.map((value) => (value * CEPSTRAL_WINDOW) / total);
        total = CEPSTRAL_WINDOW;
      }
    }
    if ((frame + 1) % batch === 0) share = followShare(share, total);
  }
  return { statistics: { sum, frames: total }, share };
}

const rounded = (mean: Float32Array | null) => Array.from(mean ?? []).map((value) => Number(value.toFixed(3)));

describe("a call's cepstral mean from the decoder's sums", () => {
  it("is the sums over the frames, as sphinxbase's own update would set it", () => {
    expect(Array.from(meanOf({ sum: vector(10, -20), frames: 5 }) ?? [])).toEqual([2, -4]);
  });

  it("is unknown while no frame was counted", () => {
    expect(meanOf({ sum: vector(0, 0), frames: 0 })).toBeNull();
  });

  it.each([
    ["a short utterance, from sums that still hold the starting mean", vector(1, 2, 3), vector(5, -1, 0.5), 200, 0],
    ["a long utterance, across the window's shifts", vector(1, 2, 3), vector(-4, 6, 2), 900, 0],
    ["an utterance whose last batch shifted the window, read only with the final sums", vector(1, 2, 3), vector(-4, 6, 2), 320, 0],
    // 'I'd never read my sort code...' came out at c0 95 from the warm-up's when they were taken for one.
    ["an utterance whose frames too quiet to count filled the audio past the window, taking no shift for them", vector(60, 2, 3), vector(58, 6, 2), 290, 20],
  ])("recovers the own mean of %s", (_, start, own, frames, uncounted) => {
    const { statistics, share } = heard(start, own, frames, { uncounted });
    expect(rounded(ownMeanOf(statistics, start, share))).toEqual(rounded(own));
  });

  it("says nothing of an utterance that added no frame", () => {
    const start = vector(1, 2);
    expect(ownMeanOf({ sum: start.map((value) => value * CEPSTRAL_WINDOW), frames: CEPSTRAL_WINDOW }, start, startingShare(CEPSTRAL_WINDOW))).toBeNull();
  });

  it("measures how much louder or quieter one channel is than another by c0 alone", () => {
    expect(levelDifference(vector(-20, 3, 4), vector(4, 0, 0))).toBe(24);
  });

  it("measures how unlike two channels are without their loudness (c0)", () => {
    expect(channelDistance(vector(100, 3, 4), vector(-50, 0, 0))).toBe(5);
  });
});
