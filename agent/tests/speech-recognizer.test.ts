/** @jest-environment node */
import { transcriptConfidence } from "../src/speech/recognition/recognizer";
import { concatPcm, samplesForMs, whiteNoise } from "../src/speech/audio";
import { buildTimeline, noise, streamPcm } from "../testkit/speech-audio";
import { RecognitionLog, settle, speak, spokenTimeline, setUpVisitorRecognition } from "./support/speech-fixtures";

// Real pocketsphinx (Debian packages) with the agent's domain-adapted language model, and speech
// synthesized by flite at test time.
jest.setTimeout(60_000);

const speech = setUpVisitorRecognition();

function listen(log: RecognitionLog) {
  const recognizer = speech().createRecognizer({ onSpeechStart: log.onSpeechStart, onUtterance: log.onUtterance });
  if (!recognizer) throw new Error(`recognition is unavailable: ${speech().status.reason}`);
  return recognizer;
}

async function hear(text: string, voice: "slt" | "rms" | "awb" | "kal16" = "slt") {
  const log = new RecognitionLog();
  const recognizer = listen(log);
  await streamPcm((await spokenTimeline(text, voice)).pcm, (chunk) => recognizer.push(chunk), { chunkMs: 100 });
  const [utterance] = await log.waitForUtterances(1);
  recognizer.close();
  return { utterance: utterance!, log };
}

