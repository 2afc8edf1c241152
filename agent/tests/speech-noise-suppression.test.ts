/** @jest-environment node */
import { whiteNoise } from "../src/speech/audio";
import { NoiseSuppressor, SUPPRESSION_DELAY_SAMPLES } from "../src/speech/recognition/noise-suppression";
import { frameLevelDbfs } from "../src/speech/recognition/voice-activity";
import { closeFixtureSpeech, speak } from "./support/speech-fixtures";

jest.setTimeout(60_000);

afterAll(async () => {
  await closeFixtureSpeech();
});

/** The whole signal through one suppressor in 20 ms frames, as the recogniser feeds it. */
function suppress(suppressor: NoiseSuppressor, pcm: Int16Array): Int16Array {
  const out = new Int16Array(pcm.length - (pcm.length % 320));
  for (let offset = 0; offset + 320 <= pcm.length; offset += 320) out.set(suppressor.process(pcm.subarray(offset, offset + 320)), offset);
  return out;
}

describe("noise suppressor (RNNoise)", () => {
  it("takes a steady hiss at least 20 dB down once it has heard it for a second", () => {
    const suppressor = new NoiseSuppressor();
    const out = suppress(suppressor, whiteNoise(32_000, -30, 3));
    suppressor.free();
    expect(frameLevelDbfs(out.subarray(16_000))).toBeLessThan(-50);
  });

  it("keeps a spoken sentence's level within 3 dB", async () => {
    const voice = await speak("i will call you back on the official number");
    const suppressor = new NoiseSuppressor();
    const out = suppress(suppressor, voice);
    suppressor.free();
    expect(Math.abs(frameLevelDbfs(out) - frameLevelDbfs(voice.subarray(0, out.length)))).toBeLessThan(3);
  });

  it("hands its output SUPPRESSION_DELAY_SAMPLES after its input: a click comes out that much later", () => {
    const click = new Int16Array(3_200);
    click.fill(12_000, 1_000, 1_160);
    const out = suppress(new NoiseSuppressor(), click);
    let loudest = 0;
    for (let i = 1; i < out.length; i++) if (Math.abs(out[i] as number) > Math.abs(out[loudest] as number)) loudest = i;
    expect(Math.abs(loudest - (1_080 + SUPPRESSION_DELAY_SAMPLES))).toBeLessThan(100);
  });

  it("keeps one state per call: what one suppressor heard does not change another's output", () => {
    const signal = whiteNoise(6_400, -30, 5);
    const fresh = suppress(new NoiseSuppressor(), signal);
    const busy = new NoiseSuppressor();
    suppress(busy, whiteNoise(16_000, -10, 9));
    const alongside = new NoiseSuppressor();
    suppress(busy, whiteNoise(3_200, -10, 11));
    expect(suppress(alongside, signal)).toEqual(fresh);
  });

  it("can be freed twice, and once freed passes audio through unchanged", () => {
    const suppressor = new NoiseSuppressor();
    suppressor.free();
    suppressor.free();
    const frame = whiteNoise(320, -30, 1);
    expect(suppressor.process(frame)).toEqual(frame);
  });

  it("refuses frames that are not whole 10 ms pieces", () => {
    expect(() => new NoiseSuppressor().process(new Int16Array(100))).toThrow(RangeError);
  });
});
