/**
 * The rules' fallback for speech they cannot read: the labelled sentence most like what was
 * heard (TF-IDF over words and word pairs, cosine similarity). A misrecognised word or two
 * leaves most of a sentence's words standing ("sorry you are very framed" is still nearest to
 * "sorry, you're very faint"), where a rule needs its exact words.
 *
 * It only ever turns "unclear" into an intent that pushes back or asks something: never
 * compliance or small talk, which the caller would act on, and never goodbye, which ends the
 * call on a guess (an off-topic "did you see the football last night" came out as one).
 */
import { DEFAULT_MIN_SIMILARITY } from "./tuning";
import { normalise } from "./words";
import type { Intent } from "./playbook-schema";

export type LabelledSentence = { readonly intent: Intent; readonly text: string };
export type SimilarIntent = (hypotheses: readonly string[]) => Intent | null;

/** What the fallback may answer: compliance, small talk and goodbye must come from the rules. */
const fallbackIntents: ReadonlySet<Intent> = new Set(["refuse", "ask_identity", "ask_purpose", "offer_callback", "verify", "ask_repeat"]);

type Vector = Map<string, number>;

function terms(text: string): Map<string, number> {
  const words = normalise(text).split(" ").filter(Boolean);
  const counts = new Map<string, number>();
  const add = (term: string) => counts.set(term, (counts.get(term) ?? 0) + 1);
  words.forEach(add);
  for (let i = 0; i + 1 < words.length; i++) add(`${words[i]} ${words[i + 1]}`);
  return counts;
}

function unitVector(counts: Map<string, number>, weight: (term: string) => number): Vector {
  const vector: Vector = new Map();
  let norm = 0;
  for (const [term, count] of counts) {
    const value = count * weight(term);
    vector.set(term, value);
    norm += value * value;
  }
  norm = Math.sqrt(norm);
  if (norm > 0) for (const [term, value] of vector) vector.set(term, value / norm);
  return vector;
}

function cosine(a: Vector, b: Vector): number {
  let sum = 0;
  for (const [term, value] of a) sum += value * (b.get(term) ?? 0);
  return sum;
}

export function createSimilarIntent(sentences: readonly LabelledSentence[], minSimilarity = DEFAULT_MIN_SIMILARITY): SimilarIntent {
  const labelled = sentences.filter((sentence) => fallbackIntents.has(sentence.intent)).map((sentence) => ({ intent: sentence.intent, counts: terms(sentence.text) }));
  const documentFrequency = new Map<string, number>();
  for (const { counts } of labelled) for (const term of counts.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  // A term no labelled sentence has counts as rarer than any that one has: it tells the hypothesis apart.
  const weight = (term: string) => Math.log((labelled.length + 1) / ((documentFrequency.get(term) ?? 0) + 1)) + 1;
  const examples = labelled.map(({ intent, counts }) => ({ intent, vector: unitVector(counts, weight) }));

  return (hypotheses) => {
    let best: { intent: Intent; similarity: number } | null = null;
    for (const hypothesis of hypotheses) {
      const query = unitVector(terms(hypothesis), weight);
      for (const example of examples) {
        const similarity = cosine(query, example.vector);
        if (similarity > (best?.similarity ?? 0)) best = { intent: example.intent, similarity };
      }
    }
    return best && best.similarity >= minSimilarity ? best.intent : null;
  };
}
