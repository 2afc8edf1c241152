/**
 * koffi bindings to Debian's pocketsphinx 5prealpha (libpocketsphinx.so.3 and, through its
 * dependencies, libsphinxbase.so.3), and where the library and the en-us model live.
 *
 * Threading: a decoder is not thread-safe. Each Decoder must be used by one caller at a time;
 * the *Async methods run on koffi's worker threads, so callers serialise them per decoder.
 * Distinct decoders share nothing mutable and may run concurrently.
 */
import { accessSync, closeSync, constants, readdirSync, statSync, writeSync } from "node:fs";
import path from "node:path";

export const LIBRARY_FILE = "libpocketsphinx.so.3";
export const DEFAULT_MODEL_DIR = "/usr/share/pocketsphinx/model/en-us";
export const ENABLE_RECOGNITION_HINT = "apt-get install pocketsphinx-en-us libpocketsphinx3";

export type ModelPaths = {
  acousticModel: string;
  dictionary: string;
  languageModel: string;
};

export function modelPaths(modelDir = DEFAULT_MODEL_DIR): ModelPaths {
  return {
    acousticModel: path.join(modelDir, "en-us"),
    dictionary: path.join(modelDir, "cmudict-en-us.dict"),
    languageModel: path.join(modelDir, "en-us.lm.bin"),
  };
}

/** Debian puts the library under /usr/lib/<multiarch triplet>/; look there and in the plain lib dirs. */
export function findLibrary(roots: readonly string[] = ["/usr/lib", "/usr/lib64", "/lib"]): string | null {
  for (const root of roots) {
    const direct = path.join(root, LIBRARY_FILE);
    if (isReadableFile(direct)) return direct;
    let entries: string[];
    try {
      entries = readdirSync(root);
    } catch {
      continue;
    }
    for (const entry of entries.sort()) {
      const candidate = path.join(root, entry, LIBRARY_FILE);
      if (isReadableFile(candidate)) return candidate;
    }
  }
  return null;
}

