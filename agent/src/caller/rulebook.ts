/**
 * The caller's rulebook: what visitor words mean, as two ordered tables.
 *
 * `turnRules` read a turn's words (typed, or a transcript): the first rule that applies decides.
 * The rules that protect the visitor (verification, ending the call, pushing back) come before the
 * ones that give the caller what it wants. Compliance needs strong evidence: the digits of a code or
 * an account, or an explicit yes to the caller's goal ("I'll send the payment"); a bare "okay" is
 * not one.
 *
 * `doubtRules` weigh a spoken yes: a transcript can be wrong, so a best transcript that complies
 * stands only when none of them applies. The caller blames the line only when the recogniser
 * itself doubts what it heard (verdict "unclear": no usable words, and the caller's bad-line
 * answer); a yes that the words make doubtful is "other", an answer the caller cannot act on, and
 * it presses on with its next line. (Answered as a bad line, a plain "Yes, I can make the
 * transfer", heard word for word, got "you're breaking up".)
 *
 * Each rule names the turn that prompted it and carries an example it must decide: the rulebook's
 * test (agent/tests/caller-rulebook.test.ts) holds every rule to its example, and the understanding
 * and rooms benches count the turns each rule decided (`npm run bench -- understanding`). To add a
 * rule: put it where its order says, with its case and example, and show the held-out split did not
 * lose.
 */
import type { GoalKind, Intent } from "./playbook-schema";
import {
  askIdentity,
  askPurpose,
  askRepeatStrong,
  askRepeatWeak,
  complyByGoal,
  cutShort,
  digitGoals,
  goodbye,
  notRefusals,
  offerCallback,
  questionForm,
  refuse,
  smallTalk,
  verify,
  vetoes,
} from "./patterns";
import { leakingDigits, minComplianceConfidence } from "./tuning";
import { longestDigitRun } from "./words";

/** A turn's words as the turn rules read them: normalised, and the same without fillers ("what exactly is the problem"). */
export type Reading = { readonly text: string; readonly core: string; readonly goal: GoalKind };

/** An example a rule must decide: the words (as typed, or as the recogniser wrote them) in a scenario with this goal. */
export type RuleExample = { readonly text: string; readonly goal: GoalKind; readonly alternatives?: readonly string[]; readonly confidence?: number };

type RuleFacts = {
  /** The rule's name: the benches count turns by it, tests and the log name it. */
  readonly name: string;
  /** The wording, or the mishearing on the development split, that the rule is there for. */
  readonly prompted: string;
  readonly example: RuleExample;
};

export type TurnRule = RuleFacts & { readonly intent: Intent; applies(reading: Reading): boolean };

/** A spoken yes, its other hypotheses and how sure the recogniser was. */
export type SpokenYes = {
  readonly best: string;
  /** The turn rule that read the best transcript as a yes. */
  readonly rule: string;
  readonly others: readonly { readonly text: string; readonly intent: Intent }[];
  readonly confidence: number | undefined;
  readonly goal: GoalKind;
};

export type DoubtRule = RuleFacts & { readonly verdict: "unclear" | "other"; applies(yes: SpokenYes): boolean };

function matches(text: string, patterns: readonly RegExp[]): boolean {
  return patterns.some((pattern) => pattern.test(text));
}

/** The patterns, on the text or on the text without fillers. */
const either = (patterns: readonly RegExp[]) => ({ text, core }: Reading) => matches(text, patterns) || (core !== text && matches(core, patterns));

/** A refusal word that is not part of a harmless phrase ("no problem", "not sure"). */
function negated(text: string): boolean {
  return matches(text.replace(notRefusals, " "), refuse);
}

const yesToGoal = ({ text, core, goal }: Reading) => either(complyByGoal[goal])({ text, core, goal });

const DIGITS_READ_OUT = "digits read out";

