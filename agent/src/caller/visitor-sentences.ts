/**
 * What visitors say on these calls, the agent's training sentences: every playbook's example
 * phrases, the labelled visitor answers (agent/corpus/visitor-answers.json) and a corpus of
 * everyday phone answers (agent/corpus/phone-answers.txt). The recogniser's domain language model
 * learns from them, and the caller's fallback reads spoken turns by the labelled ones. The words
 * of these sentences the model's dictionary lacks have their pronunciations beside them
 * (agent/corpus/pronunciations.dict). The evaluation set (agent/eval) measures the agent on other
 * wordings: it reads this module to prove they do not overlap, and nothing here reads it
 * (agent/tests/eval-set.test.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { phraseIntents, type Playbook } from "./playbook-schema";
import { loadPlaybooks } from "./playbooks";
import type { LabelledSentence } from "./similar-intent";

/** What a labelled answer means: eight of the caller's intents, or a turn about something else (kept for safety: never compliance). */
export const answerIntents = ["refuse", "ask_identity", "ask_purpose", "offer_callback", "verify", "comply", "goodbye", "ask_repeat"] as const;
export type AnswerIntent = (typeof answerIntents)[number];
export const OFF_TOPIC = "off_topic";

export const visitorAnswerSchema = z.strictObject({
  scenario: z.string().min(1),
  intent: z.enum([...answerIntents, OFF_TOPIC]),
  text: z.string().trim().min(2).max(200),
});
const answersFileSchema = z.strictObject({ description: z.string(), answers: z.array(visitorAnswerSchema).min(1) });

export type VisitorAnswer = z.infer<typeof visitorAnswerSchema>;

const corpusDir = path.join(__dirname, "..", "..", "corpus");
export const visitorAnswersFile = path.join(corpusDir, "visitor-answers.json");
export const phoneAnswersFile = path.join(corpusDir, "phone-answers.txt");
export const extraPronunciationsFile = path.join(corpusDir, "pronunciations.dict");

let answers: VisitorAnswer[] | undefined;
/** The labelled answers, in the file's order (read once). */
export function visitorAnswers(): VisitorAnswer[] {
  answers ??= answersFileSchema.parse(JSON.parse(readFileSync(visitorAnswersFile, "utf8"))).answers;
  return answers;
}

/** The corpus's sentences: one a line, blank lines and # comments left out. */
export function phoneAnswers(file = phoneAnswersFile): string[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}

export function visitorSentences(): string[] {
  const phrases = [...loadPlaybooks().values()].flatMap((playbook) => phraseIntents.flatMap((intent) => playbook.phrases[intent]));
  return [...new Set([...phrases, ...visitorAnswers().map((answer) => answer.text), ...phoneAnswers()])];
}

/** The dictionary entries the corpus adds ("word PH ONES" lines), comments left out. */
export function extraPronunciations(file = extraPronunciationsFile): string {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.startsWith("#"))
    .join("\n");
}

/** What the recogniser learns about visitors: what they say, and how the words its dictionary lacks sound. */
export function visitorSpeech(): { domainSentences: string[]; extraPronunciations: string } {
  return { domainSentences: visitorSentences(), extraPronunciations: extraPronunciations() };
}

/** One scenario's sentences with what they mean: its playbook's phrases and its labelled answers. */
export function labelledVisitorSentences(playbook: Playbook): LabelledSentence[] {
  const phrases = phraseIntents.flatMap((intent) => playbook.phrases[intent].map((text) => ({ intent, text })));
  const wordings = visitorAnswers().flatMap(({ scenario, intent, text }) => (scenario === playbook.id && intent !== OFF_TOPIC ? [{ intent, text }] : []));
  return [...phrases, ...wordings];
}
