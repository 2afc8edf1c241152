/** @jest-environment node */
import pino from "pino";
import { samplesForMs } from "../src/speech/audio";
import type { DecodedTurn } from "../src/speech/recognition/decoders/lease";
import type { LanguageModelPool } from "../src/speech/recognition/decoders/pool";
import { createRecognizer, type RecognitionEngine } from "../src/speech/recognition/recognizer";
import { DEFAULT_VOICE_ACTIVITY } from "../src/speech/recognition/tuning";
import type { Utterance } from "../src/speech/types";
import { buildTimeline, lastSpeechSample } from "../testkit/speech-audio";
import { closeFixtureSpeech, speak } from "./support/speech-fixtures";

// The decoder is a stand-in whose decodes at a pause finish when the test says: what is under test
// is when the recognizer ends a turn and with which words, not what pocketsphinx hears.
jest.setTimeout(60_000);

afterAll(async () => {
  await closeFixtureSpeech();
});

type Deferred = { promise: Promise<DecodedTurn | undefined>; resolve: (turn: DecodedTurn) => void };
const heard = (best: string): DecodedTurn => ({ best, nbest: [], words: best.split(" ").map((word) => ({ word, posterior: 0.9 })) });

/** A lease whose decodes at a pause wait for the test; like the real one, the turn's words are the last pause's decode unless the visitor spoke since. */
function pausingLease({ busyAtFirst = false } = {}) {
  const decodes: Deferred[] = [];
  let current: Deferred | null = null;
  let busy = busyAtFirst;
  const lease = {
    feed: () => undefined,
    flush: () => undefined,
    decodeToTheEndAtPause: () => {
      if (busy) {
        busy = false;
        return null;
      }
      let resolve!: Deferred["resolve"];
      const promise = new Promise<DecodedTurn | undefined>((done) => (resolve = done));
      current = { promise, resolve };
      decodes.push(current);
      return promise;
    },
    speechResumed: () => {
      current = null;
    },
    isDecodedAtPause: (decoded: Promise<DecodedTurn | undefined>) => current?.promise === decoded,
    finish: () => current?.promise ?? Promise.resolve(heard("decoded at the end")),
    abandon: () => undefined,
  };
  return { lease, decodes };
}

const spoken = async (text: string) => {
  const pcm = await speak(text);
  return pcm.subarray(0, lastSpeechSample(pcm) + 1);
};
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A recognizer over the stand-in lease that may answer "what is this about" early; the utterances it announces. */
function listening(lease: ReturnType<typeof pausingLease>["lease"]) {
  const engine: RecognitionEngine = {
    pool: { lease: () => lease } as unknown as LanguageModelPool,
    transcriptDeadlineMs: 1_000,
    partialIntervalMs: null,
    voiceActivity: DEFAULT_VOICE_ACTIVITY,
    noiseSuppression: { enabled: false, fromFloorDbfs: Number.NEGATIVE_INFINITY },
    log: pino({ level: "silent" }),
  };
  const utterances: Utterance[] = [];
  const recognizer = createRecognizer(engine, { onSpeechStart: () => undefined, onUtterance: (utterance) => utterances.push(utterance), answerableEarly: (words) => words === "what is this about" })!;
  return { recognizer, utterances };
}

const frame = samplesForMs(20);
const { lullMs = 0, pauseMs = 0 } = DEFAULT_VOICE_ACTIVITY;

/** A question followed by silence, pushed frame by frame until the recognizer asks for its first decode: the audio, and how far into it that was. */
async function untilTheLull(recognizer: ReturnType<typeof listening>["recognizer"], decodes: readonly Deferred[]) {
  const { pcm } = buildTimeline([{ silenceMs: 600 }, { speech: await spoken("what is this about") }, { silenceMs: 1500 }]);
  let offset = 0;
  for (; offset < pcm.length && decodes.length === 0; offset += frame) recognizer.push(pcm.subarray(offset, offset + frame));
  return { pcm, offset };
}

