/** The speech part's public contract (agent/DESIGN.md, "Interfaces between the three parts"). */
import type { Logger } from "pino";

export type SpeechStatus = { recognition: "available" | "unavailable"; reason?: string; synthesis: "available" };

/** One visitor turn of speech. Every turn with real speech in it becomes one: none is thrown away. */
export type Utterance = {
  /** The recogniser's best transcript of the turn, in lower-case words; "" when speech was heard but no words came out. */
  transcript: string;
  /** The n-best list after the best transcript (best first, distinct, none empty), when the recogniser has one. */
  alternatives?: readonly string[];
  /** performance.now() when the voice activity detector decided the turn had ended (for latency figures). */
  endOfTurnAt: number;
  /**
   * How sure the recogniser is of the best transcript, 0-1 (recognizer.ts, transcriptConfidence),
   * when it can tell: absent for a turn with no words or no lattice.
   */
  confidence?: number;
};

export interface Recognizer {
  /** 16 kHz mono s16le, any length; the recognizer re-frames internally. */
  push(pcm: Int16Array): void;
  /** Releases the call's detector and any decoder it holds; idempotent. No callback fires after it. */
  close(): void;
  /**
   * Resolves once every turn that has ended so far has been announced and the words of the last
   * pause have been read for an early end (benches and tests; the server never waits on it).
   */
  settled?(): Promise<void>;
}

export type RecognizerOptions = {
  /**
   * What visitors say in the call's scenario. Accepted for the server's sake and not needed: the
   * recogniser's domain model is built once, at start-up, from every scenario's phrases
   * (SpeechOptions.domainSentences), and no phrase list ever gates what is heard.
   */
  phrases?: readonly string[];
  /**
   * The visitor has been speaking for real (a few hundred ms of voiced frames, not one noisy
   * frame): the server uses it to detect barge-in. At most once per turn, before its utterance.
   */
  onSpeechStart(): void;
  /** One per visitor turn, in order. */
  onUtterance(u: Utterance): void;
  /**
   * The words heard so far in the turn being spoken (lower-case, as in an Utterance), when they
   * change, a few times a second; never after the turn has ended. Without it none are decoded.
   */
  onPartial?(words: string): void;
  /**
   * Whether these words (lower-case, as in an Utterance) are a whole answer the caller may reply
   * to before the usual silence has passed: one whose reply commits the call to nothing, such as
   * a question. Asked when the visitor pauses mid-turn, of the turn's final words decoded to its
   * end there: the turn ends then only if they are, so it is announced with exactly the words
   * judged. Without it every turn waits out the full silence.
   */
  answerableEarly?(words: string): boolean;
  /**
   * The detector's probability, 0 to 1, that the visitor is speaking, once per analysed window
   * (VOICE_ACTIVITY_WINDOW_MS of audio) while the call is open. WebRTC's detector judges each
   * 20 ms frame voiced or not, so the probability is the voiced share of the window's frames.
   */
  onVoiceActivity?(probability: number): void;
};

/** Synthesis (speak, synthesize, prepare) is the caller's voice: synthesis/voice.ts. */
export interface Speech extends Voice {
  status: SpeechStatus;
  /** One per call; null when recognition is unavailable. */
  createRecognizer(options: RecognizerOptions): Recognizer | null;
  /** What the shared decoders are doing (admission measures capacity by it); null when recognition is unavailable. */
  recognitionLoad(): RecognitionLoad | null;
  /**
   * Addition to DESIGN.md, for graceful shutdown and tests: stops the synthesis worker and frees
   * the shared decoders. Recognizers still open keep detecting turns, announced with no words.
   */
  close(): Promise<void>;
}

/** What the decoders are doing, for admission (server/capacity.ts): counters since the pool was made, and the state now. */
export type RecognitionLoad = {
  readonly lanes: number;
  /** Wall time the lanes have spent decoding, summed over lanes. */
  readonly busyMs: number;
  /** Audio the decoders have processed, in milliseconds: with busyMs, what a second of a visitor's speech costs to decode. */
  readonly audioMs: number;
  /** The longest any queued task has waited on its lane now. */
  readonly oldestWaitMs: number;
};

/** The part of pino's Logger the speech part uses. */
export type SpeechLog = Pick<Logger, "debug" | "info" | "warn" | "error">;

/** When each character starts and how long it lasts, in milliseconds from the start of the line's audio. */
export type CharTimeline = {
  readonly chars: readonly string[];
  readonly startsMs: readonly number[];
  readonly durationsMs: readonly number[];
};

/** One sentence of a line: its text (the parts of a line join to the line), audio and character timing. */
export type SpokenPart = { readonly text: string; readonly pcm: Int16Array; readonly timeline: CharTimeline };

export interface Voice {
  /**
   * The line's audio, sentence by sentence, in order. Every sentence is requested at once (the
   * first at the head of the line, the rest behind every call's first sentence), so the next
   * is usually ready before the previous one has played. Aborting the signal drops what has
   * not been synthesized yet; the iteration then throws an AbortError.
   */
  speak(text: string, signal?: AbortSignal): AsyncIterable<SpokenPart>;
  /** The whole line's audio at once: 16 kHz mono s16le. */
  synthesize(text: string, signal?: AbortSignal): Promise<Int16Array>;
  /** Synthesizes lines ahead of need (at spare priority) so their first call finds them cached; never rejects. */
  prepare(lines: readonly string[]): Promise<void>;
}
