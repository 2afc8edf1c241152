import type { Koffi, Functions, Pointer } from "./native";

/**
 * A general n-gram language model in memory (~33 MB for en-us). Its lookups keep a cache inside
 * the model, so decoders sharing it must take turns.
 */
export class LanguageModel {
  private pointer: Pointer | null;

  constructor(
    private readonly native: Functions,
    private readonly koffi: Koffi,
    handle: Pointer,
    /** The model points at this without holding a reference, so it lives exactly as long. */
    private readonly logmath: Pointer,
    private readonly afterFree: () => void,
  ) {
    this.pointer = handle;
  }

  get freed(): boolean {
    return this.pointer === null;
  }

  get handle(): Pointer {
    return this.pointer;
  }

  /** The vocabulary, most probable word first (unigram scores; sentence markers left out). */
  rankedVocabulary(): string[] {
    const model = this.pointer;
    if (model === null) return [];
    const [unigrams = 0] = this.koffi.decode(this.native.ngram_model_get_counts(model), "uint32_t", 1) as number[];
    const scored: { word: string; score: number }[] = [];
    const used = [0];
    for (let id = 0; id < unigrams; id++) {
      const word = this.native.ngram_word(model, id);
      if (word && !word.startsWith("<")) scored.push({ word, score: this.native.ngram_ng_score(model, id, null, 0, used) });
    }
    return scored.sort((a, b) => b.score - a.score).map(({ word }) => word);
  }

  /**
   * Drops this reference. Call it after freeing the decoders that use the model: while one still
   * holds it, the model and its log tables are left alone (leaked) rather than freed under it.
   */
  free(): void {
    const model = this.pointer;
    this.pointer = null;
    if (model === null) return;
    if (this.native.ngram_model_free(model) > 0) return;
    this.native.logmath_free(this.logmath);
    this.afterFree();
  }
}
