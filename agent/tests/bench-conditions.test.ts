/** @jest-environment node */
import {
  activeSpeechLevel,
  babble,
  clip,
  clippedFraction,
  dbfs,
  gain,
  mixAtSnr,
  muLawRoundTrip,
  pinkNoise,
  reverberate,
  rms,
  roomImpulseResponse,
  telephoneBand,
} from "../testkit/conditions";
import { samplesForMs, whiteNoise } from "../src/speech/audio";

const tone = (hz: number, ms: number, level = 8000) => Int16Array.from({ length: samplesForMs(ms) }, (_, i) => Math.round(level * Math.sin((2 * Math.PI * hz * i) / 16_000)));
/** A burst of "speech" (a tone) between silences, like an answer on a line. */
const burst = () => Int16Array.from([...new Int16Array(samplesForMs(500)), ...tone(440, 1000), ...new Int16Array(samplesForMs(500))]);
const roughness = (pcm: Int16Array) => rms(pcm.slice(1).map((sample, i) => sample - (pcm[i] as number))) / rms(pcm);

describe("pink noise", () => {
  it("has the RMS level asked for", () => {
    expect(dbfs(rms(pinkNoise(16_000, -30, 1)))).toBeCloseTo(-30, 0);
  });

  it("is the same for the same seed and different for another", () => {
    expect(pinkNoise(4000, -30, 7)).toEqual(pinkNoise(4000, -30, 7));
    expect(pinkNoise(4000, -30, 7)).not.toEqual(pinkNoise(4000, -30, 8));
  });

  it("carries its energy in the low frequencies, unlike white noise", () => {
    expect(roughness(pinkNoise(16_000, -30, 1))).toBeLessThan(roughness(whiteNoise(16_000, -30, 1)) / 2);
  });
});

describe("mixing noise at a signal-to-noise ratio", () => {
  it("adds the noise at the speech's active level minus the ratio, pauses not counted", () => {
    const speech = burst();
    const noise = pinkNoise(48_000, -20, 3);
    const mixed = mixAtSnr(speech, noise, 10);
    const added = mixed.map((sample, i) => sample - (speech[i] as number));
    expect(dbfs(activeSpeechLevel(speech)) - dbfs(rms(added))).toBeCloseTo(10, 1);
  });
});

describe("café babble", () => {
  const talkers = [tone(180, 1200, 6000), tone(240, 900, 6000), tone(210, 1500, 6000)];

  it("is deterministic and at the level asked for", () => {
    const a = babble(talkers, 32_000, 6, -30, 5);
    expect(a).toEqual(babble(talkers, 32_000, 6, -30, 5));
    expect(dbfs(rms(a))).toBeCloseTo(-30, 0);
  });

  it("has several talkers at once, so it seldom falls silent", () => {
    const mixed = babble(talkers, 64_000, 8, -30, 5);
    const frame = samplesForMs(20);
    let quiet = 0;
    for (let start = 0; start + frame <= mixed.length; start += frame) if (dbfs(rms(mixed, start, start + frame)) < -50) quiet++;
    expect(quiet / (mixed.length / frame)).toBeLessThan(0.05);
  });

  it("needs talkers", () => {
    expect(() => babble([], 1000, 4, -30, 1)).toThrow(/talkers/);
  });
});

describe("the telephone channel", () => {
  const level = (pcm: Int16Array) => dbfs(rms(pcm, samplesForMs(100), pcm.length - samplesForMs(100)));

  it("passes the speech band (1 kHz) at its level", () => {
    expect(level(telephoneBand(tone(1000, 500)))).toBeCloseTo(level(tone(1000, 500)), 0);
  });

  it("removes what lies above 3.4 kHz and cuts what lies below 300 Hz", () => {
    expect(level(telephoneBand(tone(6000, 500))) - level(tone(6000, 500))).toBeLessThan(-30);
    expect(level(telephoneBand(tone(100, 500))) - level(tone(100, 500))).toBeLessThan(-10);
  });

  it("carries samples through mu-law with under 3% error at speech levels, and silence as silence", () => {
    for (const sample of [-20_000, -3000, -500, 700, 4000, 25_000]) expect(Math.abs(muLawRoundTrip(sample) - sample) / Math.abs(sample)).toBeLessThan(0.03);
    expect(muLawRoundTrip(0)).toBe(0);
  });
});

describe("a reverberant room", () => {
  it("has an impulse response that decays by 60 dB over its RT60", () => {
    const response = roomImpulseResponse(600, 0, 1);
    const early = rms(response, samplesForMs(20), samplesForMs(60));
    const late = rms(response, samplesForMs(540), samplesForMs(580));
    expect(20 * Math.log10(early / late)).toBeGreaterThan(40);
    expect(response.length).toBe(samplesForMs(600));
  });

  it("keeps the speech's active level and lets it ring on after it stops", () => {
    const dry = burst();
    const wet = reverberate(dry, 1);
    expect(dbfs(activeSpeechLevel(wet))).toBeCloseTo(dbfs(activeSpeechLevel(dry)), 0);
    const after = samplesForMs(1500);
    expect(rms(wet, after + samplesForMs(20), after + samplesForMs(120))).toBeGreaterThan(10 * rms(dry, after + samplesForMs(20), after + samplesForMs(120)) + 50);
  });
});

describe("microphone level", () => {
  it("turns a signal down by the gain asked for", () => {
    const signal = tone(440, 200);
    expect(dbfs(rms(gain(signal, -24))) - dbfs(rms(signal))).toBeCloseTo(-24, 0);
  });

  it("clips an overdriven signal flat at the ceiling", () => {
    const clipped = clip(tone(440, 200), 18);
    expect(clippedFraction(clipped)).toBeGreaterThan(0.3);
    expect(Math.max(...clipped)).toBeLessThanOrEqual(Math.floor(32767 * 10 ** (-1 / 20)) + 1);
    expect(clippedFraction(tone(440, 200))).toBe(0);
  });
});
