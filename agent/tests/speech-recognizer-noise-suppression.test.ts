/** @jest-environment node */
import pino from "pino";
import { concatPcm, samplesForMs, whiteNoise } from "../src/speech/audio";
import type { LanguageModelPool } from "../src/speech/recognition/decoders/pool";
import { createRecognizer, type NoiseSuppressionOptions, type RecognitionEngine } from "../src/speech/recognition/recognizer";
import { DEFAULT_VOICE_ACTIVITY } from "../src/speech/recognition/tuning";
import { frameLevelDbfs } from "../src/speech/recognition/voice-activity";
import { closeFixtureSpeech, speak } from "./support/speech-fixtures";

// The decoders are a stand-in that records what they are fed: what is under test is which audio
// reaches them, not what pocketsphinx makes of it (the rooms bench measures that).
jest.setTimeout(60_000);

afterAll(async () => {
  await closeFixtureSpeech();
});

/** A hissing room: 1.5 s of it, a sentence over it, 1 s more; and everything the decoder was fed. */
async function decoderHears(noiseSuppression: NoiseSuppressionOptions): Promise<{ room: Int16Array; fed: Int16Array }> {
  const fed: Int16Array[] = [];
  const lease = { feed: (frame: Int16Array) => fed.push(frame), flush: () => undefined, decodeToTheEndAtPause: () => undefined, speechResumed: () => undefined, finish: async () => ({ best: "", nbest: [], words: [] }), abandon: () => undefined };
  const engine: RecognitionEngine = {
    pool: { lease: () => lease } as unknown as LanguageModelPool,
    transcriptDeadlineMs: 1_000,
    partialIntervalMs: 400,
    voiceActivity: DEFAULT_VOICE_ACTIVITY,
    noiseSuppression,
    log: pino({ level: "silent" }),
  };
  const voice = await speak("i will call you back on the official number");
  const clean = concatPcm([new Int16Array(samplesForMs(1_500)), voice, new Int16Array(samplesForMs(1_000))]);
  const hiss = whiteNoise(clean.length, -40, 4);
  const room = clean.map((sample, i) => Math.max(-32768, Math.min(32767, sample + (hiss[i] as number))));
  const utterances: unknown[] = [];
  const recognizer = createRecognizer(engine, { onSpeechStart: () => undefined, onUtterance: (u) => utterances.push(u) });
  recognizer!.push(room);
  await recognizer!.settled?.();
  recognizer!.close();
  expect(utterances).toHaveLength(1);
  return { room, fed: concatPcm(fed) };
}

/** Whether the fed frames are a stretch of the room's audio, sample for sample. */
function isStretchOf(fed: Int16Array, room: Int16Array): boolean {
  return fed.length > 0 && room.some((_, i) => i + fed.length <= room.length && fed.every((sample, j) => room[i + j] === sample));
}

describe("the recogniser's noise suppression", () => {
  it.each([
    ["off", { enabled: false, fromFloorDbfs: Number.NEGATIVE_INFINITY }],
    // The hiss is at -40 dBFS.
    ["the room is quieter than the floor suppression starts from", { enabled: true, fromFloorDbfs: -30 }],
  ])("feeds the decoder the turn as it came when %s", async (_when, noiseSuppression) => {
    const { room, fed } = await decoderHears(noiseSuppression);
    expect(isStretchOf(fed, room)).toBe(true);
  });

  it("feeds the decoder the turn with the room's hiss taken out when the room is that loud", async () => {
    const { room, fed } = await decoderHears({ enabled: true, fromFloorDbfs: -50 });
    // The turn's last few hundred ms are the room alone (the hangover): 20 dB quieter than it was.
    const tail = samplesForMs(300);
    expect(frameLevelDbfs(fed.subarray(fed.length - tail))).toBeLessThan(frameLevelDbfs(room.subarray(room.length - tail)) - 20);
  });
});