export const turnRules: readonly TurnRule[] = [
  {
    name: "verify",
    intent: "verify",
    prompted: "checking through a channel the caller does not control: calling back on a known number, asking a manager, the portal, the approval process",
    example: { text: "I'll call the service desk on the number on the intranet", goal: "code" },
    applies: either(verify),
  },
  {
    name: DIGITS_READ_OUT,
    intent: "comply",
    prompted: "a code, a PIN or an account number read out: four digits in a row leak whatever words surround them",
    example: { text: "it's four eight two nine one three", goal: "code" },
    applies: ({ text, goal }) => digitGoals.has(goal) && longestDigitRun(text) >= leakingDigits && !negated(text),
  },
  {
    name: "goodbye",
    intent: "goodbye",
    prompted: "ending the call, and the recogniser's spellings of a quick goodbye ('handing up', 'cheers buying')",
    example: { text: "I'm hanging up now", goal: "payment" },
    applies: either(goodbye),
  },
  {
    name: "offer callback",
    intent: "offer_callback",
    prompted: "putting the request off: a call back, an email, another time",
    example: { text: "Can I call you back in ten minutes?", goal: "payment" },
    applies: either(offerCallback),
  },
  {
    name: "ask identity",
    intent: "ask_identity",
    prompted: "who is calling, and the recogniser's 'here is calling' for 'who is calling'",
    example: { text: "Sorry, who am I speaking with?", goal: "code" },
    applies: either(askIdentity),
  },
  {
    name: "ask repeat",
    intent: "ask_repeat",
    prompted: "a visitor who did not hear the caller ('didn't hear' written as 'didn't here')",
    example: { text: "Sorry, you're breaking up", goal: "payment" },
    applies: either(askRepeatStrong),
  },
  {
    name: "why question",
    intent: "ask_purpose",
    prompted: "'why can't finance do it?' asks about the request; its 'not' refuses nothing",
    example: { text: "Why can't finance do it?", goal: "payment" },
    applies: ({ core }) => /^why\b(?! not\b)/.test(core),
  },
  {
    name: "refuse",
    intent: "refuse",
    prompted: "a 'no' or 'not' outside a harmless phrase, a condition put on the goal ('without approval'), calling it a scam",
    example: { text: "No, I'm not reading that out.", goal: "code" },
    applies: ({ text }) => negated(text),
  },
  {
    name: "ask purpose",
    intent: "ask_purpose",
    prompted: "what the call is about, what the payment is for, who else is involved",
    example: { text: "What's this about?", goal: "payment" },
    applies: either(askPurpose),
  },
  {
    name: "yes as a question",
    intent: "other",
    prompted: "'should I send it now?'; a question whose 'what' was lost ('Sorry, what's this transfer about?' heard as 'sorry i would just transfer about')",
    example: { text: "sorry i would just transfer about", goal: "payment" },
    applies: (reading) => yesToGoal(reading) && questionForm.test(reading.text),
  },
  {
    name: "yes to the goal",
    intent: "comply",
    prompted: "an explicit yes to the caller's goal ('I'll send the payment', 'the code is ...'); generic agreement is small talk",
    example: { text: "Okay, I'll make the transfer now", goal: "payment" },
    applies: yesToGoal,
  },
  {
    name: "what?",
    intent: "ask_repeat",
    prompted: "a bare 'what?' or 'sorry?', and the playbooks' 'what was that' and 'excuse me'",
    example: { text: "Sorry?", goal: "payment" },
    applies: ({ text }) => matches(text, askRepeatWeak),
  },
  {
    name: "small talk",
    intent: "small_talk",
    prompted: "greetings, fillers and agreement that commits to nothing ('okay', 'go ahead')",
    example: { text: "Okay, go on", goal: "payment" },
    applies: either(smallTalk),
  },
];

/** A last word heard as "now" or "no" is the "now" of "I'll send it now", the likelier. */
const sameButLastWord = (text: string) => text.replace(/ (now|no|know)$/, " now");

export const doubtRules: readonly DoubtRule[] = [
  {
    name: "recogniser unsure",
    verdict: "unclear",
    prompted: "yeses made out of noise in the development split's rooms, heard with low confidence ('Put it in an email and I'll look at it' in a reverberant room heard as '... and i'll pay')",
    example: { text: "okay i will send the payment", goal: "payment", confidence: 0.3 },
    applies: ({ confidence, rule }) => confidence !== undefined && confidence < minComplianceConfidence[rule === DIGITS_READ_OUT ? "digits" : "words"],
  },
  {
    name: "an alternative refuses",
    verdict: "other",
    prompted: "'no' misheard as 'now': another hypothesis refuses or verifies (not one that differs only in a last 'now'/'no')",
    example: { text: "i will send it now", goal: "payment", alternatives: ["no i will not send it"] },
    applies: ({ best, others }) => others.some(({ text, intent }) => vetoes.has(intent) && sameButLastWord(text) !== sameButLastWord(best)),
  },
  {
    name: "an alternative asks",
    verdict: "other",
    prompted: "'Sorry, what's this transfer about?' heard as 'sorry i would just transfer the code', with '... transfer about' beside it",
    example: { text: "sorry i would just transfer the code", goal: "payment", alternatives: ["sorry i would just transfer about"] },
    applies: ({ others, goal }) => others.some(({ text }) => questionForm.test(text) && matches(text, complyByGoal[goal])),
  },
  {
    name: "cut short",
    verdict: "other",
    prompted:
      "a last word that cannot end a sentence: 'I'll call the service desk on the number on the intranet' heard as 'i will read it out on the number on the'; 'No, I'm not going to read that out to you' in café babble heard as 'but nine i'm going to read it out to'",
    example: { text: "i will read it out on the number on the", goal: "code" },
    applies: ({ best }) => cutShort.test(best),
  },
];

