import { z } from "zod";
import { DEBRIEF_MAX_TACTICS_PER_LINE, DEBRIEF_NEXT_TIME_ITEMS, debriefOutcomes, tactics, type DebriefOutcome, type Tactic } from "@mockingbird/contract/debrief";

/**
 * The shape of one playbook file (agent/playbooks/<scenario id>.json). Playbooks are data so that
 * a scenario can be rewritten without touching the dialogue logic; the schema is strict so a typo
 * in a field name fails loading instead of silently dropping a reaction.
 */

// The debrief's vocabulary is the one the widget shows (contract/debrief.ts).
export { debriefOutcomes, tactics, type DebriefOutcome, type Tactic };

/** The intents a playbook lists example phrases for (`other` and `unclear` are what no phrase means). */
export const phraseIntents = [
  "comply",
  "refuse",
  "ask_identity",
  "offer_callback",
  "verify",
  "goodbye",
  "ask_purpose",
  "ask_repeat",
  "small_talk",
] as const;
export type PhraseIntent = (typeof phraseIntents)[number];

/** What the visitor's words mean to the caller. `unclear` is speech with no usable words in it. */
export const intents = [...phraseIntents, "other", "unclear"] as const;
export type Intent = (typeof intents)[number];

export const goalKinds = ["code", "password", "payment", "bank-details"] as const;
export type GoalKind = (typeof goalKinds)[number];

const placeholderPattern = /\{\{\s*([a-zA-Z0-9_]+)\s*\}\}/g;

