/**
 * A small domain language model, built in memory from example sentences (the playbooks' visitor
 * phrases): a trigram model with interpolated Kneser-Ney smoothing, written as ARPA text so
 * pocketsphinx can read it and interpolate it with its general model. Pure functions.
 */

export const SENTENCE_START = "<s>";
export const SENTENCE_END = "</s>";

export type DomainModelOptions = {
  /** Absolute discount per order (Kneser-Ney's D), applied to every seen n-gram. */
  discount: number;
};

export const DEFAULT_DOMAIN_MODEL_OPTIONS: DomainModelOptions = { discount: 0.75 };

type Counts = Map<string, number>;

function bump(counts: Counts, key: string, by = 1): void {
  counts.set(key, (counts.get(key) ?? 0) + by);
}

const KEY = "\u0001";
const join = (words: readonly string[]) => words.join(KEY);

/** Log10 with ARPA's "minus infinity". */
function log10(p: number): string {
  return p > 0 ? Math.log10(p).toFixed(6) : "-99";
}

/**
 * ARPA text of a trigram model of `sentences` (each a list of words). Lower orders use
 * continuation counts (how many different words precede an n-gram), which is what lets a
 * phrase's words recombine into paraphrases. Every word of `vocabulary` gets a unigram.
 */
export function buildArpa(sentences: readonly (readonly string[])[], vocabulary: readonly string[] = [], options: DomainModelOptions = DEFAULT_DOMAIN_MODEL_OPTIONS): string {
  const D = options.discount;
  const trigrams: Counts = new Map();
  for (const sentence of sentences) {
    if (sentence.length === 0) continue;
    const words = [SENTENCE_START, ...sentence, SENTENCE_END];
    for (let i = 2; i < words.length; i++) bump(trigrams, join(words.slice(i - 2, i + 1)));
    // The first word after <s> is also a bigram <s> w of the sentence start with no trigram context.
  }
  // Bigram counts: continuation counts (distinct left words) except after <s>, which has no left context.
  const bigramRaw: Counts = new Map();
  for (const sentence of sentences) {
    if (sentence.length === 0) continue;
    const words = [SENTENCE_START, ...sentence, SENTENCE_END];
    for (let i = 1; i < words.length; i++) bump(bigramRaw, join(words.slice(i - 1, i + 1)));
  }
  const bigramCont: Counts = new Map();
  for (const key of trigrams.keys()) bump(bigramCont, key.split(KEY).slice(1).join(KEY));
  const bigrams: Counts = new Map();
  for (const [key, raw] of bigramRaw) bigrams.set(key, key.startsWith(SENTENCE_START + KEY) ? raw : (bigramCont.get(key) ?? raw));

  const unigramCont: Counts = new Map();
  for (const key of bigrams.keys()) bump(unigramCont, key.split(KEY)[1] as string);
  const words = new Set<string>([...unigramCont.keys(), ...vocabulary.filter((word) => word !== SENTENCE_START)]);
  words.add(SENTENCE_END);

  // Unigrams: discounted continuation counts, the freed mass spread evenly over the vocabulary.
  const unigramTotal = [...unigramCont.values()].reduce((sum, count) => sum + count, 0);
  const uniform = 1 / words.size;
  const unigramFloor = unigramTotal > 0 ? (D * unigramCont.size) / unigramTotal : 1;
  const p1 = new Map<string, number>();
  for (const word of words) p1.set(word, (unigramTotal > 0 ? Math.max((unigramCont.get(word) ?? 0) - D, 0) / unigramTotal : 0) + unigramFloor * uniform);

  type Context = { total: number; types: number };
  const contexts = (counts: Counts) => {
    const result = new Map<string, Context>();
    for (const [key, count] of counts) {
      const context = key.split(KEY).slice(0, -1).join(KEY);
      const entry = result.get(context) ?? { total: 0, types: 0 };
      entry.total += count;
      entry.types += 1;
      result.set(context, entry);
    }
    return result;
  };
  const bigramContexts = contexts(bigrams);
  const trigramContexts = contexts(trigrams);
  const lambda = (context: Context | undefined) => (context ? (D * context.types) / context.total : 1);

  const p2 = (v: string, w: string): number => {
    const context = bigramContexts.get(v);
    const seen = bigrams.get(join([v, w])) ?? 0;
    const lower = p1.get(w) ?? unigramFloor * uniform;
    return context ? Math.max(seen - D, 0) / context.total + lambda(context) * lower : lower;
  };

  const lines: string[] = ["\\data\\", `ngram 1=${words.size + 1}`, `ngram 2=${bigrams.size}`, `ngram 3=${trigrams.size}`, ""];
  lines.push("\\1-grams:");
  lines.push(`-99\t${SENTENCE_START}\t${log10(lambda(bigramContexts.get(SENTENCE_START)))}`);
  for (const word of [...words].sort()) {
    const backoff = bigramContexts.has(word) && word !== SENTENCE_END ? `\t${log10(lambda(bigramContexts.get(word)))}` : "";
    lines.push(`${log10(p1.get(word) as number)}\t${word}${backoff}`);
  }
  lines.push("", "\\2-grams:");
  for (const key of [...bigrams.keys()].sort()) {
    const [v, w] = key.split(KEY) as [string, string];
    const backoff = trigramContexts.has(key) ? `\t${log10(lambda(trigramContexts.get(key)))}` : "";
    lines.push(`${log10(p2(v, w))}\t${v} ${w}${backoff}`);
  }
  lines.push("", "\\3-grams:");
  for (const key of [...trigrams.keys()].sort()) {
    const [u, v, w] = key.split(KEY) as [string, string, string];
    const context = trigramContexts.get(join([u, v])) as Context;
    const p = Math.max((trigrams.get(key) as number) - D, 0) / context.total + lambda(context) * p2(v, w);
    lines.push(`${log10(p)}\t${u} ${v} ${w}`);
  }
  lines.push("", "\\end\\", "");
  return lines.join("\n");
}
