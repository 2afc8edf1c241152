/**
 * What visitors say on these calls, for the recogniser's domain language model: every playbook's
 * example phrases, and the evaluation set's tuning split. Never its held-out split: those
 * sentences measure the recogniser, so it must not have learnt them (agent/tests/eval-set.test.ts).
 */
import { loadEvaluationSet } from "../eval/evaluation-set";
import { phraseIntents } from "./caller/playbook-schema";
import { loadPlaybooks } from "./caller/playbooks";

export function visitorSentences(): string[] {
  const phrases = [...loadPlaybooks().values()].flatMap((playbook) => phraseIntents.flatMap((intent) => playbook.phrases[intent]));
  const tuning = loadEvaluationSet()
    .filter((utterance) => utterance.split === "tuning")
    .map((utterance) => utterance.text);
  return [...new Set([...phrases, ...tuning])];
}
