/**
 * Debian's pocketsphinx 5prealpha (libpocketsphinx.so.3 and, through its dependencies,
 * libsphinxbase.so.3) through koffi: loadPocketsphinx() finds the library and the en-us model
 * (install.ts), binds it (native.ts) and hands out decoders (decoder.ts) and language models
 * (language-model.ts). How the agent decodes with them is the decoders' business (../decoders/).
 *
 * Threading: a decoder is not thread-safe. Each Decoder must be used by one caller at a time;
 * the *Async methods run on koffi's worker threads, so callers serialise them per decoder.
 * Distinct decoders share nothing mutable and may run concurrently.
 */
import { closeSync, writeSync } from "node:fs";
import { Decoder, type DecoderArgs } from "./decoder";
import { ENABLE_RECOGNITION_HINT, findLibrary, isReadableFile, LIBRARY_FILE, missingModelFiles, modelPaths, type ModelPaths } from "./install";
import { LanguageModel } from "./language-model";
import { bind, LOG_BASE, toError, type Koffi, type Pointer } from "./native";

export { Decoder, type CepstralStatistics, type DecoderArgs, type WordPosterior } from "./decoder";
export { LanguageModel } from "./language-model";
export { DEFAULT_MODEL_DIR, ENABLE_RECOGNITION_HINT, findLibrary, LIBRARY_FILE, missingModelFiles, modelPaths, type ModelPaths } from "./install";

function argv(args: DecoderArgs): string[] {
  return Object.entries(args).flatMap(([name, value]) => [`-${name}`, value]);
}

/** sphinxbase's NGRAM_AUTO: guess the format from the file. */
const NGRAM_AUTO = 0;
const NGRAM_ARPA = 1;

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
