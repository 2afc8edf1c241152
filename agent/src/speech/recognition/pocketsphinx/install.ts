/**
 * Where Debian installs pocketsphinx 5prealpha (libpocketsphinx.so.3) and its en-us model, and
 * whether they are all there: checked before the library is loaded.
 */
import { accessSync, constants, readdirSync, statSync } from "node:fs";
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

export function isReadableFile(file: string): boolean {
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
