/**
 * Recognition: pocketsphinx in-process (pocketsphinx/), its decoders shared by every call
 * (decoders/), and one recognizer per call (recognizer.ts) that detects turns, cleans the audio
 * and streams each turn to a decoder. startRecognition() says why it cannot start, never throws.
 */
import { readFile } from "node:fs/promises";
import type { SpeechLog } from "../types";
import { createLanguageModelPool, type DomainAdaptation } from "./decoders/create-pool";
import type { LanguageModelPoolOptions } from "./decoders/pool";
import { loadPocketsphinx } from "./pocketsphinx";
import { normalizePhrase, parseCmuDict, type Pronunciations } from "./pronunciations";
import type { NoiseSuppressionOptions, RecognitionEngine } from "./recognizer";
import { DECODER_SEARCH, DEFAULT_DOMAIN_WEIGHT, DEFAULT_NOISE_SUPPRESSION, DEFAULT_PARTIAL_INTERVAL_MS, DEFAULT_POOL_OPTIONS, DEFAULT_TRANSCRIPT_DEADLINE_MS, DEFAULT_VOICE_ACTIVITY } from "./tuning";
import type { VoiceActivityOptions } from "./voice-activity";

export { createRecognizer } from "./recognizer";
export type { LanguageModelPool } from "./decoders/pool";

export type RecognitionOptions = {
  /** Full path of libpocketsphinx.so.3 (default: found under /usr/lib/*). */
  library?: string;
  /** The pocketsphinx en-us model directory (default: Debian's). */
  modelDir?: string;
  /**
   * What visitors say on these calls (the playbooks' phrases and agent/corpus/, read by
   * caller/visitor-sentences.ts): the domain language model is built from them at start-up. Without them recognition
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
  /** The shortest gap between two partial hypotheses of a turn (DEFAULT_PARTIAL_INTERVAL_MS); null: none, no tentative transcripts. */
  partialIntervalMs?: number | null;
  /** When the recogniser hears the visitor through RNNoise (DEFAULT_NOISE_SUPPRESSION). */
  noiseSuppression?: Partial<NoiseSuppressionOptions>;
  /** Turn detection and barge-in (DEFAULT_VOICE_ACTIVITY). */
  voiceActivity?: Partial<VoiceActivityOptions>;
};

export type RecognitionSetup = { ok: true; engine: RecognitionEngine; library: string; domainSentences: number } | { ok: false; reason: string };

/** What the language-model decoders hear once before their first utterance (see createLanguageModelPool). */
export const WARM_UP_SENTENCE = "Hello, this is the service desk calling about your account.";

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

export async function startRecognition(log: SpeechLog, options: RecognitionOptions, warmUpSpeech: Promise<Int16Array | null>): Promise<RecognitionSetup> {
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
  const pool = await createLanguageModelPool(pocketsphinx, pronunciations, { ...DEFAULT_POOL_OPTIONS, ...options.languageModel, decoderArgs: { ...DECODER_SEARCH, ...options.languageModel?.decoderArgs } }, log, await warmUpSpeech, domain);
  if (!pool) return { ok: false, reason: `the language model ${pocketsphinx.paths.languageModel} could not be loaded` };
  return {
    ok: true,
    engine: {
      pool,
      log,
      transcriptDeadlineMs: options.transcriptDeadlineMs ?? DEFAULT_TRANSCRIPT_DEADLINE_MS,
      partialIntervalMs: options.partialIntervalMs === undefined ? DEFAULT_PARTIAL_INTERVAL_MS : options.partialIntervalMs,
      voiceActivity: { ...DEFAULT_VOICE_ACTIVITY, ...options.voiceActivity },
      noiseSuppression: { ...DEFAULT_NOISE_SUPPRESSION, ...options.noiseSuppression },
    },
    library: pocketsphinx.library,
    domainSentences: sentences.length,
  };
}