function isReadableFile(file: string): boolean {
  try {
    accessSync(file, constants.R_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The files a decoder opens. Checked up front because sphinxbase calls exit() (E_FATAL) on some
 * missing model files instead of returning an error, which would take the whole server down.
 */
export function missingModelFiles(paths: ModelPaths): string[] {
  const acoustic = ["mdef", "means", "variances", "transition_matrices", "feat.params", "noisedict"].map((file) =>
    path.join(paths.acousticModel, file),
  );
  const required = [...acoustic, paths.dictionary, paths.languageModel];
  const missing = required.filter((file) => !isReadableFile(file));
  const weights = ["sendump", "mixture_weights"].map((file) => path.join(paths.acousticModel, file));
  if (!weights.some(isReadableFile)) missing.push(weights.join(" or "));
  return missing;
}

type Koffi = typeof import("koffi");
type Pointer = unknown;
type AsyncCallback<T> = (error: unknown, result: T) => void;
type NativeFunction<Args extends unknown[], Result> = ((...args: Args) => Result) & {
  async: (...args: [...Args, AsyncCallback<Result>]) => void;
};

type Functions = {
  err_set_logfp: NativeFunction<[Pointer], void>;
  cmd_ln_parse_r: NativeFunction<[Pointer, Pointer, number, string[], number], Pointer>;
  cmd_ln_free_r: NativeFunction<[Pointer], number>;
  ps_args: NativeFunction<[], Pointer>;
  ps_init: NativeFunction<[Pointer], Pointer>;
  ps_free: NativeFunction<[Pointer], number>;
  ps_add_word: NativeFunction<[Pointer, string, string, number], number>;
  ps_set_jsgf_string: NativeFunction<[Pointer, string, string], number>;
  ps_set_search: NativeFunction<[Pointer, string], number>;
  ps_set_lm: NativeFunction<[Pointer, string, Pointer], number>;
  ps_start_utt: NativeFunction<[Pointer], number>;
  ps_process_raw: NativeFunction<[Pointer, Int16Array, number, number, number], number>;
  ps_end_utt: NativeFunction<[Pointer], number>;
  ps_get_hyp: NativeFunction<[Pointer, number[]], string | null>;
  ps_get_in_speech: NativeFunction<[Pointer], number>;
  ps_nbest: NativeFunction<[Pointer], Pointer>;
  ps_nbest_next: NativeFunction<[Pointer], Pointer>;
  ps_nbest_hyp: NativeFunction<[Pointer, number[]], string | null>;
  ps_nbest_free: NativeFunction<[Pointer], void>;
  ps_seg_iter: NativeFunction<[Pointer], Pointer>;
  ps_seg_next: NativeFunction<[Pointer], Pointer>;
  ps_seg_word: NativeFunction<[Pointer], string | null>;
  ps_seg_prob: NativeFunction<[Pointer, number[], number[], number[]], number>;
  ps_seg_free: NativeFunction<[Pointer], void>;
  logmath_init: NativeFunction<[number, number, number], Pointer>;
  logmath_free: NativeFunction<[Pointer], number>;
  ngram_model_read: NativeFunction<[Pointer, string, number, Pointer], Pointer>;
  ngram_model_set_init: NativeFunction<[Pointer, Pointer[], string[], number[], number], Pointer>;
  ngram_model_free: NativeFunction<[Pointer], number>;
  ngram_model_get_counts: NativeFunction<[Pointer], Pointer>;
  ngram_ng_score: NativeFunction<[Pointer, number, Pointer, number, number[]], number>;
  ngram_word: NativeFunction<[Pointer, number], string | null>;
  ps_get_feat: NativeFunction<[Pointer], Pointer>;
  cmn_live_get: NativeFunction<[Pointer, Float32Array], void>;
  cmn_live_set: NativeFunction<[Pointer, Float32Array], void>;
};

/**
 * Where a decoder keeps its cepstral mean: sphinxbase exports no accessor for the feature
 * computation's CMN object, so it is read from the structs as sphinxbase 5prealpha's feat.h and
 * cmn.h lay them out (feat_t up to its cmn_struct field; cmn_t whole). Checked before use
 * (Decoder.cepstralMeanState): a layout that does not add up disables the per-call reset.
 */
type NativeLayouts = { featHead: unknown; cmn: unknown; decode(pointer: Pointer, type: unknown): Record<string, unknown>; floats(pointer: Pointer, length: number): number[] };

/** The running sums behind a decoder's cepstral mean (sphinxbase's cmn_t): the mean is `sum / frames`. */
export type CepstralStatistics = { sum: Float32Array; frames: number };

type Libc = {
  memfdCreate: ((name: string, flags: number) => number) | null;
  mallocTrim: ((pad: number) => number) | null;
};

function bind(koffi: Koffi, library: string): { functions: Functions; libc: Libc; layouts: NativeLayouts } {
  const lib = koffi.load(library);
  // Anonymous types: jest loads this module once per test file in the same process, and koffi
  // refuses to register a type name twice.
  const decoder = koffi.pointer(koffi.opaque());
  const config = koffi.pointer(koffi.opaque());
  const ngram = koffi.pointer(koffi.opaque());
  const logmath = koffi.pointer(koffi.opaque());
  const nbest = koffi.pointer(koffi.opaque());
  const segment = koffi.pointer(koffi.opaque());
  const f = <Args extends unknown[], Result>(name: string, result: unknown, args: unknown[]) =>
    lib.func(name, result as string, args as string[]) as unknown as NativeFunction<Args, Result>;
  const functions: Functions = {
    // sphinxbase symbols resolve through libpocketsphinx's handle (dlsym searches its dependencies).
    err_set_logfp: f("err_set_logfp", "void", ["void *"]),
    cmd_ln_parse_r: f("cmd_ln_parse_r", config, [config, "void *", "int32_t", "const char **", "int32_t"]),
    cmd_ln_free_r: f("cmd_ln_free_r", "int", [config]),
    ps_args: f("ps_args", "void *", []),
    ps_init: f("ps_init", decoder, [config]),
    ps_free: f("ps_free", "int", [decoder]),
    ps_add_word: f("ps_add_word", "int", [decoder, "const char *", "const char *", "int"]),
    ps_set_jsgf_string: f("ps_set_jsgf_string", "int", [decoder, "const char *", "const char *"]),
    ps_set_search: f("ps_set_search", "int", [decoder, "const char *"]),
    ps_set_lm: f("ps_set_lm", "int", [decoder, "const char *", ngram]),
    ps_start_utt: f("ps_start_utt", "int", [decoder]),
    ps_process_raw: f("ps_process_raw", "int", [decoder, "const int16_t *", "size_t", "int", "int"]),
    ps_end_utt: f("ps_end_utt", "int", [decoder]),
    ps_get_hyp: f("ps_get_hyp", "const char *", [decoder, koffi.out(koffi.pointer("int32_t"))]),
    ps_get_in_speech: f("ps_get_in_speech", "uint8_t", [decoder]),
    ps_nbest: f("ps_nbest", nbest, [decoder]),
    ps_nbest_next: f("ps_nbest_next", nbest, [nbest]),
    ps_nbest_hyp: f("ps_nbest_hyp", "const char *", [nbest, koffi.out(koffi.pointer("int32_t"))]),
    ps_nbest_free: f("ps_nbest_free", "void", [nbest]),
    // 5prealpha's ps_seg_iter takes the decoder alone (0.8's also wrote the path score out).
    ps_seg_iter: f("ps_seg_iter", segment, [decoder]),
    ps_seg_next: f("ps_seg_next", segment, [segment]),
    ps_seg_word: f("ps_seg_word", "const char *", [segment]),
    ps_seg_prob: f("ps_seg_prob", "int32_t", [segment, koffi.out(koffi.pointer("int32_t")), koffi.out(koffi.pointer("int32_t")), koffi.out(koffi.pointer("int32_t"))]),
    ps_seg_free: f("ps_seg_free", "void", [segment]),
    logmath_init: f("logmath_init", logmath, ["double", "int", "int"]),
    logmath_free: f("logmath_free", "int", [logmath]),
    ngram_model_read: f("ngram_model_read", ngram, [config, "const char *", "int", logmath]),
    ngram_model_set_init: f("ngram_model_set_init", ngram, [config, koffi.pointer(ngram), "const char **", "const float *", "int32_t"]),
    ngram_model_free: f("ngram_model_free", "int", [ngram]),
    ngram_model_get_counts: f("ngram_model_get_counts", "const uint32_t *", [ngram]),
    ngram_ng_score: f("ngram_ng_score", "int32_t", [ngram, "int32_t", "int32_t *", "int32_t", koffi.out(koffi.pointer("int32_t"))]),
    ngram_word: f("ngram_word", "const char *", [ngram, "int32_t"]),
    ps_get_feat: f("ps_get_feat", "void *", [decoder]),
    // The vector is the caller's memory: koffi passes a typed array's buffer itself, so the library reads and writes it in place.
    cmn_live_get: f("cmn_live_get", "void", ["void *", "float *"]),
    cmn_live_set: f("cmn_live_set", "void", ["void *", "const float *"]),
  };
  const layouts: NativeLayouts = {
    featHead: koffi.struct({
      refcount: "int",
      name: "void *",
      cepsize: "int32_t",
      n_stream: "int32_t",
      stream_len: "void *",
      window_size: "int32_t",
      n_sv: "int32_t",
      sv_len: "void *",
      subvecs: "void *",
      sv_buf: "void *",
      sv_dim: "int32_t",
      cmn: "int",
      varnorm: "int32_t",
      agc: "int",
      compute_feat: "void *",
      cmn_struct: "void *",
    }),
    cmn: koffi.struct({ cmn_mean: "void *", cmn_var: "void *", sum: "void *", nframe: "int32_t", veclen: "int32_t" }),
    decode: (pointer, type) => koffi.decode(pointer, type as string) as Record<string, unknown>,
    floats: (pointer, length) => koffi.decode(pointer, "float", length) as number[],
  };
  return { functions, libc: bindLibc(koffi), layouts };
}

/** Optional glibc extras; each is null where the C library lacks it. */
function bindLibc(koffi: Koffi): Libc {
  let libc: ReturnType<Koffi["load"]>;
  try {
    libc = koffi.load("libc.so.6");
  } catch {
    return { memfdCreate: null, mallocTrim: null };
  }
  const optional = <T>(name: string, result: string, args: string[]): T | null => {
    try {
      return libc.func(name, result, args) as unknown as T;
    } catch {
      return null;
    }
  };
  return {
    memfdCreate: optional("memfd_create", "int", ["const char *", "unsigned int"]),
    mallocTrim: optional("malloc_trim", "int", ["size_t"]),
  };
}

export type DecoderArgs = Record<string, string>;

function argv(args: DecoderArgs): string[] {
  return Object.entries(args).flatMap(([name, value]) => [`-${name}`, value]);
}

/** One pocketsphinx decoder. Methods are total: after free() they do nothing and report failure. */
export class Decoder {
  private handle: Pointer | null;
  /** Where the cepstral mean lives, found on first use; null when it cannot be read safely. */
  private cmnState: { pointer: Pointer; length: number } | null | undefined;

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

  startUtterance(): boolean {
    return this.handle !== null && this.native.ps_start_utt(this.handle) >= 0;
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

  endUtterance(): boolean {
    return this.handle !== null && this.native.ps_end_utt(this.handle) >= 0;
  }

  endUtteranceAsync(): Promise<boolean> {
    const handle = this.handle;
    if (handle === null) return Promise.resolve(false);
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

/** How many A* paths nbest() looks at per distinct hypothesis it returns, at most. */
const NBEST_STEPS_PER_RESULT = 4;
const MAX_SEGMENTS = 1_000;

/** A word of a decoder's best path and the lattice's posterior probability of it (0-1). */
export type WordPosterior = { word: string; posterior: number };

function keepAlive(value: unknown): void {
  void value;
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** sphinxbase's NGRAM_AUTO: guess the format from the file. */
const NGRAM_AUTO = 0;
const NGRAM_ARPA = 1;
/** pocketsphinx's default log base, so language-model scores rank the same way the decoder sees them. */
const LOG_BASE = 1.0001;

export type Pocketsphinx = {
  library: string;
  paths: ModelPaths;
  /** Creates a decoder synchronously (~10 ms with a small dictionary, ~200-450 ms with a language model). */
  createDecoder(args: DecoderArgs): Decoder | null;
  createDecoderAsync(args: DecoderArgs): Promise<Decoder | null>;
  /**
   * Reads the general language model (~0.4 s, off the event loop), interpolated with `domain`
   * (an ARPA file) at `weight` when given; null when a model cannot be read.
   */
  readLanguageModel(domain?: { file: string; weight: number }): Promise<LanguageModel | null>;
  /** An in-memory file (memfd) holding `text`, as a path the library can fopen, or null where unsupported. */
  memoryFile(name: string, text: string): { path: string; close(): void } | null;
};

export type LoadResult = { ok: true; pocketsphinx: Pocketsphinx } | { ok: false; reason: string };

export type LoadOptions = {
  /** Full path of libpocketsphinx.so.3; searched under /usr/lib/* when absent. */
  library?: string;
  modelDir?: string;
};

function unavailable(what: string): LoadResult {
  return { ok: false, reason: `${what}. To enable speech recognition, run: ${ENABLE_RECOGNITION_HINT}` };
}

/** Loads the library and checks the model. Never throws: failures come back as a reason a person can act on. */
export async function loadPocketsphinx(options: LoadOptions = {}): Promise<LoadResult> {
  const library = options.library ?? findLibrary();
  if (library === null) return unavailable(`${LIBRARY_FILE} was not found under /usr/lib`);
  if (!isReadableFile(library)) return unavailable(`${library} does not exist or is not readable`);
  const paths = modelPaths(options.modelDir);
  const missing = missingModelFiles(paths);
  if (missing.length > 0) return unavailable(`the pocketsphinx en-us model is incomplete (missing ${missing.join(", ")})`);

  let koffi: Koffi;
  let bound: ReturnType<typeof bind>;
  try {
    koffi = await import("koffi");
    bound = bind(koffi, library);
  } catch (error) {
    return unavailable(`${library} could not be loaded (${toError(error).message})`);
  }
  const native = bound.functions;
  // The library logs to stderr by default; a null stream turns its logging off entirely.
  native.err_set_logfp(null);

  const parse = (args: DecoderArgs): Pointer | null => {
    const list = argv(args);
    return native.cmd_ln_parse_r(null, native.ps_args(), list.length, list, 1) ?? null;
  };
  const wrap = (handle: Pointer | null): Decoder | null => (handle ? new Decoder(native, handle, bound.layouts) : null);

  const pocketsphinx: Pocketsphinx = {
    library,
    paths,
    createDecoder(args) {
      const config = parse(args);
      if (config === null) return null;
      try {
        return wrap(native.ps_init(config));
      } finally {
        // ps_init keeps its own reference to the configuration.
        native.cmd_ln_free_r(config);
      }
    },
    createDecoderAsync(args) {
      const config = parse(args);
      if (config === null) return Promise.resolve(null);
      return new Promise((resolve) =>
        native.ps_init.async(config, (error, handle) => {
          native.cmd_ln_free_r(config);
          resolve(error ? null : wrap(handle));
        }),
      );
    },
    async readLanguageModel(domain) {
      const config = parse({});
      const logmath = native.logmath_init(LOG_BASE, 0, 0);
      // A model, loaded or not, is ~35 MB of heap on a worker thread's arena: hand it back once freed.
      const trim = () => bound.libc.mallocTrim?.(0);
      const read = (file: string, type: number) =>
        new Promise<Pointer | null>((resolve) =>
          native.ngram_model_read.async(config, file, type, logmath, (error, model) => resolve(error || !model ? null : model)),
        );
      const general = await read(paths.languageModel, NGRAM_AUTO);
      const adapted = general && domain ? await read(domain.file, NGRAM_ARPA) : null;
      let model: Pointer | null = general;
      if (general && domain) {
        // The set owns both models from here on (ngram_model_free on it frees them).
        model = adapted
          ? native.ngram_model_set_init(config, [general, adapted], ["general", "domain"], [1 - domain.weight, domain.weight], 2)
          : null;
        if (!model) {
          native.ngram_model_free(general);
          if (adapted) native.ngram_model_free(adapted);
        }
      }
      if (config) native.cmd_ln_free_r(config);
      if (!model) {
        native.logmath_free(logmath);
        trim();
        return null;
      }
      return new LanguageModel(native, koffi, model, logmath, trim);
    },
    memoryFile(name, text) {
      if (!bound.libc.memfdCreate) return null;
      const MFD_CLOEXEC = 1;
      const fd = bound.libc.memfdCreate(name, MFD_CLOEXEC);
      if (fd < 0) return null;
      try {
        writeSync(fd, text);
      } catch {
        closeSync(fd);
        return null;
      }
      let open = true;
      return {
        path: `/proc/self/fd/${fd}`,
        close() {
          if (!open) return;
          open = false;
          closeSync(fd);
        },
      };
    },
  };
  return { ok: true, pocketsphinx };
}