/** Something the caller says out loud: no stage directions, nothing a speech synthesiser would read oddly. */
const spokenLine = z
  .string()
  .trim()
  .min(2)
  .max(300)
  .refine((line) => !/[*[\]<>_#]/.test(line.replace(placeholderPattern, "")), "a spoken line must not contain markup or stage directions");

const lines = (min: number, max: number) => z.array(spokenLine).min(min).max(max);
const adviceItems = DEBRIEF_NEXT_TIME_ITEMS - 1;

/**
 * Most words in a line the caller says on the call: a phone turn, not a monologue. Twenty-two
 * words are about six seconds in the agent's voice (agent/tests/caller-playbooks.test.ts times
 * every shipped line), short enough that a person can answer.
 */
export const maxWordsPerTurn = 22;
const callerLine = spokenLine.refine(
  (line) => line.split(/\s+/).length <= maxWordsPerTurn,
  `a line the caller says is a phone turn: ${maxWordsPerTurn} words at most (about six seconds)`,
);
const turns = (min: number, max: number) => z.array(callerLine).min(min).max(max);

/**
 * An example of what visitors say, listed under the intent it means: the recogniser's domain
 * language model is built from these (with the corpus's visitor answers), and the tests check
 * the intent rules read each one as listed. None gates understanding: a paraphrase is understood
 * the same. Lowercase dictionary words, so no digits, apostrophes or punctuation.
 */
const examplePhrase = z
  .string()
  .regex(/^[a-z]+( [a-z]+)*$/, "an example phrase is lowercase words separated by single spaces (no digits, apostrophes or punctuation)");

/**
 * A line that presses the visitor, with every tactic it uses (contract/debrief.ts says what each
 * means), the most prominent first: the debrief shows these tags beside the line as it was said.
 */
const taggedLine = z.strictObject({
  tactics: z
    .array(z.enum(tactics))
    .min(1)
    .max(DEBRIEF_MAX_TACTICS_PER_LINE)
    .refine((list) => new Set(list).size === list.length, "each tactic is listed once"),
  line: callerLine,
});
export type TaggedLine = z.infer<typeof taggedLine>;
const taggedLines = (min: number, max: number) => z.array(taggedLine).min(min).max(max);

/** One step of the escalation: named after the tactic it presses with, which each of its lines uses most. */
const escalationStep = z
  .strictObject({ tactic: z.enum(tactics), lines: taggedLines(2, 3) })
  .superRefine((step, context) => {
    step.lines.forEach((entry, index) => {
      if (entry.tactics[0] !== step.tactic) {
        context.addIssue({ code: "custom", path: ["lines", index, "tactics"], message: `a line of the ${step.tactic} step lists ${step.tactic} first` });
      }
    });
  });

const variableName = z.string().regex(/^[a-z][a-z0-9_]*$/, "a variable name is lowercase letters, digits and underscores");

export const playbookSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "an id is lowercase words joined by hyphens"),
    title: z.string().trim().min(3).max(80),
    persona: z.strictObject({
      name: z.string().trim().min(2).max(60),
      role: z.string().trim().min(2).max(120),
      voice: z.string().trim().min(2).max(300),
    }),
    /** Defaults for the {{name}} placeholders; the call's dynamic_variables override them. */
    variables: z.record(variableName, z.string().trim().min(1).max(80)),
    opening: taggedLine,
    goal: z.strictObject({
      kind: z.enum(goalKinds),
      /** A noun phrase that fits "you gave away ___", e.g. "your MFA code". */
      item: z.string().trim().min(3).max(60),
      /** What the caller is after, in a sentence, for the optional LLM writer's instructions. */
      description: z.string().trim().min(10).max(300),
    }),
    /** The caller gives up after this many visitor turns without an outcome. */
    maxTurns: z.number().int().min(4).max(30),
    /** The escalation, in the order the caller works through it. */
    tactics: z
      .array(escalationStep)
      .min(2)
      .max(4)
      .refine((list) => new Set(list.map((entry) => entry.tactic)).size === list.length, "each tactic appears once"),
    reactions: z.strictObject({
      refusal: z.strictObject({
        /** One line per push; after the last push, the next refusal makes the caller give up. */
        pushes: taggedLines(1, 2),
        giveUp: turns(1, 3),
      }),
      askIdentity: taggedLines(1, 3),
      askPurpose: taggedLines(1, 3),
      /** Deflections; a call-back offer beyond the last one counts as a refusal. */
      callbackOffer: taggedLines(1, 3),
      verification: turns(1, 3),
      compliance: turns(1, 3),
      goodbye: turns(1, 3),
      badLine: turns(3, 6),
      /** The visitor said nothing for the turn timeout: a re-prompt; for the silence timeout: the closing line (contract/turn-timing.ts). */
      silence: z.strictObject({ prompts: turns(2, 4), giveUp: turns(1, 3) }),
      outOfPatience: turns(1, 3),
    }),
    debrief: z.strictObject({
      /** A debrief's nextTime is the outcome's advice whole and one red flag (DEBRIEF_NEXT_TIME_ITEMS). */
      advice: z.strictObject({
        complied: lines(adviceItems, adviceItems),
        "held-firm": lines(adviceItems, adviceItems),
        verified: lines(adviceItems, adviceItems),
        "ended-early": lines(adviceItems, adviceItems),
      }),
      /** How to spot each tactic in this scenario; the debrief adds the one the caller leaned on most. */
      redFlags: z.strictObject({
        authority: spokenLine,
        urgency: spokenLine,
        secrecy: spokenLine,
        pretext: spokenLine,
        intimidation: spokenLine,
        "social-proof": spokenLine,
        rapport: spokenLine,
      }),
    }),
    phrases: z.strictObject({
      comply: z.array(examplePhrase).min(15).max(40),
      refuse: z.array(examplePhrase).min(15).max(40),
      ask_identity: z.array(examplePhrase).min(15).max(40),
      offer_callback: z.array(examplePhrase).min(15).max(40),
      verify: z.array(examplePhrase).min(15).max(40),
      goodbye: z.array(examplePhrase).min(15).max(40),
      ask_purpose: z.array(examplePhrase).min(15).max(40),
      ask_repeat: z.array(examplePhrase).min(15).max(40),
      small_talk: z.array(examplePhrase).min(15).max(40),
    }),
  })
  .superRefine((playbook, context) => {
    for (const { path, text } of spokenTexts(playbook)) {
      for (const name of placeholders(text)) {
        if (!Object.hasOwn(playbook.variables, name)) {
          context.addIssue({ code: "custom", path, message: `{{${name}}} has no default in "variables"` });
        }
      }
    }
    const owner = new Map<string, string>();
    for (const intent of phraseIntents) {
      playbook.phrases[intent].forEach((phrase, index) => {
        const first = owner.get(phrase);
        if (first !== undefined) {
          context.addIssue({ code: "custom", path: ["phrases", intent, index], message: `"${phrase}" is already listed under ${first}` });
        } else {
          owner.set(phrase, intent);
        }
      });
    }
  });

export type Playbook = z.infer<typeof playbookSchema>;

export function placeholders(text: string): string[] {
  return [...text.matchAll(placeholderPattern)].map((match) => match[1] ?? "");
}

/** Every line the caller may speak, with where it sits in the file (for error messages). */
function spokenTexts(playbook: Playbook): { path: (string | number)[]; text: string }[] {
  const found: { path: (string | number)[]; text: string }[] = [];
  collectTexts(playbook.opening, ["opening"], found);
  collectTexts(playbook.tactics, ["tactics"], found);
  collectTexts(playbook.reactions, ["reactions"], found);
  return found;
}

function collectTexts(value: unknown, path: (string | number)[], found: { path: (string | number)[]; text: string }[]): void {
  if (typeof value === "string") {
    found.push({ path, text: value });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => collectTexts(item, [...path, index], found));
  } else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      // A step's tactic and a line's tags are names from the enum, not words the caller says.
      if (key === "tactic" || (key === "tactics" && "line" in value)) continue;
      collectTexts(item, [...path, key], found);
    }
  }
}
