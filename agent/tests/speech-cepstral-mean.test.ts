/** @jest-environment node */
/**
 * A call's first turn is heard again through its own cepstral mean when its channel is unlike the
 * warm-up's. Real pocketsphinx with one decoder, so every call goes through the same one; that each
 * call's turns start from its own mean, whatever the decoder heard before, speech-decoders.test.ts
 * holds with a stand-in decoder.
 */
import pino from "pino";
import { createSpeech, type Speech, type Utterance } from "../src/speech";
import { visitorSpeech } from "../src/caller/visitor-sentences";
import { streamPcm } from "../testkit/speech-audio";
import { telephoneBand } from "../testkit/conditions";
import { WordErrorRate } from "../testkit/wer";
import { closeFixtureSpeech, RecognitionLog, spokenTimeline } from "./support/speech-fixtures";

jest.setTimeout(120_000);

let speech: Speech;
/** The same, except that a first turn is only ever heard through the warm-up's mean. */
let speechWithoutSecondHearing: Speech;

const speechWith = (mismatchedChannelDistance: number | null | undefined) =>
  createSpeech(pino({ level: "silent" }), {
    ...visitorSpeech(),
    transcriptDeadlineMs: 30_000,
    // The cepstral mean alone: the front end's noise estimate goes on from a decoder's last utterance.
    languageModel: { lanes: 1, maxDecoders: 1, warmDecoders: 1, readyDecoders: 1, decoderArgs: { remove_noise: "no" }, ...(mismatchedChannelDistance === undefined ? {} : { mismatchedChannelDistance }) },
    voiceEngine: "flite",
  });

beforeAll(async () => {
  speech = await speechWith(undefined);
  speechWithoutSecondHearing = await speechWith(null);
}, 180_000);

afterAll(async () => {
  await speech.close();
  await speechWithoutSecondHearing.close();
  await closeFixtureSpeech();
});

/** One call that hears `turn` and hangs up. */
async function call(turn: Int16Array, through = speech): Promise<Utterance[]> {
  const log = new RecognitionLog();
  const recognizer = through.createRecognizer({ onSpeechStart: log.onSpeechStart, onUtterance: log.onUtterance });
  if (!recognizer) throw new Error(`recognition is unavailable: ${speech.status.reason}`);
  // The audio ends in more silence than the detector waits for, so the turn has ended by the last chunk.
  await streamPcm(turn, (chunk) => recognizer.push(chunk), { chunkMs: 100 });
  await recognizer.settled?.();
  recognizer.close();
  return log.utterances;
}

const heard = (utterance: Utterance | undefined) => ({ transcript: utterance?.transcript, alternatives: utterance?.alternatives });

describe("a call's first turn", () => {
  it("is heard again through its own mean when its channel is unlike the warm-up's (a telephone band)", async () => {
    const sentences = ["i would rather check with my manager first", "which payroll company did you say you work for", "i can not send a payment without the normal approval"];
    const errors = async (through: Speech) => {
      const rate = new WordErrorRate();
      for (const text of sentences) {
        const [turn] = await call(telephoneBand((await spokenTimeline(text, "rms")).pcm), through);
        rate.add(text, turn?.transcript ?? "");
      }
      return rate.errors;
    };
    expect(await errors(speech)).toBeLessThan(await errors(speechWithoutSecondHearing));
  });

  it("is heard once, wideband, through the warm-up's mean", async () => {
    const utterance = (await spokenTimeline("i would rather check with my manager first", "rms")).pcm;
    const [heardOnce] = await call(utterance, speechWithoutSecondHearing);
    const [heardByDefault] = await call(utterance);
    expect(heard(heardByDefault)).toEqual(heard(heardOnce));
  });
});
