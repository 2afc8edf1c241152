/** One pocketsphinx decoder over the bound library: feeding it, reading what it heard, its cepstral mean. */
import type { LanguageModel } from "./language-model";
import { LOG_BASE, toError, type Functions, type NativeLayouts, type Pointer } from "./native";

/** The running sums behind a decoder's cepstral mean (sphinxbase's cmn_t): the mean is `sum / frames`. */
export type CepstralStatistics = { sum: Float32Array; frames: number };

export type DecoderArgs = Record<string, string>;

/** One pocketsphinx decoder. Methods are total: after free() they do nothing and report failure. */
export class Decoder {
  private handle: Pointer | null;
  /** Where the cepstral mean lives, found on first use; null when it cannot be read safely. */
  private cmnState: { pointer: Pointer; length: number } | null | undefined;
  private utteranceOpen = false;

  constructor(
    private readonly native: Functions,
    handle: Pointer,
    private readonly layouts: NativeLayouts,
  ) {
    this.handle = handle;
  }

  get freed(): boolean {
    return this.handle === null;
  }

  addWord(word: string, phones: string, update: boolean): boolean {
    return this.handle !== null && this.native.ps_add_word(this.handle, word, phones, update ? 1 : 0) >= 0;
  }

  /** Registers a JSGF grammar as the search `name` (useSearch switches to it). */
  addJsgf(name: string, jsgf: string): boolean {
    return this.handle !== null && this.native.ps_set_jsgf_string(this.handle, name, jsgf) >= 0;
  }

  /** Switches searches; only between utterances. */
  useSearch(name: string): boolean {
    return this.handle !== null && this.native.ps_set_search(this.handle, name) >= 0;
  }

  /**
   * Searches with `model` from now on. The model stays shared: whoever shares it must not run
   * decoders on it concurrently (LanguageModelPool's lanes see to that).
   */
  useLanguageModelAsync(model: LanguageModel): Promise<boolean> {
    const handle = this.handle;
    if (handle === null || model.freed) return Promise.resolve(false);
    const name = "lm";
    return new Promise((resolve, reject) =>
      this.native.ps_set_lm.async(handle, name, model.handle, (error, result) => {
        if (error) reject(toError(error));
        else resolve(result >= 0 && this.handle !== null && this.native.ps_set_search(this.handle, name) >= 0);
      }),
    );
  }

  /**
   * Whether an utterance is started and not ended. Pocketsphinx refuses to start another while one
   * is (ps_start_utt fails), so a decoder left so would fail every later utterance.
   */
  get inUtterance(): boolean {
    return this.utteranceOpen;
  }

  startUtterance(): boolean {
    if (this.handle === null || this.native.ps_start_utt(this.handle) < 0) return false;
    this.utteranceOpen = true;
    return true;
  }

  /** Feeds samples to the current utterance; returns false on a decoder error. */
  process(pcm: Int16Array): boolean {
    return this.handle !== null && this.native.ps_process_raw(this.handle, pcm, pcm.length, 0, 0) >= 0;
  }

  processAsync(pcm: Int16Array): Promise<boolean> {
    const handle = this.handle;
    if (handle === null) return Promise.resolve(false);
    return new Promise((resolve, reject) =>
      this.native.ps_process_raw.async(handle, pcm, pcm.length, 0, 0, (error, frames) => {
        // Referencing the samples here keeps them from being collected while the native call reads them.
        keepAlive(pcm);
        if (error) reject(toError(error));
        else resolve(frames >= 0);
      }),
    );
  }

  /** True while the decoder's voice activity detector hears speech (its hangover included). */
  inSpeech(): boolean {
    return this.handle !== null && this.native.ps_get_in_speech(this.handle) !== 0;
  }

  /** Ends the utterance. After any attempt the decoder counts as out of it: ps_end_utt ends the utterance before the search that can fail. */
  endUtterance(): boolean {
    if (this.handle === null) return false;
    this.utteranceOpen = false;
    return this.native.ps_end_utt(this.handle) >= 0;
  }

  endUtteranceAsync(): Promise<boolean> {
    const handle = this.handle;
    if (handle === null) return Promise.resolve(false);
    this.utteranceOpen = false;
    return new Promise((resolve, reject) => this.native.ps_end_utt.async(handle, (error, result) => (error ? reject(toError(error)) : resolve(result >= 0))));
  }

  hypothesis(): string | null {
    if (this.handle === null) return null;
    const score = [0];
    return this.native.ps_get_hyp(this.handle, score);
  }

  /** As hypothesis(), off the event loop: with -bestpath the lattice search runs inside ps_get_hyp. */
  hypothesisAsync(): Promise<string | null> {
    const handle = this.handle;
    if (handle === null) return Promise.resolve(null);
    const score = [0];
    return new Promise((resolve, reject) =>
      this.native.ps_get_hyp.async(handle, score, (error, hypothesis) => (error ? reject(toError(error)) : resolve(hypothesis))),
    );
  }