describe("the end of a turn at the visitor's pause", () => {
  it("decodes the words at the lull and ends a question's turn at its pause, not before, when they come back in time", async () => {
    const { lease, decodes } = pausingLease();
    const { recognizer, utterances } = listening(lease);
    const { pcm, offset: lullAt } = await untilTheLull(recognizer, decodes);
    let offset = lullAt;
    decodes[0]!.resolve(heard("what is this about"));
    await settle();
    expect(utterances).toEqual([]);
    for (; offset < pcm.length && utterances.length === 0; offset += frame) {
      recognizer.push(pcm.subarray(offset, offset + frame));
      await settle();
    }
    recognizer.close();
    expect(utterances.map(({ transcript }) => transcript)).toEqual(["what is this about"]);
    expect(((offset - lullAt) * 1000) / 16_000).toBe(pauseMs - lullMs);
  });

  it("ends a question's turn as soon as the lull's words come back when they come after the pause, timed from the pause", async () => {
    const { lease, decodes } = pausingLease();
    const { recognizer, utterances } = listening(lease);
    const { pcm, offset: lullAt } = await untilTheLull(recognizer, decodes);
    let offset = lullAt;
    const pauseFrames = (pauseMs - lullMs) / 20;
    let pausedBy = 0;
    for (let i = 0; i < pauseFrames; i++, offset += frame) {
      recognizer.push(pcm.subarray(offset, offset + frame));
      pausedBy = performance.now();
    }
    await settle();
    expect(utterances).toEqual([]);
    decodes[0]!.resolve(heard("what is this about"));
    await settle();
    await settle();
    recognizer.close();
    expect(utterances.map(({ transcript }) => transcript)).toEqual(["what is this about"]);
    expect(utterances[0]!.endOfTurnAt).toBeLessThanOrEqual(pausedBy);
  });

  it("decodes the words at the pause when the decoders were too busy at the lull, and ends a question's turn when they come back", async () => {
    const { lease, decodes } = pausingLease({ busyAtFirst: true });
    const asked: number[] = [];
    const decodeToTheEndAtPause = lease.decodeToTheEndAtPause;
    let offset = 0;
    lease.decodeToTheEndAtPause = () => {
      asked.push(offset);
      return decodeToTheEndAtPause();
    };
    const { recognizer, utterances } = listening(lease);
    const { pcm } = buildTimeline([{ silenceMs: 600 }, { speech: await spoken("what is this about") }, { silenceMs: 1500 }]);
    for (; offset < pcm.length && decodes.length === 0; offset += frame) recognizer.push(pcm.subarray(offset, offset + frame));
    expect(asked).toHaveLength(2);
    expect(((asked[1]! - asked[0]!) * 1000) / 16_000).toBe(pauseMs - lullMs);
    decodes[0]!.resolve(heard("what is this about"));
    await settle();
    recognizer.close();
    expect(utterances.map(({ transcript }) => transcript)).toEqual(["what is this about"]);
  });

  it("never ends a turn on a pause's words once the visitor has spoken since, even when they have paused again by the time the words come", async () => {
    const { lease, decodes } = pausingLease();
    const { recognizer, utterances } = listening(lease);
    const { pcm } = buildTimeline([{ silenceMs: 600 }, { speech: await spoken("what is this about") }, { silenceMs: 80 }, { speech: await spoken("tell me your name") }, { silenceMs: 1500 }]);
    let offset = 0;
    // Up to the second lull: the first lull's decode is still out.
    for (; offset < pcm.length && decodes.length < 2; offset += frame) recognizer.push(pcm.subarray(offset, offset + frame));
    expect(decodes).toHaveLength(2);
    decodes[0]!.resolve(heard("what is this about"));
    await settle();
    expect(utterances).toEqual([]);
    decodes[1]!.resolve(heard("what is this about tell me your name"));
    await settle();
    // Those final words are not a question: the turn waits for its hangover.
    expect(utterances).toEqual([]);
    for (; offset < pcm.length; offset += frame) recognizer.push(pcm.subarray(offset, offset + frame));
    await recognizer.settled?.();
    recognizer.close();
    expect(utterances.map(({ transcript }) => transcript)).toEqual(["what is this about tell me your name"]);
  });
});
