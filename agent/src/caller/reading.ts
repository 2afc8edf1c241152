/**
 * How the caller reads a visitor's turn: the rulebook, then for speech the similar-sentence
 * fallback. The caller decides with it, and the benches measure understanding with the same one.
 */
import { createTurnDecider, type IntentClassifier, type TurnDecider } from "./intents";
import type { Playbook } from "./playbook-schema";
import { createSimilarIntent, type SimilarIntent } from "./similar-intent";
import { labelledVisitorSentences } from "./visitor-sentences";

/** Built once per playbook: every call of a scenario reads unclear speech by the same sentences. */
const similarIntents = new WeakMap<Playbook, SimilarIntent>();

/** How the caller reads a turn in this playbook, and which rule decided it: the rulebook, with the similar-sentence fallback for speech. */
export function callerTurnDecider(playbook: Playbook): TurnDecider {
  let similar = similarIntents.get(playbook);
  if (!similar) {
    similar = createSimilarIntent(labelledVisitorSentences(playbook));
    similarIntents.set(playbook, similar);
  }
  return createTurnDecider(playbook, similar);
}

export function callerIntentClassifier(playbook: Playbook): IntentClassifier {
  const decide = callerTurnDecider(playbook);
  return (turn) => decide(turn).intent;
}
