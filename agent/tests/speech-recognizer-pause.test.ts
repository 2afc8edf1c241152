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
function pausingLease() {
  const decodes: Deferred[] = [];
  let current: Deferred | null = null;
  const lease = {
    feed: () => undefined,
    flush: () => undefined,
    decodeToTheEndAtPause: () => {
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

describe("the end of a turn at the visitor's pause", () => {
  it("never ends a turn on a pause's words once the visitor has spoken since, even when they have paused again by the time the words come", async () => {
    const { lease, decodes } = pausingLease();
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
    const { pcm } = buildTimeline([{ silenceMs: 600 }, { speech: await spoken("what is this about") }, { silenceMs: 80 }, { speech: await spoken("tell me your name") }, { silenceMs: 1500 }]);
    const frame = samplesForMs(20);
    let offset = 0;
    // Up to the second pause: the first pause's decode is still out.
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
