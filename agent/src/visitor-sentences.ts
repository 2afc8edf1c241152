/**
 * What visitors say on these calls: every playbook's example phrases, the evaluation set's
 * tuning split and a corpus of everyday phone answers (agent/corpus/phone-answers.txt). The
 * recogniser's domain language model learns from them, and the caller's fallback reads spoken
 * turns by the labelled ones. Never the held-out split: those sentences measure the agent, so
 * it must not have learnt them (agent/tests/eval-set.test.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { loadEvaluationSet, OFF_TOPIC, type EvaluationUtterance } from "../eval/evaluation-set";
import { phraseIntents, type Playbook } from "./caller/playbook-schema";
import { loadPlaybooks } from "./caller/playbooks";
import type { LabelledSentence } from "./caller/similar-intent";

let tuningSplit: EvaluationUtterance[] | undefined;
function tuning(): EvaluationUtterance[] {
  tuningSplit ??= loadEvaluationSet().filter((utterance) => utterance.split === "tuning");
  return tuningSplit;
}

export const phoneAnswersFile = path.join(__dirname, "..", "corpus", "phone-answers.txt");

/** The corpus's sentences: one a line, blank lines and # comments left out. */
export function phoneAnswers(file = phoneAnswersFile): string[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}

export function visitorSentences(): string[] {
  const phrases = [...loadPlaybooks().values()].flatMap((playbook) => phraseIntents.flatMap((intent) => playbook.phrases[intent]));
  return [...new Set([...phrases, ...tuning().map((utterance) => utterance.text), ...phoneAnswers()])];
}

/** One scenario's sentences with what they mean: its playbook's phrases and its tuning wordings. */
export function labelledVisitorSentences(playbook: Playbook): LabelledSentence[] {
  const phrases = phraseIntents.flatMap((intent) => playbook.phrases[intent].map((text) => ({ intent, text })));
  const wordings = tuning()
    .filter((utterance) => utterance.scenario === playbook.id && utterance.intent !== OFF_TOPIC)
    .map((utterance) => ({ intent: utterance.intent as LabelledSentence["intent"], text: utterance.text }));
  return [...phrases, ...wordings];
}
