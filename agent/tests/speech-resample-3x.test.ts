/** @jest-environment node */
import { Downsampler3x, ROUND_TRIP_DELAY_16K, Upsampler3x } from "../src/speech/recognition/resample-3x";

function tone(hz: number, rate: number, samples: number, amplitude = 10_000): Float64Array {
  return Float64Array.from({ length: samples }, (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / rate));
}

/** The amplitude of one frequency in a signal (a single DFT bin, Goertzel-free for clarity). */
function amplitudeAt(signal: ArrayLike<number>, hz: number, rate: number): number {
  let re = 0;
  let im = 0;
  for (let i = 0; i < signal.length; i++) {
    re += (signal[i] as number) * Math.cos((2 * Math.PI * hz * i) / rate);
    im -= (signal[i] as number) * Math.sin((2 * Math.PI * hz * i) / rate);
  }
  return (2 * Math.hypot(re, im)) / signal.length;
}

describe("conversion between 16 kHz and 48 kHz", () => {
  it("keeps a 1 kHz tone's frequency and level when going up to 48 kHz", () => {
    const high = new Upsampler3x().process(tone(1_000, 16_000, 1_600)).subarray(480);
    expect(amplitudeAt(high, 1_000, 48_000)).toBeCloseTo(10_000, -2);
  });

  it("leaves the tone's image at 15 kHz at least 60 dB down", () => {
    const high = new Upsampler3x().process(tone(1_000, 16_000, 1_600)).subarray(480);
    expect(amplitudeAt(high, 15_000, 48_000)).toBeLessThan(10);
  });

  it("takes out what 16 kHz cannot hold (a 20 kHz tone) when coming down", () => {
    const low = new Downsampler3x().process(tone(20_000, 48_000, 4_800)).subarray(160);
    expect(Math.max(...low.map(Math.abs))).toBeLessThan(10);
  });

  it("gives back the 16 kHz signal after a round trip, ROUND_TRIP_DELAY_16K samples later", () => {
    const input = tone(440, 16_000, 1_600);
    const back = new Downsampler3x().process(new Upsampler3x().process(input));
    const delay = Math.round(ROUND_TRIP_DELAY_16K);
    for (let i = 400; i < 1_600; i++) expect(Math.abs((back[i] as number) - (input[i - delay] as number))).toBeLessThan(150);
  });

  it("converts a stream cut into frames exactly as one piece", () => {
    const input = tone(700, 16_000, 960);
    const whole = new Downsampler3x().process(new Upsampler3x().process(input));
    const up = new Upsampler3x();
    const down = new Downsampler3x();
    const pieces = [0, 160, 320, 480, 640, 800].map((start) => down.process(up.process(input.subarray(start, start + 160))));
    expect(Float64Array.from(pieces.flatMap((piece) => [...piece]))).toEqual(whole);
  });

  it("refuses 48 kHz input that is not a whole number of 16 kHz samples", () => {
    expect(() => new Downsampler3x().process(new Float32Array(100))).toThrow(RangeError);
  });
});