describe("speech recognizer (pocketsphinx, domain-adapted language model)", () => {
  it("is available on this machine", () => {
    expect(speech().status).toEqual({ recognition: "available", synthesis: "available" });
  });

  it.each([
    ["i will call you back on the official number", "slt"],
    ["no i will not give you my password", "rms"],
    ["what is this about", "slt"],
  ] as const)("transcribes %j (flite %s) word for word", async (text, voice) => {
    expect((await hear(text, voice)).utterance.transcript).toBe(text);
  });

  it("hands over its n-best list: distinct transcripts, none empty, none the same as the best", async () => {
    const { utterance } = await hear("i would rather check with my manager first", "rms");
    expect(utterance.alternatives?.length).toBeGreaterThan(0);
    expect(new Set(utterance.alternatives).size).toBe(utterance.alternatives?.length);
    expect(utterance.alternatives).not.toContain(utterance.transcript);
    expect(utterance.alternatives).not.toContain("");
  });

  it("is sure of a sentence said clearly", async () => {
    const { utterance } = await hear("i will call you back on the official number");
    expect(utterance.confidence).toBeGreaterThan(0.8);
  });

  it("is unsure of the words it makes out of a voice that says none (a sentence played backwards)", async () => {
    const log = new RecognitionLog();
    const recognizer = listen(log);
    const { pcm } = await spokenTimeline("i will call you back on the official number", "slt");
    await streamPcm(pcm.slice().reverse(), (chunk) => recognizer.push(chunk), { chunkMs: 100 });
    const utterances = await log.waitForUtterances(1);
    recognizer.close();
    for (const utterance of utterances) expect(utterance.confidence ?? 0).toBeLessThan(0.5);
  });

  it("makes lines ahead of need only while no visitor's turn is being heard", async () => {
    const log = new RecognitionLog();
    const recognizer = listen(log);
    const { pcm } = await spokenTimeline("i would rather check with my manager first", "slt");
    const middle = Math.floor(pcm.length * 0.6);
    await streamPcm(pcm.subarray(0, middle), (chunk) => recognizer.push(chunk), { chunkMs: 100 });
    let made = false;
    const prepared = speech().prepare(["A line nobody has asked for yet, made ahead of need."]).then(() => (made = true));
    await settle(1_500);
    expect(made).toBe(false);
    await streamPcm(pcm.subarray(middle), (chunk) => recognizer.push(chunk), { chunkMs: 100 });
    await log.waitForUtterances(1);
    await prepared;
    recognizer.close();
    expect(made).toBe(true);
  });

  it("passes on speech about anything at all, not only what the playbooks list", async () => {
    const { utterance } = await hear("the weather in paris is lovely this time of year");
    expect(utterance.transcript).toMatch(/weather/);
    expect(utterance.transcript).toMatch(/paris/);
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
    expect(utterance?.transcript).toBe("what is your name");
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
      { speech: await speak("what is this about") },
      { silenceMs: 1500 },
      { speech: await speak("i do not think so", "rms") },
      { silenceMs: 1200 },
    ]);
    await streamPcm(timeline.pcm, (chunk) => recognizer.push(chunk), { chunkMs: 100 });
    await log.waitForUtterances(2);
    recognizer.close();
    expect(log.transcripts()).toEqual(["what is this about", "i do not think so"]);
  });

  it("reports real speech before the utterance, with an end-of-turn time", async () => {
    const log = new RecognitionLog();
    const events: string[] = [];
    const recognizer = speech().createRecognizer({
      onSpeechStart: () => events.push("speech-start"),
      onUtterance: (utterance) => {
        events.push("utterance");
        log.onUtterance(utterance);
      },
    });
    const before = performance.now();
    await streamPcm((await spokenTimeline("i will not do that", "slt")).pcm, (chunk) => recognizer?.push(chunk), { chunkMs: 100 });
    const [utterance] = await log.waitForUtterances(1);
    recognizer?.close();
    expect(events).toEqual(["speech-start", "utterance"]);
    expect(utterance?.endOfTurnAt).toBeGreaterThan(before);
  });

  it("reports the probability of speech once per 100 ms of audio: high while a voice speaks, 0 in silence", async () => {
    const log = new RecognitionLog();
    const probabilities: number[] = [];
    const recognizer = speech().createRecognizer({ onSpeechStart: log.onSpeechStart, onUtterance: log.onUtterance, onVoiceActivity: (p) => probabilities.push(p) });
    const spoken = (await spokenTimeline("i will not do that", "slt")).pcm;
    const pcm = concatPcm([new Int16Array(samplesForMs(500)), spoken, new Int16Array(samplesForMs(800))]);
    await streamPcm(pcm, (chunk) => recognizer?.push(chunk), { chunkMs: 100 });
    await log.waitForUtterances(1);
    recognizer?.close();
    expect(probabilities).toHaveLength(Math.floor(pcm.length / samplesForMs(100)));
    expect(probabilities.every((p) => p >= 0 && p <= 1)).toBe(true);
    expect(probabilities.slice(0, 4)).toEqual([0, 0, 0, 0]);
    expect(probabilities.slice(-4)).toEqual([0, 0, 0, 0]);
    expect(Math.max(...probabilities)).toBe(1);
  });

  it("streams the words heard so far while the visitor speaks, each change once, none after the turn's utterance", async () => {
    const log = new RecognitionLog();
    const events: string[] = [];
    const recognizer = speech().createRecognizer({
      onSpeechStart: log.onSpeechStart,
      onUtterance: (utterance) => {
        events.push(`utterance ${utterance.transcript}`);
        log.onUtterance(utterance);
      },
      onPartial: (words) => events.push(`partial ${words}`),
    });
    if (!recognizer) throw new Error(`recognition is unavailable: ${speech().status.reason}`);
    const { pcm } = await spokenTimeline("no i will not give you my password i will call the service desk myself", "slt");
    await streamPcm(concatPcm([pcm, new Int16Array(samplesForMs(1_000))]), (chunk) => recognizer.push(chunk), { chunkMs: 100, realTime: true });
    await log.waitForUtterances(1);
    await settle();
    recognizer.close();
    const partials = events.filter((event) => event.startsWith("partial "));
    expect(partials.length).toBeGreaterThanOrEqual(2);
    expect(events.at(-1)).toMatch(/^utterance /);
    expect(new Set(partials).size).toBe(partials.length);
    for (const partial of partials) expect(partial).toMatch(/^partial [a-z' ]+$/);
  });

  it("announces nothing once closed, however often: not the utterance it was decoding, not audio pushed afterwards", async () => {
    const log = new RecognitionLog();
    const recognizer = listen(log);
    // One push holds the whole utterance and its end of turn; its decoding is still running when close() comes.
    recognizer.push((await spokenTimeline("who is this", "slt")).pcm);
    recognizer.close();
    recognizer.close();
    recognizer.push((await spokenTimeline("goodbye", "slt")).pcm);
    await settle();
    expect(log.utterances).toEqual([]);
  });
});

