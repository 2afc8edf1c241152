/**
 * One call's speech recognizer: a JSGF grammar decoder fed 20 ms frames in real time. Its voice
 * activity detector marks the start of speech (barge-in) and the end of the turn (~500 ms of
 * silence); the grammar's hypothesis is then checked against a pooled general-language-model
 * decoder that heard the same utterance (REPORT §0), and accepted or turned into "not understood".
 */
import { Reframer, samplesForMs } from "./audio";
import { planGrammar, type GrammarPlan, type Pronunciations } from "./grammar";
import type { GrammarDecoders } from "./grammar-decoders";
import type { LanguageModelLease, LanguageModelPool } from "./lm-pool";
import type { Decoder } from "./pocketsphinx";
import { grammarAgreesWithLanguageModel, hypothesisWords } from "./rejection";
import type { Recognizer, RecognizerOptions, SpeechLog, Utterance } from "./types";

export const FRAME_MS = 20;
/** Audio kept from before the detector fires, so the language model hears the utterance's onset. */
const PREROLL_MS = 300;
/** A turn this long is ended by force, which bounds what one utterance holds in memory. */
const MAX_UTTERANCE_MS = 15_000;
/**
 * How long the end of the turn waits for the out-of-grammar check by default. The check normally
 * takes a few ms; when the machine is overloaded its queue grows, and past this the utterance
 * counts as not understood ("sorry, bad line" is a phone call's normal failure; acting on words
 * nobody said is not), and the abandoned check frees its decoder, which sheds load.
 */
export const DEFAULT_CHECK_DEADLINE_MS = 300;

const FRAME_SAMPLES = samplesForMs(FRAME_MS);
const PREROLL_FRAMES = PREROLL_MS / FRAME_MS;
const MAX_UTTERANCE_FRAMES = MAX_UTTERANCE_MS / FRAME_MS;

export type RecognitionEngine = {
  pronunciations: Pronunciations;
  grammarDecoders: GrammarDecoders;
  /** Null when the general model could not be loaded: grammar results are then taken as they are. */
  pool: LanguageModelPool | null;
  /** How long the end of the turn waits for the out-of-grammar check (DEFAULT_CHECK_DEADLINE_MS). */
  checkDeadlineMs: number;
  log: SpeechLog;
};

/** Null (logged) when no phrase is usable or the decoder cannot be built; the call then runs on typed turns. */
export function createGrammarRecognizer(engine: RecognitionEngine, options: RecognizerOptions): Recognizer | null {
  const { log } = engine;
  const plan = planGrammar(options.phrases, engine.pronunciations);
  if (plan && plan.rejected.length > 0) log.warn({ rejected: plan.rejected }, "grammar phrases left out of the recognizer");
  if (!plan) {
    log.error({ phrases: options.phrases.length }, "no usable grammar phrase; this call has no speech recognition");
    return null;
  }
  const decoder = engine.grammarDecoders.take(plan);
  if (!decoder) {
    log.error({ words: plan.dictionary.length }, "could not build a grammar decoder; this call has no speech recognition");
    return null;
  }
  return new GrammarRecognizer(decoder, plan, engine, options);
}

/** By tag rather than instanceof: arrays from worker threads or test sandboxes belong to other realms. */
function isInt16Array(value: unknown): value is Int16Array {
  return Object.prototype.toString.call(value) === "[object Int16Array]";
}

