/**
 * Builds the decoder pool: the language models (general en-us, interpolated with the domain's),
 * the trimmed dictionary, and the decoders made and warmed up at start-up.
 */
import { buildArpa } from "../domain-lm";
import { dictionaryText, trimDictionary, type Pronunciations } from "../pronunciations";
import type { Decoder, DecoderArgs, LanguageModel, Pocketsphinx } from "../pocketsphinx";
import type { SpeechLog } from "../../types";
import { Lane } from "./lane";
import { LanguageModelPool, type LanguageModelPoolOptions } from "./pool";

/** The domain model's example sentences (dictionary words) and its share of the interpolated model. */
export type DomainAdaptation = { sentences: readonly (readonly string[])[]; weight: number };

/**
 * One model per lane: the general en-us model, interpolated with a trigram model of `domain` when
 * there is one (built once, in memory, handed over as an in-memory file). Null for a lane whose
 * general model cannot be read.
 */
async function readModels(pocketsphinx: Pocketsphinx, lanes: number, domain: DomainAdaptation | null, log: SpeechLog): Promise<(LanguageModel | null)[]> {
  const general = () => Promise.all(Array.from({ length: lanes }, () => pocketsphinx.readLanguageModel()));
  if (!domain || domain.sentences.length === 0 || domain.weight <= 0) return general();
  const arpa = pocketsphinx.memoryFile("mockingbird-domain-lm", buildArpa(domain.sentences));
  if (!arpa) {
    log.warn("in-memory files are unavailable; recognition runs on the general language model alone");
    return general();
  }
  try {
    const interpolated = await Promise.all(Array.from({ length: lanes }, () => pocketsphinx.readLanguageModel({ file: arpa.path, weight: domain.weight })));
    if (interpolated.every((model) => model === null)) {
      log.warn("the domain language model could not be read; recognition runs on the general language model alone");
      return general();
    }
    return interpolated;
  } finally {
    arpa.close();
  }
}

/**
 * Builds the pool: loads one model per lane, ranks the vocabulary, writes the trimmed dictionary
 * to an in-memory file (nothing touches the disk) and creates the first decoders. Null when the
 * language model cannot be loaded.
 */
export async function createLanguageModelPool(
  pocketsphinx: Pocketsphinx,
  pronunciations: Pronunciations,
  options: LanguageModelPoolOptions,
  log: SpeechLog,
  /**
   * Speech each new decoder hears once before its first lease. Its cepstral mean normalization
   * adapts from the model's initial values only as it decodes, so a decoder fresh from ps_init
   * mishears its first utterance more than one that has heard a sentence (the rooms bench's
   * first turns, where every call's first answer is its only one).
   */
  warmUpSpeech: Int16Array | null = null,
  domain: DomainAdaptation | null = null,
): Promise<LanguageModelPool | null> {
  const models = await readModels(pocketsphinx, Math.max(1, options.lanes), domain, log);
  const loaded = models.filter((model): model is LanguageModel => model !== null);
  if (loaded.length === 0) {
    log.warn({ path: pocketsphinx.paths.languageModel }, "could not read the general language model");
    return null;
  }
  const ranked = (loaded[0] as LanguageModel).rankedVocabulary().filter((word) => pronunciations.has(word));
  // Every word of the domain's sentences, however rare in general English.
  const vocabulary = [...new Set([...ranked.slice(0, options.vocabularySize), ...(domain?.sentences.flat() ?? []).filter((word) => pronunciations.has(word))])];
  const dictionaryFile = pocketsphinx.memoryFile("mockingbird-lm-dictionary", dictionaryText(trimDictionary(vocabulary, pronunciations).entries));
  // Without in-memory files the full dictionary works too, at 3.4x the CPU and more memory per decoder.
  if (!dictionaryFile) log.info("in-memory files are unavailable; the language-model decoders use the full dictionary");
  const args: DecoderArgs = {
    hmm: pocketsphinx.paths.acousticModel,
    dict: dictionaryFile?.path ?? pocketsphinx.paths.dictionary,
    ...options.decoderArgs,
  };
  const create = async (lane: Lane): Promise<Decoder | null> => {
    const decoder = await pocketsphinx.createDecoderAsync(args);
    if (!decoder) return null;
    const ready = await lane.run(async () => {
      if (!(await decoder.useLanguageModelAsync(lane.model))) return false;
      if (!warmUpSpeech) return true;
      const heard = decoder.startUtterance() && (await decoder.processAsync(warmUpSpeech)) && (await decoder.endUtteranceAsync());
      // The warm-up is decoding like a turn's: the load measure counts its audio with its time.
      pool.audioDecoded(warmUpSpeech.length);
      return heard;
    });
    if (ready) return decoder;
    await lane.run(() => decoder.free());
    return null;
  };
  const lanes = loaded.map((model) => new Lane(model));
  const pool = new LanguageModelPool(lanes, create, Math.max(1, options.maxDecoders), () => dictionaryFile?.close(), log, options);
  await pool.warm(Math.max(1, options.warmDecoders), options.readyDecoders);
  if (pool.stats.decoders === 0) {
    pool.close();
    log.warn("could not create a language-model decoder");
    return null;
  }
  return pool;
}
