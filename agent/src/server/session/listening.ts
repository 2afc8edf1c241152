import type { Logger } from "../../log";
import { SAMPLE_RATE } from "../../speech/audio";
import type { Recognizer, Speech, Utterance } from "../../speech";
import { vadScoreFrame, type ServerFrame } from "../messages";
import { VadScoreReporter } from "./vad-score";

/** Seconds of microphone audio kept while the recognizer is being set up, then handed to it. */
export const maxEarlyAudioSeconds = 5;
const maxEarlyAudioSamples = maxEarlyAudioSeconds * SAMPLE_RATE;

export type ListeningOptions = {
  readonly speech: Pick<Speech, "status" | "createRecognizer">;
  /** The caller's example phrases, for the recognizer's vocabulary. */
  readonly phrases: readonly string[];
  readonly log: Logger;
  /** Runs the recognizer's setup (heavy native work) when the server has a moment (CallSessionOptions.runSetup). */
  readonly runSetup: (task: () => void) => void;
  /** Whether the call still takes visitor turns. */
  readonly isLive: () => boolean;
  readonly send: (frame: ServerFrame) => boolean;
  /** Runs a callback of the recognizer, ending the call if it throws (a bug). */
  readonly guarded: (what: string, action: () => void) => void;
  /** The visitor has spoken for real (barge-in). */
  readonly onSpeechStart: () => void;
  readonly onUtterance: (utterance: Utterance) => void;
  /** The words heard so far in the turn being spoken (tentative_user_transcript). */
  readonly onTentative: (words: string) => void;
  /** Whether the caller may answer these words before the turn's usual silence has passed (CallerSession.answerableEarly). */
  readonly answerableEarly: (words: string) => boolean;
};

/**
 * The visitor's audio coming in: a recognizer per call (none in a text-only call or without
 * recognition: the audio is then ignored by design), the audio that arrives while it is being
 * set up, and `vad_score` from its voice activity. Speech starts and utterances go to the owner.
 * A recognizer that fails leaves the call on typed turns.
 */
export class Listening {
  private recognizer: Recognizer | null = null;
  /** Audio that arrived while the recognizer was being set up (null once it is, or when it never will be). */
  private earlyAudio: Int16Array[] | null = null;
  private earlyAudioSamples = 0;
  private readonly vadScores: VadScoreReporter;

  constructor(private readonly options: ListeningOptions) {
    this.vadScores = new VadScoreReporter((score) => options.send(vadScoreFrame(score)));
  }

  /** A voice call has started: sets up recognition. True when it will hear speech (a typed call never starts listening). */
  start(): boolean {
    const recognition = this.options.speech.status.recognition === "available";
    if (recognition) {
      this.earlyAudio = [];
      this.options.runSetup(() => this.options.guarded("openRecognizer", () => this.openRecognizer()));
    }
    return recognition;
  }

  /** One chunk of the visitor's microphone (16 kHz mono). */
  audio(pcm: Int16Array): void {
    if (!this.options.isLive() || pcm.length === 0) return;
    if (this.earlyAudio) {
      // Being set up: kept (the oldest dropped past 5 s) and heard once the recognizer is ready.
      this.earlyAudio.push(pcm);
      this.earlyAudioSamples += pcm.length;
      while (this.earlyAudioSamples > maxEarlyAudioSamples) this.earlyAudioSamples -= this.earlyAudio.shift()?.length ?? this.earlyAudioSamples;
      return;
    }
    this.push(pcm);
  }

  /** No more listening (the call is ending or closed): the recognizer is closed and early audio dropped. */
  close(): void {
    this.earlyAudio = null;
    this.earlyAudioSamples = 0;
    const recognizer = this.recognizer;
    this.recognizer = null;
    if (!recognizer) return;
    try {
      recognizer.close();
    } catch (error) {
      this.options.log.warn({ err: error }, "recognizer close failed");
    }
  }

  private openRecognizer(): void {
    const { speech, guarded, log } = this.options;
    const early = this.earlyAudio;
    this.earlyAudio = null;
    this.earlyAudioSamples = 0;
    if (!this.options.isLive()) return;
    try {
      this.recognizer = speech.createRecognizer({
        phrases: this.options.phrases,
        onSpeechStart: () => guarded("onSpeechStart", () => this.options.onSpeechStart()),
        onVoiceActivity: (probability: number) => guarded("onVoiceActivity", () => this.onVoiceActivity(probability)),
        onUtterance: (utterance: Utterance) => guarded("onUtterance", () => this.options.onUtterance(utterance)),
        onPartial: (words: string) => guarded("onPartial", () => this.options.onTentative(words)),
        answerableEarly: (words: string) => this.options.isLive() && this.options.answerableEarly(words),
      });
    } catch (error) {
      log.error({ err: error }, "could not create a recognizer; this call takes typed turns only");
      return;
    }
    for (const pcm of early ?? []) this.push(pcm);
  }

  private push(pcm: Int16Array): void {
    if (!this.recognizer) return; // no recognition (unavailable or text-only): audio is ignored by design
    try {
      this.recognizer.push(pcm);
    } catch (error) {
      this.options.log.error({ err: error }, "the recognizer failed; this call continues with typed turns only");
      this.close();
    }
  }

  private onVoiceActivity(probability: number): void {
    if (this.options.isLive()) this.vadScores.report(probability);
  }
}