class GrammarRecognizer implements Recognizer {
  private readonly reframer = new Reframer(FRAME_SAMPLES);
  private readonly phrases: ReadonlySet<string>;
  private preroll: Int16Array[] = [];
  private inSpeech = false;
  private speechFrames = 0;
  private lease: LanguageModelLease | null = null;
  private speechStarts = 0;
  /** Utterances are announced in the order they ended, whatever order their checks finish in. */
  private announced: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly decoder: Decoder,
    private readonly plan: GrammarPlan,
    private readonly engine: RecognitionEngine,
    private readonly options: RecognizerOptions,
  ) {
    this.phrases = new Set(plan.phrases);
  }

  push(pcm: Int16Array): void {
    if (this.closed || !isInt16Array(pcm) || pcm.length === 0) return;
    this.reframer.push(pcm, (frame) => this.processFrame(frame));
    this.lease?.flush();
    // Callbacks run after the frames are processed, so one that calls back into this recognizer
    // (push, close) never sees it half-way through a frame.
    const starts = this.speechStarts;
    this.speechStarts = 0;
    for (let i = 0; i < starts && !this.closed; i++) this.notify(() => this.options.onSpeechStart());
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.lease?.abandon();
    this.lease = null;
    this.preroll = [];
    // Handed back for the next call with this grammar (or freed); this recognizer never touches it again.
    this.engine.grammarDecoders.give(this.plan, this.decoder);
  }

  private processFrame(frame: Int16Array): void {
    if (this.closed) return;
    if (!this.decoder.process(frame)) {
      this.engine.log.warn("the grammar decoder rejected a frame; restarting the utterance");
      this.restart();
      return;
    }
    const heard = this.decoder.inSpeech();
    if (!this.inSpeech) {
      if (heard) this.startTurn(frame);
      else {
        this.preroll.push(frame);
        if (this.preroll.length > PREROLL_FRAMES) this.preroll.shift();
      }
      return;
    }
    this.lease?.feed(frame);
    this.speechFrames++;
    if (!heard || this.speechFrames >= MAX_UTTERANCE_FRAMES) this.endTurn();
  }

  private startTurn(frame: Int16Array): void {
    this.inSpeech = true;
    this.speechFrames = 1;
    const pool = this.engine.pool;
    if (pool) {
      const lease = pool.lease(samplesForMs(PREROLL_MS + MAX_UTTERANCE_MS + FRAME_MS));
      for (const earlier of this.preroll) lease.feed(earlier);
      lease.feed(frame);
      this.lease = lease;
    }
    this.preroll = [];
    this.speechStarts++;
  }

  private endTurn(): void {
    const endOfTurnAt = performance.now();
    // State first, synchronously: frames that arrive while the check runs belong to the next turn
    // (REPORT §4: updating it after an await produced repeated empty end-of-utterance events).
    this.inSpeech = false;
    this.speechFrames = 0;
    const lease = this.lease;
    this.lease = null;
    const hypothesis = this.decoder.endUtterance() ? this.decoder.hypothesis() : null;
    this.decoder.startUtterance();
    const verdict = this.judge(this.phraseOf(hypothesis), lease);
    this.announced = this.announced
      .then(() => verdict)
      .then((text) => {
        if (!this.closed) this.notify(() => this.options.onUtterance({ text, endOfTurnAt } satisfies Utterance));
      })
      .catch((error: unknown) => this.engine.log.error({ err: error }, "could not finish an utterance"));
  }

  /** The grammar's answer when it is exactly one of the phrases (a partial path through the grammar is not). */
  private phraseOf(hypothesis: string | null): string | null {
    const words = hypothesisWords(hypothesis).join(" ");
    return this.phrases.has(words) ? words : null;
  }

  private async judge(phrase: string | null, lease: LanguageModelLease | null): Promise<string | null> {
    if (phrase === null) {
      lease?.abandon();
      return null;
    }
    const pool = this.engine.pool;
    if (!lease || !pool) return phrase;
    const deadlineMs = this.engine.checkDeadlineMs;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<"late">((resolve) => {
      timer = setTimeout(() => resolve("late"), deadlineMs);
    });
    const heard = await Promise.race([lease.finish(), late]);
    clearTimeout(timer);
    if (heard === "late") {
      lease.abandon();
      this.engine.log.warn({ deadlineMs, pool: pool.stats }, "the out-of-grammar check is late; the utterance counts as not understood");
      return null;
    }
    if (heard === undefined) {
      this.engine.log.warn("the out-of-grammar check failed; the utterance counts as not understood");
      return null;
    }
    const verdict = grammarAgreesWithLanguageModel(phrase, heard, pool.knows);
    // Counts only: transcripts stay out of the logs.
    this.engine.log.debug(verdict, "out-of-grammar check");
    return verdict.accepted ? phrase : null;
  }

  private restart(): void {
    this.inSpeech = false;
    this.speechFrames = 0;
    this.lease?.abandon();
    this.lease = null;
    this.decoder.endUtterance();
    if (!this.decoder.startUtterance()) {
      this.engine.log.error("the grammar decoder cannot restart; this call's recognition stops");
      this.close();
    }
  }

  private notify(callback: () => void): void {
    try {
      callback();
    } catch (error) {
      this.engine.log.error({ err: error }, "a recognizer callback threw");
    }
  }
}
