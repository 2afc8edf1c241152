/**
 * The understanding evaluation set (utterances.json): natural visitor answers per scenario and
 * intent, with a fixed held-out split. Benches and tests read it through here; the agent's
 * runtime reads only the tuning split (src/visitor-sentences.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/** The eight intents the issue names, in the caller's vocabulary, plus off-topic turns kept for safety checks. */
export const evaluatedIntents = ["refuse", "ask_identity", "ask_purpose", "offer_callback", "verify", "comply", "goodbye", "ask_repeat"] as const;
export type EvaluatedIntent = (typeof evaluatedIntents)[number];
export const OFF_TOPIC = "off_topic";

export const splits = ["tuning", "held-out"] as const;
export type Split = (typeof splits)[number];

const utteranceSchema = z.strictObject({
  scenario: z.string().min(1),
  intent: z.enum([...evaluatedIntents, OFF_TOPIC]),
  text: z.string().trim().min(2).max(200),
  split: z.enum(splits),
});
const fileSchema = z.strictObject({ description: z.string(), utterances: z.array(utteranceSchema).min(1) });

export type EvaluationUtterance = z.infer<typeof utteranceSchema>;

export const evaluationSetFile = path.join(__dirname, "utterances.json");

export function loadEvaluationSet(file = evaluationSetFile): EvaluationUtterance[] {
  return fileSchema.parse(JSON.parse(readFileSync(file, "utf8"))).utterances;
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
