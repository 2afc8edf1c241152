/**
 * One call's speech recognizer. WebRTC's voice activity detector (voice-activity.ts) finds the
 * visitor's turns in the 20 ms frames; each turn streams, as it arrives, into a pooled
 * pocketsphinx decoder with the domain-adapted language model (decoders/), so at the end of the
 * turn only the lattice search is left. Every turn with real speech in it becomes an Utterance:
 * the best transcript and the n-best list, in lower-case words, and "" when no words came out.
 * Nothing is thrown away and nothing is judged here: understanding is the caller's job.
 */
import { Reframer, samplesForMs } from "../audio";
import type { CallCepstralMean, DecodedTurn, LanguageModelLease, PartialHypotheses } from "./decoders/lease";
import type { LanguageModelPool } from "./decoders/pool";
import type { WordPosterior } from "./pocketsphinx";
import { NoiseSuppressor } from "./noise-suppression";
import type { Recognizer, RecognizerOptions, SpeechLog, Utterance } from "../types";
import { VAD_FRAME_MS, VoiceActivity, type VoiceActivityOptions } from "./voice-activity";

export const FRAME_MS = VAD_FRAME_MS;

export type NoiseSuppressionOptions = {
  enabled: boolean;
  /** A turn is heard through the suppressor when the room's floor is at least this loud when it opens (dBFS; -Infinity: always). */
  fromFloorDbfs: number;
};
/** Hypotheses in an utterance's n-best list, the best one included. */
export const NBEST_SIZE = 5;

const FRAME_SAMPLES = samplesForMs(FRAME_MS);
/** The window onVoiceActivity reports on: five of the detector's frames. */
export const VOICE_ACTIVITY_WINDOW_MS = 100;
const WINDOW_FRAMES = VOICE_ACTIVITY_WINDOW_MS / FRAME_MS;

export type RecognitionEngine = {
  pool: LanguageModelPool;
  /** How long the end of a turn waits for its transcript (DEFAULT_TRANSCRIPT_DEADLINE_MS). */
  transcriptDeadlineMs: number;
  /** The shortest gap between two partial hypotheses of a turn being spoken (DEFAULT_PARTIAL_INTERVAL_MS); null takes none. */
  partialIntervalMs: number | null;
  voiceActivity: VoiceActivityOptions;
  /** When the decoders hear a turn through RNNoise (noise-suppression.ts); the turn detector always hears it as it came. */
  noiseSuppression: NoiseSuppressionOptions;
  log: SpeechLog;
};

/** Null (logged) when the voice activity detector cannot be created; the call then runs on typed turns. */
export function createRecognizer(engine: RecognitionEngine, options: RecognizerOptions): Recognizer | null {
  let activity: VoiceActivity;
  try {
    activity = new VoiceActivity(engine.voiceActivity);
  } catch (error) {
    engine.log.error({ err: error }, "could not create a voice activity detector; this call has no speech recognition");
    return null;
  }
  let suppressor: NoiseSuppressor | null = null;
  if (engine.noiseSuppression.enabled) {
    try {
      suppressor = new NoiseSuppressor();
    } catch (error) {
      engine.log.error({ err: error }, "could not create a noise suppressor; this call's recogniser hears the room as it is");
    }
  }
  return new SpeechRecognizer(activity, suppressor, engine, options);
}

/** By tag rather than instanceof: arrays from worker threads or test sandboxes belong to other realms. */
function isInt16Array(value: unknown): value is Int16Array {
  return Object.prototype.toString.call(value) === "[object Int16Array]";
}

