/** @jest-environment node */
import type { Utterance } from "../src/speech";
import type { ServerFrame } from "../src/server/messages";
import { Listening } from "../src/server/session/listening";
import { capturingLogger } from "./support/capturing-logger";
import { fakeSpeech, silence, tone, type FakeSpeech } from "./support/agent-harness";

function setUp(options: { recognition?: boolean; speech?: FakeSpeech; onSpeechStart?: () => void } = {}) {
  const speech = options.speech ?? fakeSpeech({ recognition: options.recognition ?? true });
  const frames: ServerFrame[] = [];
  const events: string[] = [];
  const utterances: Utterance[] = [];
  const setups: (() => void)[] = [];
  const failures: string[] = [];
  const { log, lines } = capturingLogger();
  let live = true;
  const listening = new Listening({
    speech,
    phrases: ["who is this"],
    log,
    runSetup: (task) => setups.push(task),
    isLive: () => live,
    send: (frame) => frames.push(frame) > 0,
    guarded: (what, action) => {
      try {
        action();
      } catch {
        failures.push(what);
      }
    },
    onSpeechStart: options.onSpeechStart ?? (() => events.push("speech start")),
    onUtterance: (utterance) => {
      events.push("utterance");
      utterances.push(utterance);
    },
    onTentative: (words) => events.push(`tentative ${words}`),
    answerableEarly: (words) => words === "who is this",
  });
  /** Runs the recognizer's setup, as the server does when it has a moment. */
  const finishSetup = () => setups.splice(0).forEach((task) => task());
  return { listening, speech, frames, events, utterances, failures, logLines: lines, finishSetup, end: () => (live = false) };
}

/** A call that is listening: started, its recognizer open. */
function listeningCall(options: Parameters<typeof setUp>[0] = {}) {
  const call = setUp(options);
  call.listening.start();
  call.finishSetup();
  return call;
}

const samples = (speech: FakeSpeech) => speech.recognizers.map((recognizer) => recognizer.samplesPushed);

describe("setting up recognition", () => {
  it("opens one recognizer per call with the caller's phrases, once the server has a moment", () => {
    const { listening, speech, finishSetup } = setUp();
    expect(listening.start()).toBe(true);
    expect(speech.recognizers).toHaveLength(0);
    finishSetup();
    expect(speech.recognizers.map((recognizer) => recognizer.phrases)).toEqual([["who is this"]]);
  });

  it("hears nothing until it is started (a text-only call never starts it)", () => {
    const { listening, speech, finishSetup } = setUp();
    finishSetup();
    listening.audio(tone(200, 8_000));
    expect(speech.recognizers).toHaveLength(0);
  });

  it("hears nothing when recognition is unavailable: the audio is dropped", () => {
    const { listening, speech, finishSetup, events } = setUp({ recognition: false });
    expect(listening.start()).toBe(false);
    finishSetup();
    listening.audio(tone(200, 8_000));
    expect(speech.recognizers).toHaveLength(0);
    expect(events).toEqual([]);
  });

  it("keeps the audio that arrives during the setup and hands it to the recognizer once it is open", () => {
    const { listening, speech, finishSetup } = setUp();
    listening.start();
    listening.audio(tone(100, 8_000));
    listening.audio(silence(100));
    finishSetup();
    expect(samples(speech)).toEqual([3_200]);
  });

  it("keeps no more than the last 5 s of that early audio", () => {
    const { listening, speech, finishSetup } = setUp();
    listening.start();
    for (let i = 0; i < 7; i += 1) listening.audio(silence(1_000));
    finishSetup();
    expect(samples(speech)).toEqual([5 * 16_000]);
  });

  it("opens no recognizer when the call stopped taking turns during the setup", () => {
    const { listening, speech, finishSetup, end } = setUp();
    listening.start();
    end();
    finishSetup();
    expect(speech.recognizers).toHaveLength(0);
  });

  it("leaves the call on typed turns when the recognizer cannot be created", () => {
    const speech = fakeSpeech();
    speech.createRecognizer = () => {
      throw new Error("no decoder");
    };
    const { listening, failures, logLines } = listeningCall({ speech });
    listening.audio(tone(100, 8_000));
    expect(failures).toEqual([]);
    expect(logLines.map(({ msg }) => msg)).toContain("could not create a recognizer; this call takes typed turns only");
  });
});

describe("hearing the visitor", () => {
  it("passes the start of speech and the utterance on, in order", () => {
    const { listening, speech, events, utterances } = listeningCall();
    speech.understandNext("who is this");
    listening.audio(tone(200, 8_000));
    listening.audio(silence(64));
    expect(events).toEqual(["speech start", "utterance"]);
    expect(utterances.map(({ transcript }) => transcript)).toEqual(["who is this"]);
  });

  it("sends vad_score only when the voice activity changes", () => {
    const { listening, frames } = listeningCall();
    listening.audio(silence(20));
    listening.audio(silence(20));
    listening.audio(tone(20, 8_000));
    listening.audio(tone(20, 8_000));
    expect(frames).toEqual([0, 1].map((score) => ({ type: "vad_score", vad_score_event: { vad_score: score } })));
  });

  it("sends no vad_score once the call stops taking turns", () => {
    const { listening, frames, end } = listeningCall();
    listening.audio(tone(20, 8_000));
    end();
    listening.audio(silence(20));
    expect(frames).toEqual([{ type: "vad_score", vad_score_event: { vad_score: 1 } }]);
  });

  it("ignores audio once the call stops taking turns", () => {
    const { listening, speech, end } = listeningCall();
    end();
    listening.audio(tone(100, 8_000));
    expect(samples(speech)).toEqual([0]);
  });

  it("closes a recognizer that fails and carries on without it", () => {
    const { listening, speech, logLines } = listeningCall();
    speech.recognizers[0]?.close();
    listening.audio(tone(100, 8_000));
    expect(logLines.map(({ msg }) => msg)).toContain("the recognizer failed; this call continues with typed turns only");
    expect(() => listening.audio(tone(100, 8_000))).not.toThrow();
  });

  it("hands a handler of the recognizer that throws to the call's guard", () => {
    const { listening, failures } = listeningCall({
      onSpeechStart: () => {
        throw new Error("bug");
      },
    });
    listening.audio(tone(100, 8_000));
    expect(failures).toEqual(["onSpeechStart"]);
  });
});