describe("how sure the recogniser is of a transcript", () => {
  const path = (...posteriors: [string, number][]) => posteriors.map(([word, posterior]) => ({ word, posterior }));

  it("leaves the sentence's ends, silences and fillers out", () => {
    expect(transcriptConfidence(path(["<s>", 0.01], ["yes", 0.81], ["<sil>", 0.01], ["[noise]", 0.01], ["okay", 0.81], ["</s>", 0.01]))).toBeCloseTo(0.81);
  });

  it("is surer of one doubtful word among sure ones than of a sentence of doubtful words", () => {
    const oneDoubt = transcriptConfidence(path(["i", 0.95], ["will", 0.95], ["send", 0.2], ["it", 0.95]));
    const allDoubt = transcriptConfidence(path(["i", 0.3], ["will", 0.3], ["send", 0.3], ["it", 0.3]));
    expect(oneDoubt).toBeGreaterThan(0.6);
    expect(allDoubt).toBeCloseTo(0.3);
  });

  it("cannot say how sure it is of a path with no words", () => {
    expect(transcriptConfidence(path(["<s>", 1], ["<sil>", 1], ["</s>", 1]))).toBeUndefined();
    expect(transcriptConfidence([])).toBeUndefined();
  });

  it("keeps a word the lattice rounds to zero from making the whole transcript worthless on its own", () => {
    expect(transcriptConfidence(path(["i", 1], ["will", 1], ["send", 0], ["it", 1]))).toBeGreaterThan(0);
  });
});

describe("barge-in needs real speech", () => {
  /** The sample index at which onSpeechStart fired, pushing 20 ms frames one by one. */
  async function speechStartSample(pcm: Int16Array, utterances = 0): Promise<{ at: number | null; log: RecognitionLog }> {
    const log = new RecognitionLog();
    let pushed = 0;
    let at: number | null = null;
    const recognizer = speech().createRecognizer({
      onSpeechStart: () => {
        at ??= pushed;
        log.onSpeechStart();
      },
      onUtterance: log.onUtterance,
    });
    const frame = samplesForMs(20);
    for (let offset = 0; offset < pcm.length; offset += frame) {
      pushed = Math.min(pcm.length, offset + frame);
      recognizer?.push(pcm.subarray(offset, pushed));
    }
    await log.waitForUtterances(utterances);
    await settle(500);
    recognizer?.close();
    return { at, log };
  }

  it("is not announced for silence and faint noise", async () => {
    const { at, log } = await speechStartSample(buildTimeline([{ silenceMs: 3000 }]).pcm);
    expect(at).toBeNull();
    expect(log.utterances).toEqual([]);
  });

  it("is not announced for one loud noisy frame, and that frame is no utterance", async () => {
    const { at, log } = await speechStartSample(concatPcm([noise(1000), whiteNoise(samplesForMs(20), -6, 3), noise(1500)]));
    expect(at).toBeNull();
    expect(log.utterances).toEqual([]);
  });

  it("is not announced for a 100 ms burst of noise (a click, a knock), which is no utterance either", async () => {
    const { at, log } = await speechStartSample(concatPcm([noise(1000), whiteNoise(samplesForMs(100), -20, 4), noise(1500)]));
    expect(at).toBeNull();
    expect(log.utterances).toEqual([]);
  });

  it("is announced once a few hundred ms of a real voice have been heard", async () => {
    const lead = samplesForMs(1000);
    const { at } = await speechStartSample(concatPcm([noise(1000), await speak("hold on, who am i actually talking to"), noise(1500)]));
    expect(at).not.toBeNull();
    expect(at! - lead).toBeGreaterThanOrEqual(samplesForMs(300));
    expect(at! - lead).toBeLessThan(samplesForMs(1000));
  });

  it("still hears a short answer that was too short to barge in: 'no' becomes an utterance", async () => {
    const { log } = await speechStartSample(concatPcm([noise(500), await speak("no"), noise(1500)]), 1);
    expect(log.utterances).toHaveLength(1);
    expect([log.utterances[0]?.transcript, ...(log.utterances[0]?.alternatives ?? [])]).toContain("no");
  });
});