const isFiller = (word: string) => /^[<[]/.test(word);
/** A floor for a posterior the lattice rounds to 0, so one such word cannot make the mean 0 outright. */
const MIN_POSTERIOR = 1e-6;

/**
 * How sure the decoder is of its best transcript, 0-1: the geometric mean of its words' lattice
 * posteriors (fillers and silences left out), so one doubtful word among sure ones lowers it less
 * than a sentence of them (a garbled hearing of noise is doubtful throughout). Undefined when the
 * best path has no words.
 */
export function transcriptConfidence(words: readonly WordPosterior[]): number | undefined {
  const spoken = words.filter(({ word }) => !isFiller(word));
  if (spoken.length === 0) return undefined;
  const logSum = spoken.reduce((sum, { posterior }) => sum + Math.log(Math.max(posterior, MIN_POSTERIOR)), 0);
  return Math.exp(logSum / spoken.length);
}

/** Words of a decoder hypothesis, lower case, without fillers (<sil>, [noise]) or alternate markers (word(2)). */
export function transcriptOf(hypothesis: string | null | undefined): string {
  if (!hypothesis) return "";
  return hypothesis
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/\(\d+\)$/, ""))
    .filter((word) => word.length > 0 && !isFiller(word))
    .join(" ");
}

type Heard = { transcript: string; alternatives: string[]; confidence?: number };

/** A turn's lull (recognizer.decodeAtLull): its decode, whether the caller may answer those words, and when the pause came (null: not yet). */
type Lull = { readonly lease: LanguageModelLease; readonly decoded: Promise<DecodedTurn | undefined>; answerable: boolean; pausedAt: number | null };

class SpeechRecognizer implements Recognizer {
  private readonly reframer = new Reframer(FRAME_SAMPLES);
  /** The frames before a turn opens, as they came and through the suppressor (the same frames without one). */
  private preroll: { raw: Int16Array; clean: Int16Array }[] = [];
  /** Whether the current turn is heard through the suppressor. */
  private suppressing = false;
  /** Frames in a row the suppressor has processed: a turn uses it only if all of its preroll went through it. */
  private suppressedRun = 0;
  private lease: LanguageModelLease | null = null;
  /** This call's cepstral mean: each turn starts where the call's last one left it, never where another call left a decoder. */
  private readonly cepstralMean: CallCepstralMean = { mean: null };
  private speechStarts = 0;
  private windowFrames = 0;
  private windowVoiced = 0;
  private readonly activityWindows: number[] = [];
  /** Utterances are announced in the order they ended, whatever order their decodes finish in. */
  private announced: Promise<void> = Promise.resolve();
  /** The words of the turn's last lull, being read for an early end (decodeAtLull). */
  private deciding: Promise<void> = Promise.resolve();
  /** The current turn's last lull. */
  private lull: Lull | null = null;
  private closed = false;

  constructor(
    private readonly activity: VoiceActivity,
    private readonly suppressor: NoiseSuppressor | null,
    private readonly engine: RecognitionEngine,
    private readonly options: RecognizerOptions,
  ) {}

  push(pcm: Int16Array): void {
    if (this.closed || !isInt16Array(pcm) || pcm.length === 0) return;
    this.reframer.push(pcm, (frame) => this.processFrame(frame));
    this.lease?.flush();
    // Callbacks run after the frames are processed, so one that calls back into this recognizer
    // (push, close) never sees it half-way through a frame.
    const starts = this.speechStarts;
    this.speechStarts = 0;
    for (let i = 0; i < starts && !this.closed; i++) this.notify(() => this.options.onSpeechStart());
    const windows = this.activityWindows.splice(0);
    const onVoiceActivity = this.options.onVoiceActivity;
    if (onVoiceActivity) for (const probability of windows) if (!this.closed) this.notify(() => onVoiceActivity(probability));
  }

  settled(): Promise<void> {
    return Promise.all([this.deciding, this.announced]).then(() => undefined);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.lease?.abandon();
    this.lease = null;
    this.preroll = [];
    this.activity.free();
    this.suppressor?.free();
  }