  /**
   * The utterance's `max` best distinct hypotheses, best first (A* over the lattice; needs the
   * utterance ended). Hypotheses differing only in fillers count once.
   */
  nbest(max: number): string[] {
    const handle = this.handle;
    if (handle === null || max <= 0) return [];
    const found: string[] = [];
    const score = [0];
    let iterator = this.native.ps_nbest(handle);
    // A* yields paths that differ only in fillers or timing; a bounded number of steps keeps a long lattice cheap.
    for (let steps = 0; iterator && found.length < max && steps < max * NBEST_STEPS_PER_RESULT; steps++) {
      const hypothesis = this.native.ps_nbest_hyp(iterator, score);
      const words = hypothesis?.trim() ?? "";
      if (!found.includes(words)) found.push(words);
      iterator = this.native.ps_nbest_next(iterator);
    }
    if (iterator) this.native.ps_nbest_free(iterator);
    return found;
  }

  /**
   * The best path's words with the lattice's posterior probability of each (0-1), fillers and
   * silences included as the decoder spells them; needs the utterance ended and its hypothesis
   * taken (with -bestpath, ps_get_hyp builds the lattice and its posteriors). Empty when the
   * decoder has no lattice.
   */
  wordPosteriors(): WordPosterior[] {
    const handle = this.handle;
    if (handle === null) return [];
    const words: WordPosterior[] = [];
    let segment = this.native.ps_seg_iter(handle);
    // A lattice's best path is a few dozen words at most; the bound only guards a corrupt one.
    for (let steps = 0; segment && steps < MAX_SEGMENTS; steps++) {
      const word = this.native.ps_seg_word(segment) ?? "";
      const logPosterior = this.native.ps_seg_prob(segment, [0], [0], [0]);
      words.push({ word, posterior: Math.min(1, Math.exp(logPosterior * Math.log(LOG_BASE))) });
      segment = this.native.ps_seg_next(segment);
    }
    if (segment) this.native.ps_seg_free(segment);
    return words;
  }

  /**
   * The cepstral mean the next utterance is normalised with (a copy), or null where it cannot be
   * read. The decoder updates it at the end of each utterance from what it heard, so it carries
   * the last speaker's microphone and room into the next utterance unless it is set back.
   */
  cepstralMean(): Float32Array | null {
    const state = this.cepstralMeanState();
    if (!state) return null;
    const mean = new Float32Array(state.length);
    this.native.cmn_live_get(state.pointer, mean);
    return mean;
  }

  /** Normalises the next utterance with `mean` (from cepstralMean(), of any decoder of the same model); only between utterances. */
  setCepstralMean(mean: Float32Array): boolean {
    const state = this.cepstralMeanState();
    if (!state || mean.length !== state.length) return false;
    this.native.cmn_live_set(state.pointer, mean);
    return true;
  }

  /** The sums the mean is made of, as they stand (between utterances), or null where they cannot be read. */
  cepstralStatistics(): CepstralStatistics | null {
    const state = this.cepstralMeanState();
    if (!state) return null;
    const cmn = this.layouts.decode(state.pointer, this.layouts.cmn);
    if (!cmn.sum || typeof cmn.nframe !== "number") return null;
    return { sum: Float32Array.from(this.layouts.floats(cmn.sum as Pointer, state.length)), frames: cmn.nframe };
  }

  private cepstralMeanState(): { pointer: Pointer; length: number } | null {
    if (this.handle === null) return null;
    if (this.cmnState !== undefined) return this.cmnState;
    this.cmnState = null;
    const feat = this.native.ps_get_feat(this.handle);
    if (!feat) return null;
    const head = this.layouts.decode(feat, this.layouts.featHead);
    const { cepsize, cmn_struct: pointer, refcount, cmn: cmnType } = head;
    // CMN_NONE (0) has nothing to set; anything beyond CMN_LIVE (2), or an implausible size, is not the layout expected.
    if (!pointer || typeof cepsize !== "number" || cepsize < 1 || cepsize > 64 || typeof refcount !== "number" || refcount < 1 || cmnType === 0 || typeof cmnType !== "number" || cmnType > 2) return null;
    const cmn = this.layouts.decode(pointer, this.layouts.cmn);
    if (cmn.veclen !== cepsize || !cmn.cmn_mean || !cmn.sum) return null;
    this.cmnState = { pointer, length: cepsize };
    return this.cmnState;
  }

  /** Frees the native decoder once; later calls do nothing. */
  free(): void {
    const handle = this.handle;
    this.handle = null;
    if (handle !== null) this.native.ps_free(handle);
  }
}

/** How many A* paths nbest() looks at per distinct hypothesis it returns, at most. */
const NBEST_STEPS_PER_RESULT = 4;
const MAX_SEGMENTS = 1_000;

/** A word of a decoder's best path and the lattice's posterior probability of it (0-1). */
export type WordPosterior = { word: string; posterior: number };

function keepAlive(value: unknown): void {
  void value;
}
