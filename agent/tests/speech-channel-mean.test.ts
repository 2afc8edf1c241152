/** @jest-environment node */
import { CEPSTRAL_WINDOW, channelDistance, meanOf, ownMeanOf } from "../src/speech/channel-mean";

const vector = (...values: number[]) => Float32Array.from(values);

/** The sums sphinxbase keeps after a mean was set and `frames` frames of `own` were heard, shifting its window as it does. */
function sumsAfter(startingMean: Float32Array, own: Float32Array, frames: number) {
  let sum = startingMean.map((value) => value * CEPSTRAL_WINDOW);
  let total = CEPSTRAL_WINDOW;
  for (let frame = 0; frame < frames; frame++) {
    sum = sum.map((value, index) => value + (own[index] ?? 0));
    total++;
    if (total > 800) {
      sum = sum.map((value) => (value * CEPSTRAL_WINDOW) / total);
      total = CEPSTRAL_WINDOW;
    }
  }
  return { sum, frames: total };
}

describe("a call's cepstral mean from the decoder's sums", () => {
  it("is the sums over the frames, as sphinxbase's own update would set it", () => {
    expect(Array.from(meanOf({ sum: vector(10, -20), frames: 5 }) ?? [])).toEqual([2, -4]);
  });

  it("is unknown while no frame was counted", () => {
    expect(meanOf({ sum: vector(0, 0), frames: 0 })).toBeNull();
  });

  it("recovers a short utterance's own mean from sums that still hold the starting mean", () => {
    const start = vector(1, 2, 3);
    const own = ownMeanOf(sumsAfter(start, vector(5, -1, 0.5), 200), start, 200);
    expect(Array.from(own ?? []).map((value) => Number(value.toFixed(3)))).toEqual([5, -1, 0.5]);
  });

  it("recovers a long utterance's own mean across the window's shifts", () => {
    const start = vector(1, 2, 3);
    const own = ownMeanOf(sumsAfter(start, vector(-4, 6, 2), 900), start, 900);
    expect(Array.from(own ?? []).map((value) => Number(value.toFixed(3)))).toEqual([-4, 6, 2]);
  });

  it("says nothing of an utterance that added no frame", () => {
    const start = vector(1, 2);
    expect(ownMeanOf({ sum: start.map((value) => value * CEPSTRAL_WINDOW), frames: CEPSTRAL_WINDOW }, start, 0)).toBeNull();
  });

  it("measures how unlike two channels are without their loudness (c0)", () => {
    expect(channelDistance(vector(100, 3, 4), vector(-50, 0, 0))).toBe(5);
  });
});
