/**
 * Test speech: synthesized with flite at test time (never espeak: pocketsphinx cannot follow it,
 * docs/speech.md §2.3), and what the speech tests wait on. Laying it out on a timeline and
 * streaming it is agent/testkit/speech-audio.ts, which the benches use too.
 */
import pino from "pino";
import { buildTimeline, type Timeline } from "../../testkit/speech-audio";
import { createSpeech, type Speech } from "../../src/speech";
import { visitorSpeech } from "../../src/caller/visitor-sentences";
import { createFlitePool, type SynthesisPool, type FliteVoice } from "../../src/speech/synthesis/synthesizer";
import type { Utterance } from "../../src/speech/types";

let synthesizer: SynthesisPool | null = null;

/** A phrase spoken by a flite voice, 16 kHz mono s16le. */
export function speak(text: string, voice: FliteVoice = "slt"): Promise<Int16Array> {
  synthesizer ??= createFlitePool();
  return synthesizer.synthesize(text, voice);
}

/** Stops the fixtures' flite worker (afterAll). */
export async function closeFixtureSpeech(): Promise<void> {
  const current = synthesizer;
  synthesizer = null;
  await current?.close();
}

/**
 * The agent's recognition (real pocketsphinx, its domain-adapted language model) for a test file:
 * set up before its tests and closed after them, with the fixtures' flite. The transcript's
 * deadline is generous: a test streaming faster than real time hands a whole utterance to the
 * decoder when its turn ends, and the machine may be busy.
 */
export function setUpVisitorRecognition(): () => Speech {
  let speech: Speech | undefined;
  beforeAll(async () => {
    speech = await createSpeech(pino({ level: "silent" }), { ...visitorSpeech(), transcriptDeadlineMs: 20_000 });
  }, 120_000);
  afterAll(async () => {
    await speech?.close();
    await closeFixtureSpeech();
  });
  return () => {
    if (!speech) throw new Error("recognition is read before the file's beforeAll set it up");
    return speech;
  };
}

/** lead silence, the phrase, tail silence: one utterance the recognizer can end. */
export async function spokenTimeline(text: string, voice: FliteVoice = "slt", leadMs = 500, tailMs = 1200): Promise<Timeline> {
  return buildTimeline([{ silenceMs: leadMs }, { speech: await speak(text, voice) }, { silenceMs: tailMs }]);
}

/** Records a recognizer's callbacks and lets a test wait for a number of utterances. */
export class RecognitionLog {
  readonly utterances: Utterance[] = [];
  speechStarts = 0;
  private waiters: { count: number; resolve(): void }[] = [];

  readonly onSpeechStart = (): void => {
    this.speechStarts++;
  };

  readonly onUtterance = (utterance: Utterance): void => {
    this.utterances.push(utterance);
    this.waiters = this.waiters.filter((waiter) => {
      if (this.utterances.length < waiter.count) return true;
      waiter.resolve();
      return false;
    });
  };

  /** Resolves once `count` utterances have arrived in total (the test's own timeout bounds the wait). */
  waitForUtterances(count: number): Promise<Utterance[]> {
    if (this.utterances.length >= count) return Promise.resolve(this.utterances.slice(0, count));
    return new Promise((resolve) => this.waiters.push({ count, resolve: () => resolve(this.utterances.slice(0, count)) }));
  }

  transcripts(): string[] {
    return this.utterances.map((utterance) => utterance.transcript);
  }
}

/** Lets pending native calls and timers run, for "nothing else happened" checks. */
export async function settle(ms = 300): Promise<void> {
  await new Promise<void>((resolve) => setTimeout(resolve, ms));
}
