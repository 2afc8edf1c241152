/** The speech part's public contract (agent/DESIGN.md, "Interfaces between the three parts"). */
import type { Logger } from "pino";
import type { Voice } from "./voice";

export type SpeechStatus = { recognition: "available" | "unavailable"; reason?: string; synthesis: "available" };

export type Utterance = {
  /** The grammar hypothesis when accepted; null when the speech was not understood (out of grammar / rejected). */
  text: string | null;
  /** performance.now() when the VAD decided the turn had ended (for latency figures). */
  endOfTurnAt: number;
};

export interface Recognizer {
  /** 16 kHz mono s16le, any length; the recognizer re-frames internally. */
  push(pcm: Int16Array): void;
  /** Releases the native decoder (kept for the next call with the same grammar, or freed); idempotent. No callback fires after it. */
  close(): void;
}

export type RecognizerOptions = {
  /** Every phrase the caller's current playbook accepts. */
  phrases: readonly string[];
  /** The visitor started speaking (the server uses it to detect barge-in). */
  onSpeechStart(): void;
  /** One per visitor turn, in order. */
  onUtterance(u: Utterance): void;
};

/** Synthesis (speak, synthesize, prepare) is the caller's voice: voice.ts. */
export interface Speech extends Voice {
  status: SpeechStatus;
  /** One per call. Grammar = every phrase the caller's current playbook accepts. */
  createRecognizer(options: RecognizerOptions): Recognizer | null; // null when unavailable
  /**
   * Addition to DESIGN.md, for graceful shutdown and tests: stops the synthesis worker and frees
   * the idle grammar decoders and the shared language-model decoders. Recognizers still open keep
   * hearing speech, but without the out-of-grammar check their utterances count as not understood.
   */
  close(): Promise<void>;
}

/** The part of pino's Logger the speech part uses. */
export type SpeechLog = Pick<Logger, "debug" | "info" | "warn" | "error">;