  private processFrame(frame: Int16Array): void {
    if (this.closed) return;
    const events = this.activity.push(frame);
    this.windowFrames++;
    this.windowVoiced += this.activity.probability;
    if (this.windowFrames === WINDOW_FRAMES) {
      this.activityWindows.push(this.windowVoiced / WINDOW_FRAMES);
      this.windowFrames = 0;
      this.windowVoiced = 0;
    }
    // In a noisy room the suppressor hears every frame, turn or not (between turns it learns the
    // room's noise); in a quiet one it costs CPU for nothing and does not run.
    // A turn heard through it goes on through it to its end, whatever the floor does meanwhile.
    const noisy = this.suppressor !== null && ((this.lease !== null && this.suppressing) || this.activity.floorDbfs >= this.engine.noiseSuppression.fromFloorDbfs);
    this.suppressedRun = noisy ? this.suppressedRun + 1 : 0;
    const clean = noisy && this.suppressor ? this.suppressor.process(frame) : frame;
    if (this.lease && !events.some((event) => event.kind === "open")) {
      // A voiced frame after a pause: the turn goes on, and a decode taken at the pause is not its last.
      if (this.activity.inSpeech && this.activity.silentMs === 0) this.lease.speechResumed();
      this.lease.feed(this.suppressing ? clean : frame);
    } else if (!this.lease) {
      this.preroll.push({ raw: frame, clean });
      if (this.preroll.length > this.activity.prerollFrames) this.preroll.shift();
    }
    for (const event of events) {
      if (event.kind === "open") this.openTurn();
      else if (event.kind === "speech") this.speechStarts++;
      else if (event.kind === "lull") this.decodeAtLull();
      else if (event.kind === "pause") this.paused();
      else if (event.kind === "end") this.endTurn();
      else this.dropTurn();
    }
  }

  private openTurn(): void {
    this.lease?.abandon();
    const lease = this.engine.pool.lease(
      samplesForMs(this.activity.prerollFrames * FRAME_MS + this.engine.voiceActivity.maxTurnMs + FRAME_MS),
      NBEST_SIZE,
      this.cepstralMean,
      this.partialsFor(),
    );
    // Decided once per turn: switching mid-turn would jump by the suppressor's delay. In a quiet
    // room the suppressor only costs words (the recordings of people lost some), so it is left out there.
    this.suppressing = this.suppressedRun >= this.preroll.length;
    for (const earlier of this.preroll) lease.feed(this.suppressing ? earlier.clean : earlier.raw);
    this.preroll = [];
    this.lease = lease;
  }

  /** The turn's partial hypotheses, as words, each once they differ from the last (none unless the owner listens). */
  private partialsFor(): PartialHypotheses | null {
    const onPartial = this.options.onPartial;
    const intervalMs = this.engine.partialIntervalMs;
    if (!onPartial || intervalMs === null) return null;
    let last = "";
    return {
      intervalMs,
      heard: (hypothesis) => {
        const words = transcriptOf(hypothesis);
        if (this.closed || words === "" || words === last) return;
        last = words;
        this.notify(() => onPartial(words));
      },
    };
  }

  /** Too little speech to be a turn (a cough, a click, the line's noise): nobody said anything. */
  private dropTurn(): void {
    this.lease?.abandon();
    this.lease = null;
  }

  /**
   * The visitor has gone quiet mid-turn: the turn is decoded to its end now, while the rest of the
   * hangover passes (LanguageModelLease.decodeToTheEndAtPause), so if only silence follows its
   * transcript is ready when the turn ends. If those final words are a whole answer the caller may
   * reply to early (options.answerableEarly), the turn ends at the pause (endAtPause). Otherwise
   * nothing changes: the hangover ends the turn, or the visitor goes on and the turn is decoded
   * again as one. The lull comes before the pause so that a question's words are read by the time
   * its pause comes, and the pause, not the decode's speed, says when a turn may end.
   */
  private decodeAtLull(): void {
    this.lull = null;
    this.decodeToTheEndAfter(this.activity.lullMs);
  }

  /** At the pause: the turn ends now if the lull's words allow it, or once they do; a lull not decoded (the decoders were busy then) gets its second chance here. */
  private paused(): void {
    if (this.lull?.lease !== this.lease) this.decodeToTheEndAfter(this.engine.voiceActivity.pauseMs ?? 0);
    const lull = this.lull;
    if (lull?.lease === this.lease) lull.pausedAt = performance.now();
    this.endAtPause();
  }

