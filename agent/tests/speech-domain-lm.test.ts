/** @jest-environment node */
import { buildArpa, SENTENCE_END, SENTENCE_START } from "../src/speech/recognition/domain-lm";
import { loadPocketsphinx } from "../src/speech/recognition/pocketsphinx";

const corpus = ["who is this", "who are you", "i will call you back", "i will not give you the code", "no", "no i will not"].map((sentence) => sentence.split(" "));

type Entry = { logProb: number; backoff: number };

/** The ARPA file as n-gram -> entry, and the counts its header announces. */
function parseArpa(text: string): { counts: number[]; grams: Map<string, Entry>[] } {
  const counts: number[] = [];
  const grams: Map<string, Entry>[] = [new Map(), new Map(), new Map()];
  let order = 0;
  for (const line of text.split("\n")) {
    const header = /^ngram (\d)=(\d+)$/.exec(line);
    if (header) counts[Number(header[1]) - 1] = Number(header[2]);
    const section = /^\\(\d)-grams:$/.exec(line);
    if (section) order = Number(section[1]);
    else if (order > 0 && line.includes("\t")) {
      const [logProb, gram, backoff] = line.split("\t");
      grams[order - 1]?.set(gram as string, { logProb: Number(logProb), backoff: backoff === undefined ? 0 : Number(backoff) });
    }
  }
  return { counts, grams };
}

/** P(word | history) by ARPA's back-off rule. */
function probability(model: ReturnType<typeof parseArpa>, history: string[], word: string): number {
  const grams = [...history, word];
  const entry = model.grams[grams.length - 1]?.get(grams.join(" "));
  if (entry) return 10 ** entry.logProb;
  const backoff = model.grams[history.length - 1]?.get(history.join(" "))?.backoff ?? 0;
  return 10 ** backoff * probability(model, history.slice(1), word);
}

describe("domain language model (ARPA)", () => {
  const text = buildArpa(corpus, ["goodbye"]);
  const model = parseArpa(text);
  const vocabulary = [...(model.grams[0]?.keys() ?? [])].filter((word) => word !== SENTENCE_START);

  it("announces in its header as many n-grams as each section holds", () => {
    expect(model.counts).toEqual(model.grams.map((section) => section.size));
  });

  it("gives every word of the corpus and of the extra vocabulary a unigram, with the sentence markers", () => {
    for (const word of [...corpus.flat(), "goodbye", SENTENCE_START, SENTENCE_END]) expect(model.grams[0]?.has(word)).toBe(true);
  });

  it.each([[[]], [["who"]], [["i"]], [[SENTENCE_START]], [[SENTENCE_START, "no"]], [["i", "will"]], [["you", "the"]]])(
    "is a probability distribution after the history %j: the next word's probabilities sum to 1",
    (history) => {
      const total = vocabulary.reduce((sum, word) => sum + probability(model, history as string[], word), 0);
      // Log probabilities are written with six decimals, so the sum is 1 to about six digits.
      expect(total).toBeCloseTo(1, 5);
    },
  );

  it("prefers what the corpus says to what it does not", () => {
    expect(probability(model, ["i", "will"], "call")).toBeGreaterThan(probability(model, ["i", "will"], "who"));
    expect(probability(model, [SENTENCE_START], "who")).toBeGreaterThan(probability(model, [SENTENCE_START], "back"));
  });

  it("recombines the corpus's words into sentences it never saw (a paraphrase is not impossible)", () => {
    expect(probability(model, ["will", "not"], "call")).toBeGreaterThan(0);
  });

  it("is empty but valid without sentences", () => {
    const empty = parseArpa(buildArpa([], ["hello"]));
    expect(empty.counts).toEqual(empty.grams.map((section) => section.size));
  });
});

describe("domain language model in pocketsphinx", () => {
  it("is read and interpolated with the general model", async () => {
    const loaded = await loadPocketsphinx();
    if (!loaded.ok) throw new Error(loaded.reason);
    const file = loaded.pocketsphinx.memoryFile("test-domain-lm", buildArpa(corpus));
    if (!file) throw new Error("in-memory files are unavailable");
    try {
      const interpolated = await loaded.pocketsphinx.readLanguageModel({ file: file.path, weight: 0.5 });
      expect(interpolated).not.toBeNull();
      expect(interpolated?.rankedVocabulary()).toEqual(expect.arrayContaining(["who", "code", "back"]));
      interpolated?.free();
    } finally {
      file.close();
    }
  }, 60_000);
});
