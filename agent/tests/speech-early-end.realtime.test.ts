/** @jest-environment node */
/**
 * A turn that ends at the visitor's pause (recognizer.ts, considerEndingAtPause), heard as it
 * happens: audio streamed in real time, so the pause is judged while the silence goes on, and the
 * words at the pause must come back before the visitor speaks again. That makes these tests time
 * the decoders against the clock: `npm test` runs files named *.realtime.test.ts alone, after the
 * rest (scripts/test.sh), since beside another jest worker a decode came back too late and the
 * turn was heard whole.
 */
import { buildTimeline, lastSpeechSample, streamPcm, type Segment } from "../testkit/speech-audio";
import { DEFAULT_VOICE_ACTIVITY } from "../src/speech/recognition/tuning";
import { RecognitionLog, speak, setUpVisitorRecognition } from "./support/speech-fixtures";

jest.setTimeout(60_000);

const speech = setUpVisitorRecognition();

describe("a turn whose words already make a whole answer", () => {
  const { hangoverMs, pauseMs = 0 } = DEFAULT_VOICE_ACTIVITY;

  /** Speech without flite's own trailing silence, so the silences the test sets are the ones heard. */
  const spoken = async (text: string) => {
    const pcm = await speak(text);
    return pcm.subarray(0, lastSpeechSample(pcm) + 1);
  };

  /** Streams segments in real time (the pause is judged while the silence goes on) to a recognizer asking `answerableEarly`; each utterance with when its turn ended. */
  async function converse(segments: Segment[], answerableEarly: (words: string) => boolean) {
    const log = new RecognitionLog();
    const recognizer = speech().createRecognizer({ onSpeechStart: log.onSpeechStart, onUtterance: log.onUtterance, answerableEarly });
    if (!recognizer) throw new Error(`recognition is unavailable: ${speech().status.reason}`);
    const timeline = buildTimeline(segments);
    const report = await streamPcm(timeline.pcm, (chunk) => recognizer.push(chunk), { chunkMs: 20, realTime: true });
    await recognizer.settled?.();
    recognizer.close();
    const start = report.sentAt(0);
    return log.utterances.map((utterance) => ({ transcript: utterance.transcript, endedAtMs: utterance.endOfTurnAt - start }));
  }

  it("ends at the visitor's pause instead of after the hangover when the caller may answer its words early", async () => {
    const question = [{ silenceMs: 600 }, { speech: await spoken("what is this about") }, { silenceMs: 1500 }];
    const early = await converse(question, (words) => words.startsWith("what is this"));
    const late = await converse(question, () => false);
    expect(early.map(({ transcript }) => transcript)).toEqual(["what is this about"]);
    expect(late.map(({ transcript }) => transcript)).toEqual(["what is this about"]);
    // The hangover less the pause, give or take a frame and the wait for the words.
    expect((late[0]?.endedAtMs ?? 0) - (early[0]?.endedAtMs ?? 0)).toBeGreaterThan(hangoverMs - pauseMs - 80);
  });

  it("waits out the hangover, as one turn, when the final words at a pause are not a whole answer, and decodes it again as one when the visitor goes on", async () => {
    const goingOn = [{ silenceMs: 600 }, { speech: await spoken("what is this about") }, { silenceMs: 80 }, { speech: await spoken("tell me your name") }, { silenceMs: 1500 }];
    const whole = await converse(goingOn, () => false);
    const asked: string[] = [];
    const judged = await converse(goingOn, (words) => {
      asked.push(words);
      return false;
    });
    expect(asked.length).toBeGreaterThanOrEqual(1);
    expect(whole).toHaveLength(1);
    expect(judged.map(({ transcript }) => transcript)).toEqual([whole[0]?.transcript]);
    expect(Math.abs((judged[0]?.endedAtMs ?? 0) - (whole[0]?.endedAtMs ?? 0))).toBeLessThan(60);
  });

  it("reads the pause's final words, not the best path so far: the words it judges are the ones the turn is announced with", async () => {
    const asked: string[] = [];
    const heard = await converse([{ silenceMs: 600 }, { speech: await spoken("what is this about") }, { silenceMs: 1500 }], (words) => {
      asked.push(words);
      return true;
    });
    expect(heard.map(({ transcript }) => transcript)).toEqual([asked[asked.length - 1]]);
  });

  it("answers a question right away, and hears what the visitor adds after it as a turn of its own", async () => {
    const heard = await converse(
      [{ silenceMs: 600 }, { speech: await spoken("what is this about") }, { silenceMs: 80 }, { speech: await spoken("tell me your name") }, { silenceMs: 1500 }],
      (words) => words.startsWith("what is this"),
    );
    expect(heard.map(({ transcript }) => transcript)).toEqual(["what is this about", expect.stringContaining("name")]);
  });
});