  /** Decodes the turn to its end after `silentMs` of silence, and has the caller judge those words (the turn's lull, once the decoders take it). */
  private decodeToTheEndAfter(silentMs: number): void {
    const lease = this.lease;
    if (!lease) return;
    const decoded = lease.decodeToTheEndAtPause(samplesForMs(this.engine.voiceActivity.hangoverMs - silentMs));
    const answerableEarly = this.options.answerableEarly;
    if (!decoded || !answerableEarly) return;
    const lull: Lull = { lease, decoded, answerable: false, pausedAt: null };
    this.lull = lull;
    this.deciding = decoded
      .then((turn) => {
        const words = turn ? transcriptOf(turn.best) : "";
        if (this.lull !== lull || words === "" || !this.judgedEarly(answerableEarly, words)) return;
        lull.answerable = true;
        this.endAtPause();
      })
      .catch((error: unknown) => this.engine.log.error({ err: error }, "could not read the words at a pause"));
  }

  /**
   * Ends the turn at its pause on the lull's words, once both are in: the caller may answer them,
   * the pause has come, and the visitor has said nothing since the lull (even if they have paused
   * again by the time the words come, what they said since makes the words stale). The turn never
   * ends on words the visitor could still change.
   */
  private endAtPause(): void {
    const lull = this.lull;
    if (!lull?.answerable || lull.pausedAt === null || this.closed || this.lease !== lull.lease || !lull.lease.isDecodedAtPause(lull.decoded)) return;
    if (this.activity.endNow()?.kind === "end") this.endTurn(lull.pausedAt);
  }

  private judgedEarly(answerableEarly: (words: string) => boolean, words: string): boolean {
    try {
      return answerableEarly(words);
    } catch (error) {
      this.engine.log.error({ err: error }, "a recognizer callback threw");
      return false;
    }
  }

  /** `endOfTurnAt`: when the turn's end was heard, the pause's for a turn ended there (its transcript then came with the decision, as a turn's comes after its end). */
  private endTurn(endOfTurnAt = performance.now()): void {
    // State first, synchronously: frames that arrive while the decode finishes belong to the next
    // turn (docs/speech.md §4: updating it after an await produced repeated empty end-of-utterance events).
    const lease = this.lease;
    this.lease = null;
    if (lease) this.announce(this.transcribe(lease), endOfTurnAt);
  }

  /** Announces a turn's utterance once those before it are. */
  private announce(heard: Promise<Heard>, endOfTurnAt: number): void {
    this.announced = this.announced
      .then(() => heard)
      .then((words) => this.deliver(words, endOfTurnAt))
      .catch((error: unknown) => this.engine.log.error({ err: error }, "could not finish an utterance"));
  }

  private deliver({ transcript, alternatives, confidence }: Heard, endOfTurnAt: number): void {
    if (this.closed) return;
    const utterance: Utterance = { transcript, ...(alternatives.length > 0 ? { alternatives } : {}), ...(confidence !== undefined ? { confidence } : {}), endOfTurnAt };
    this.notify(() => this.options.onUtterance(utterance));
  }

  private async transcribe(lease: LanguageModelLease): Promise<Heard> {
    const deadlineMs = this.engine.transcriptDeadlineMs;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<"late">((resolve) => {
      timer = setTimeout(() => resolve("late"), deadlineMs);
    });
    const heard = await Promise.race([lease.finish(), late]);
    clearTimeout(timer);
    if (heard === "late") {
      lease.abandon();
      this.engine.log.warn({ deadlineMs, pool: this.engine.pool.stats, turn: lease.work }, "the transcript is late; the turn is announced with no words");
      return { transcript: "", alternatives: [] };
    }
    if (heard === undefined) {
      this.engine.log.warn({ turn: lease.work }, "decoding failed; the turn is announced with no words");
      return { transcript: "", alternatives: [] };
    }
    const transcript = transcriptOf(heard.best);
    const alternatives = [...new Set(heard.nbest.map(transcriptOf))].filter((text) => text !== "" && text !== transcript);
    // Counts only: transcripts stay out of the logs.
    this.engine.log.debug({ words: transcript === "" ? 0 : transcript.split(" ").length, alternatives: alternatives.length }, "utterance transcribed");
    const confidence = transcriptConfidence(heard.words);
    return { transcript, alternatives, ...(confidence !== undefined ? { confidence } : {}) };
  }

  private notify(callback: () => void): void {
    try {
      callback();
    } catch (error) {
      this.engine.log.error({ err: error }, "a recognizer callback threw");
    }
  }
}
