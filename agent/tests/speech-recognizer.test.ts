/** @jest-environment node */
import pino from "pino";
import { createSpeech, type Speech } from "../src/speech";
import { buildTimeline, closeFixtureSpeech, RecognitionLog, settle, speak, spokenTimeline, streamPcm } from "./support/speech-fixtures";

// Real pocketsphinx (Debian packages) and speech synthesized by flite at test time.
jest.setTimeout(30_000);

const phrases = [
  "who is this",
  "who are you",
  "i will call you back",
  "i do not think so",
  "no i will not give you my code",
  "what is your name",
  "goodbye",
  "yes",
  "no",
];

let speech: Speech;

beforeAll(async () => {
  // Audio is streamed faster than real time here, so a whole utterance can reach the
  // out-of-grammar check at once; give it time even on a busy machine.
  speech = await createSpeech(pino({ level: "silent" }), { checkDeadlineMs: 10_000 });
});

afterAll(async () => {
  await speech.close();
  await closeFixtureSpeech();
});

function listen(log: RecognitionLog, phraseList: readonly string[] = phrases) {
  const recognizer = speech.createRecognizer({ phrases: phraseList, onSpeechStart: log.onSpeechStart, onUtterance: log.onUtterance });
  if (!recognizer) throw new Error(`recognition is unavailable: ${speech.status.reason}`);
  return recognizer;
}

describe("speech recognizer (pocketsphinx)", () => {
  it("is available on this machine", () => {
    expect(speech.status).toEqual({ recognition: "available", synthesis: "available" });
  });

  it("recognises a phrase spoken by flite's slt voice exactly", async () => {
    const log = new RecognitionLog();
    const recognizer = listen(log);
    await streamPcm((await spokenTimeline("who is this", "slt")).pcm, (chunk) => recognizer.push(chunk), { chunkMs: 100 });
    const [utterance] = await log.waitForUtterances(1);
    recognizer.close();
    expect(utterance?.text).toBe("who is this");
  });

  it("recognises a phrase spoken by another flite voice (rms) exactly", async () => {
    const log = new RecognitionLog();
    const recognizer = listen(log);
    await streamPcm((await spokenTimeline("i will call you back", "rms")).pcm, (chunk) => recognizer.push(chunk), { chunkMs: 100 });
    const [utterance] = await log.waitForUtterances(1);
    recognizer.close();
    expect(utterance?.text).toBe("i will call you back");
  });

  it("recognises audio pushed in pieces of any size (it re-frames internally)", async () => {
    const log = new RecognitionLog();
    const recognizer = listen(log);
    const { pcm } = await spokenTimeline("what is your name", "slt");
    const sizes = [1, 37, 331, 1999, 160, 4001];
    for (let offset = 0, i = 0; offset < pcm.length; i++) {
      const size = sizes[i % sizes.length] ?? 160;
      recognizer.push(pcm.subarray(offset, offset + size));
      offset += size;
    }
    const [utterance] = await log.waitForUtterances(1);
    recognizer.close();
    expect(utterance?.text).toBe("what is your name");
  });

  it("rejects an out-of-grammar sentence as not understood", async () => {
    const log = new RecognitionLog();
    const recognizer = listen(log);
    await streamPcm((await spokenTimeline("the weather in paris is lovely this time of year", "slt")).pcm, (chunk) => recognizer.push(chunk), { chunkMs: 100 });
    const [utterance] = await log.waitForUtterances(1);
    recognizer.close();
    expect(utterance?.text).toBeNull();
  });

  it("ends the turn once per utterance, however long the silence after it", async () => {
    const log = new RecognitionLog();
    const recognizer = listen(log);
    const timeline = buildTimeline([{ silenceMs: 500 }, { speech: await speak("goodbye") }, { silenceMs: 4000 }]);
    await streamPcm(timeline.pcm, (chunk) => recognizer.push(chunk), { chunkMs: 100 });
    await log.waitForUtterances(1);
    await settle();
    recognizer.close();
    expect(log.utterances).toHaveLength(1);
    expect(log.speechStarts).toBe(1);
  });

  it("gives two results, in order, for two utterances separated by silence", async () => {
    const log = new RecognitionLog();
    const recognizer = listen(log);
    const timeline = buildTimeline([
      { silenceMs: 500 },
      { speech: await speak("who are you") },
      { silenceMs: 1500 },
      { speech: await speak("i do not think so", "rms") },
      { silenceMs: 1200 },
    ]);
    await streamPcm(timeline.pcm, (chunk) => recognizer.push(chunk), { chunkMs: 100 });
    await log.waitForUtterances(2);
    recognizer.close();
    expect(log.texts()).toEqual(["who are you", "i do not think so"]);
  });

  it("reports the start of speech before the utterance, with an end-of-turn time", async () => {
    const log = new RecognitionLog();
    const events: string[] = [];
    const recognizer = speech.createRecognizer({
      phrases,
      onSpeechStart: () => events.push("speech-start"),
      onUtterance: (utterance) => {
        events.push("utterance");
        log.onUtterance(utterance);
      },
    });
    const before = performance.now();
    await streamPcm((await spokenTimeline("no", "slt")).pcm, (chunk) => recognizer?.push(chunk), { chunkMs: 100 });
    const [utterance] = await log.waitForUtterances(1);
    recognizer?.close();
    expect(events).toEqual(["speech-start", "utterance"]);
    expect(utterance?.endOfTurnAt).toBeGreaterThan(before);
  });

  it("fires no start of speech for silence and faint noise", async () => {
    const log = new RecognitionLog();
    const recognizer = listen(log);
    await streamPcm(buildTimeline([{ silenceMs: 3000 }]).pcm, (chunk) => recognizer.push(chunk), { chunkMs: 100 });
    recognizer.close();
    expect(log.speechStarts).toBe(0);
  });

  it("closes idempotently, ignores audio after close and announces nothing pending", async () => {
    const log = new RecognitionLog();
    const recognizer = listen(log);
    // One push holds the whole utterance and its end of turn; the out-of-grammar check is still running when close() comes.
    recognizer.push((await spokenTimeline("who is this", "slt")).pcm);
    recognizer.close();
    recognizer.close();
    recognizer.push((await spokenTimeline("goodbye", "slt")).pcm);
    await settle();
    expect(log.utterances).toEqual([]);
  });

  it("is null (and logged) when no phrase can be spoken with the dictionary", () => {
    expect(speech.createRecognizer({ phrases: ["123", "xqzzyv"], onSpeechStart: () => undefined, onUtterance: () => undefined })).toBeNull();
  });
});
