/**
 * The understanding evaluation set: natural visitor answers per scenario and intent. Its own
 * home (utterances.json) holds only the held-out answers, which the agent never learns; the
 * benches also report how the agent does on what it learnt, the labelled answers of its corpus
 * (agent/corpus/visitor-answers.json, read through src/caller/visitor-sentences.ts), as the development split.
 * Benches and tests read both through here; the agent never reads this module.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { answerIntents, OFF_TOPIC, visitorAnswers, visitorAnswerSchema, type VisitorAnswer } from "../src/caller/visitor-sentences";

export { OFF_TOPIC };

/** The eight intents the issue names, in the caller's vocabulary, plus off-topic turns kept for safety checks. */
export const evaluatedIntents = answerIntents;
export type EvaluatedIntent = (typeof evaluatedIntents)[number];

export const splits = ["development", "held-out"] as const;
export type Split = (typeof splits)[number];

const fileSchema = z.strictObject({ description: z.string(), utterances: z.array(visitorAnswerSchema).min(1) });

export type EvaluationUtterance = VisitorAnswer & { split: Split };

export const evaluationSetFile = path.join(__dirname, "utterances.json");

/** The held-out answers alone, in the file's order. */
export function loadHeldOut(file = evaluationSetFile): VisitorAnswer[] {
  return fileSchema.parse(JSON.parse(readFileSync(file, "utf8"))).utterances;
}

/**
 * Both splits in one list, in the order the set was written and every bench has always walked
 * it: scenario and intent groups in the corpus's order, each as two learnt wordings, then one
 * held out (what is left of either once the other runs out comes last).
 */
export function loadEvaluationSet(file = evaluationSetFile): EvaluationUtterance[] {
  const groups = new Map<string, { development: VisitorAnswer[]; heldOut: VisitorAnswer[] }>();
  const groupOf = (answer: VisitorAnswer) => {
    const key = `${answer.scenario}\u0000${answer.intent}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { development: [], heldOut: [] }));
    return group;
  };
  for (const answer of visitorAnswers()) groupOf(answer).development.push(answer);
  for (const answer of loadHeldOut(file)) groupOf(answer).heldOut.push(answer);
  const merged: EvaluationUtterance[] = [];
  for (const { development, heldOut } of groups.values()) {
    let t = 0;
    let h = 0;
    while (t < development.length || h < heldOut.length) {
      const heldOutsTurn = (t + h) % 3 === 2 ? h < heldOut.length : t >= development.length;
      if (heldOutsTurn) merged.push({ ...(heldOut[h++] as VisitorAnswer), split: "held-out" });
      else merged.push({ ...(development[t++] as VisitorAnswer), split: "development" });
    }
  }
  return merged;
}

/** The words a transcript of `text` should have: lower case, punctuation dropped, hyphens as spaces. */
export function spokenWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[^a-z0-9' ]+/g, " ")
    .split(/\s+/)
    .map((word) => word.replace(/^'+|'+$/g, ""))
    .filter((word) => word.length > 0);
}
