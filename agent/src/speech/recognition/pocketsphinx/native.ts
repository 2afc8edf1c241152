/**
 * koffi's declarations of the pocketsphinx and sphinxbase functions the agent calls, the struct
 * layouts it reads, and glibc's optional extras. Nothing here decides how to decode.
 */
export type Koffi = typeof import("koffi");
export type Pointer = unknown;
type AsyncCallback<T> = (error: unknown, result: T) => void;
export type NativeFunction<Args extends unknown[], Result> = ((...args: Args) => Result) & {
  async: (...args: [...Args, AsyncCallback<Result>]) => void;
};

export type Functions = {
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
export type NativeLayouts = { featHead: unknown; cmn: unknown; decode(pointer: Pointer, type: unknown): Record<string, unknown>; floats(pointer: Pointer, length: number): number[] };

export type Libc = {
  memfdCreate: ((name: string, flags: number) => number) | null;
  mallocTrim: ((pad: number) => number) | null;
};

export function bind(koffi: Koffi, library: string): { functions: Functions; libc: Libc; layouts: NativeLayouts } {
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

/** pocketsphinx's default log base, so language-model scores rank the same way the decoder sees them. */
export const LOG_BASE = 1.0001;

export function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
