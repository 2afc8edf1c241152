/**
 * Visitor words -> what they mean to the caller, and which rule of the rulebook (rulebook.ts)
 * decided it. Typed text and the recogniser's transcripts go through the same turn rules. A spoken
 * turn is read from the recogniser's best transcript; its other hypotheses can lend it an intent
 * when the best one means nothing, and a yes must pass the doubt rules.
 */
import type { GoalKind, Intent, Playbook } from "./playbook-schema";
import { doubtRules, turnRules } from "./rulebook";
import { maxClassifiedLength, maxHypotheses } from "./tuning";
import { normalise, withoutFillers } from "./words";

export type { Intent } from "./playbook-schema";

/** What a turn meant, and the rule that decided it (a rulebook name, or how the turn fell through them). */
export type Decision = { intent: Intent; rule: string };

/** Decided when no turn rule applies. */
export const NO_RULE = "no rule";
/** Decided for speech with no words, or none that any rule or the fallback reads. */
export const NOTHING_UNDERSTOOD = "nothing understood";
/** Decided by the similar-sentence fallback (similar-intent.ts). */
export const SIMILAR_SENTENCE = "similar sentence";

/** Reads already normalised text by the turn rules: the one home of understanding, for typed and spoken turns. */
export function decideByRules(normalised: string, goal: GoalKind): Decision {
  if (normalised === "") return { intent: "unclear", rule: NOTHING_UNDERSTOOD };
  const reading = { text: normalised, core: withoutFillers(normalised), goal };
  const rule = turnRules.find((candidate) => candidate.applies(reading));
  return rule ? { intent: rule.intent, rule: rule.name } : { intent: "other", rule: NO_RULE };
}

export function classifyByRules(normalised: string, goal: GoalKind): Intent {
  return decideByRules(normalised, goal).intent;
}

/**
 * One visitor turn as it reached the caller: typed text, or the recogniser's best transcript of
 * speech in lower-case words ("" when speech was heard but no words came out), with its n-best
 * list (best first) and how sure it is of the best one (0-1) when the recogniser can tell. The
 * caller decides whether it understood.
 */
export type VisitorTurn = { via: "speech" | "text"; text: string; alternatives?: readonly string[]; confidence?: number };
export type IntentClassifier = (turn: VisitorTurn) => Intent;
export type TurnDecider = (turn: VisitorTurn) => Decision;

/** Intents that say nothing the caller can act on. */
const vague: ReadonlySet<Intent> = new Set(["other", "unclear"]);

/**
 * A spoken turn: the best transcript decides, unless it is meaningless, in which case the first
 * meaningful alternative does (never with compliance, which must be heard best), and failing
 * that the most similar labelled sentence (`similar`, never compliance). A yes stands only when
 * no doubt rule applies. Speech that means nothing is unclear: the caller answers it as a bad line.
 */
export function decideSpeech(hypotheses: readonly string[], goal: GoalKind, similar?: (hypotheses: readonly string[]) => Intent | null, confidence?: number): Decision {
  const heard = [...new Set(hypotheses.map((hypothesis) => normalise(hypothesis.slice(0, maxClassifiedLength))).filter((text) => text !== ""))].slice(
    0,
    maxHypotheses,
  );
  if (heard.length === 0) return { intent: "unclear", rule: NOTHING_UNDERSTOOD };
  const [best, ...others] = heard.map((text) => ({ text, ...decideByRules(text, goal) })) as [{ text: string } & Decision, ...({ text: string } & Decision)[]];
  if (best.intent === "comply") {
    const doubt = doubtRules.find((rule) => rule.applies({ best: best.text, rule: best.rule, others, confidence, goal }));
    return doubt ? { intent: doubt.verdict, rule: doubt.name } : best;
  }
  if (!vague.has(best.intent)) return best;
  const alternative = others.find(({ intent }) => !vague.has(intent) && intent !== "comply" && intent !== "small_talk");
  if (alternative) return { intent: alternative.intent, rule: `${alternative.rule} (an alternative)` };
  const fallback = similar?.(heard);
  return fallback ? { intent: fallback, rule: SIMILAR_SENTENCE } : { intent: "unclear", rule: NOTHING_UNDERSTOOD };
}

export function understandSpeech(hypotheses: readonly string[], goal: GoalKind, similar?: (hypotheses: readonly string[]) => Intent | null, confidence?: number): Intent {
  return decideSpeech(hypotheses, goal, similar, confidence).intent;
}

/**
 * A reader for one playbook's goal: every turn's intent and the rule that decided it. `similar`
 * reads the spoken turns no rule can (similar-intent.ts); it never yields compliance.
 */
export function createTurnDecider(playbook: Playbook, similar?: (hypotheses: readonly string[]) => Intent | null): TurnDecider {
  const goal = playbook.goal.kind;
  return (turn) => {
    const text = typeof turn.text === "string" ? turn.text : "";
    if (turn.via === "speech") {
      const alternatives = Array.isArray(turn.alternatives) ? turn.alternatives.filter((hypothesis): hypothesis is string => typeof hypothesis === "string") : [];
      const confidence = typeof turn.confidence === "number" && Number.isFinite(turn.confidence) ? turn.confidence : undefined;
      return decideSpeech([text, ...alternatives], goal, similar, confidence);
    }
    return decideByRules(normalise(text.slice(0, maxClassifiedLength)), goal);
  };
}

export function createIntentClassifier(playbook: Playbook, similar?: (hypotheses: readonly string[]) => Intent | null): IntentClassifier {
  const read = createTurnDecider(playbook, similar);
  return (turn) => read(turn).intent;
}
