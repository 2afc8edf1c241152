import { phraseIntents, type GoalKind, type Intent, type Playbook } from "./playbook-schema";

export type { Intent } from "./playbook-schema";

/**
 * Visitor text -> what it means to the caller. Speech arrives as one of the playbook's grammar
 * phrases, so an exact (normalised) lookup settles it; typed text can be anything, so it falls
 * through ordered rules. The order is the whole design: the first rule that matches wins, and the
 * rules that protect the visitor (verification, ending the call) come before the ones that give
 * the caller what it wants.
 */

const spokenDigits: Record<string, string> = {
  zero: "0",
  oh: "0",
  one: "1",
  two: "2",
  three: "3",
  four: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
};

/** Chat shorthand and spoken forms mapped to the words the rules look for. */
const shorthand: [RegExp, string][] = [
  [/\bok\b/g, "okay"],
  [/\bu\b/g, "you"],
  [/\bur\b/g, "your"],
  [/\br\b/g, "are"],
  [/\bpls\b|\bplz\b/g, "please"],
  [/\bthx\b|\bty\b/g, "thanks"],
  [/\bgonna\b/g, "going to"],
  [/\bgotta\b/g, "got to"],
  [/\bwanna\b/g, "want to"],
  [/\bcannot\b/g, "can not"],
  [/\bhelp desk\b/g, "helpdesk"],
  [/\bservice desk\b/g, "helpdesk"],
  [/\bgood bye\b/g, "goodbye"],
  [/\bbye bye\b/g, "goodbye"],
  [/\be mail\b/g, "email"],
];

/** Lowercase words and digits separated by single spaces, contractions spelled out. */
export function normalise(text: string): string {
  let result = text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`\u00b4]/g, "'")
    .replace(/\bwon't\b/g, "will not")
    .replace(/\bcan't\b/g, "can not")
    .replace(/\bshan't\b/g, "shall not")
    .replace(/\bain't\b/g, "is not")
    .replace(/\blet's\b/g, "let us")
    .replace(/n't\b/g, " not")
    .replace(/'ll\b/g, " will")
    .replace(/'re\b/g, " are")
    .replace(/'ve\b/g, " have")
    .replace(/'m\b/g, " am")
    .replace(/'d\b/g, " would")
    .replace(/'s\b/g, " is")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
  for (const [pattern, replacement] of shorthand) result = result.replace(pattern, replacement);
  return result;
}

/** The longest run of digits, spoken ("four seven two") or typed ("472 913"). */
export function longestDigitRun(normalised: string): number {
  let longest = 0;
  let run = 0;
  for (const token of normalised.split(" ")) {
    if (/^[0-9]+$/.test(token)) run += token.length;
    else if (token in spokenDigits) run += 1;
    else run = 0;
    longest = Math.max(longest, run);
  }
  return longest;
}

/** Four digits in a row is a code, a PIN or part of an account number: a leak whatever words surround it. */
const leakingDigits = 4;

/** Goals where reading out digits is the leak itself. */
const digitGoals: ReadonlySet<GoalKind> = new Set(["code", "password", "bank-details"]);

const verify: RegExp[] = [
  // calling back through a number the caller does not control
  /\b(call|calling|ring|ringing|phone|phoning|dial|contact|reach)\b.*\b(directory|switchboard|official|intranet|published|reception|front desk|main (line|number)|company (line|number)|known number|number (i|we) have|number on (file|record|the website|our website|the intranet|the system|the portal|my badge|the card|the back)|helpdesk|it support|security team|finance team|payroll team|hr team|his office|her office|his assistant|her assistant|your office|your assistant|the office|office (number|line|phone)|work (number|phone|line))\b/,
  // writing through a channel the company controls
  /\b(email|message|text|ping|contact|write to) (you|him|her|them)\b.*\b(work (email|address)|company (email|address)|official (email|address)|teams|slack)\b/,
  // the payment or change process itself
  /\b(approval|approvals|sign off) (process|procedure|workflow)\b|\bsecond (approval|signature|signatory|pair of eyes)\b|\btwo (signatures|approvals|approvers|people)\b|\bdual (approval|control)\b/,
  // checking with someone the caller cannot reach
  /\b(check|checking|confirm|verify|clear|run (this|it)|raise (this|it)|speak|talk|ask|email|message|report|reporting|escalate|forward|mention|call|ring|phone)\b.*\b(with|to) (the |my |our |your )?(manager|line manager|boss|supervisor|team lead|security|it team|it department|helpdesk|finance|accounts|payroll|hr|human resources|people team|colleague|director|ceo|chief executive|cfo|assistant|compliance)\b/,
  /\b(ask|asking|email|emailing|message|call|calling|ring|ringing|phone|phoning|contact|tell|telling) (the |my |our )?(manager|line manager|boss|supervisor|team lead|security|it team|helpdesk|finance|accounts|payroll|hr|human resources|people team|director|ceo|chief executive|cfo|compliance)\b/,
  /\b(the|my|hr|staff|employee|our|payroll) (portal|intranet|self service)\b/,
  /\blog ?(in|into|on|onto)\b.*\b(portal|system|intranet|self service)\b/,
  /\b(get|bring|loop|put) (in )?(the |my |our )?(manager|line manager|boss|supervisor|security|helpdesk|finance|accounts|payroll|hr|people team|finance team|payroll team|it team|director|cfo)\b/,
  // looking it up independently
  /\b(look|looking) (up|you up|it up)\b/,
  /\b(check|look|see)\b.*\b(myself|my portal|the portal|the intranet|on the system|in person)\b/,
  /\b(proper|official|normal|usual|formal) (channel|channels|process|procedure|route)\b/,
  /\b(walk|go|come) (over|down|round|across) to\b/,
  /\bface to face\b|\bin person\b/,
  /\b(log|raise|open) (a|my own|an) (ticket|request|incident)\b/,
  /\b(verify|double check) (this|it|that|the request|everything)\b/,
  /\b(i|we) (need|have|want|would like) to (verify|double check)\b(?! (your|you|who|yourself))/,
  /\breport(ing)? (you|this|it|the call|this call)\b/,
  /\b(put|raise|log) (it|this) in (a|the) ticket\b/,
];

const goodbye: RegExp[] = [
  /\b(goodbye|bye|farewell|see you|cheerio)\b|\btake care\b(?! of)/,
  /\bhang(ing)? up\b|\bhanging up\b|\bput(ting)? the phone down\b/,
  /\b(got|have|need) to go\b/,
  /\b(end|ending) (the|this) (call|conversation)\b/,
  /\b(this|the) (call|conversation) is over\b/,
  /\b(leave me alone|stop calling|do not call)\b|^(please )?stop( it| now| please)?$/,
  /\btalk to you later\b|\bspeak to you later\b/,
  /\bhave a (good|nice|great|safe) (day|one|afternoon|evening|weekend|flight|trip)\b/,
];

const offerCallback: RegExp[] = [
  /\b(call|ring|phone) you back\b|\bget back to you\b/,
  /\b(talk|speak|chat) (about (this|it) )?later\b/,
  /\b(call|ring|phone) you\b/,
  /\bcall back\b/,
  /\b(call|ring) me (back|later|again|tomorrow)\b/,
  /\byour (phone number|number|extension|direct line|mobile|desk phone|contact details)\b/,
  /\b(a|the) number (i|we) can (call|reach|ring)\b/,
  /\bemail me\b|\b(send|put) (it|this|that|the request|a request)? ?(in|by|over) (an )?(email|writing)\b|\bin writing\b|\bsend me an email\b/,
  /\b(do|deal with) (this|it|that) later\b|\bnot a good time\b|\bbad time\b|\b(another|some other) time\b/,
  /\b(i am|i am in|i am just going into) (busy|a meeting|the middle of something)\b/,
  /\b(to|by|via) (my )?(work |company |office )?email\b/,
];

const askIdentity: RegExp[] = [
  /\bwho (is this|is that|is calling|is speaking|are you|am i (speaking|talking) (to|with)|did you say|do you work for|is your manager)\b/,
  /\bwho (this|you are|is it)\b/,
  /\b(what|tell me) (is )?your (name|full name|surname|last name|employee|staff|badge|title|role|job|position|department|team)\b/,
  /\byour (name|employee id|employee number|staff id|staff number|badge number)\b/,
  /\b(which|what) (department|team|office|company|firm|bank|branch|location)\b/,
  /\bwhere (are you|do you work|are you calling|is this call)\b/,
  /\bhow do i know\b|\bhow can i (know|be sure|tell)\b|\bprove\b|\bproof\b/,
  /\b(identify|identity|identification)\b/,
  /\b(ticket|reference|case|incident) (number|id|reference)\b/,
  /\bdo i know you\b|\bi do not (know|recognise|recognize) (you|your|this)\b|\bnever heard of you\b/,
  /\bare you (really|actually|sure you are|who you say)\b|\bis this really\b|\bis that really\b/,
  /\bwho\b.*\b(calling|speaking)\b/,
  /\bwho gave you\b|\bhow did you get (my|this|that)\b/,
  /\b(trust|believe) you\b/,
  /\bfrom (this|that|a|an) (number|unknown number|private number|withheld number|mobile)\b/,
  /\b(do|does) not sound like\b|\byou (sound|seem) (different|strange|odd|funny|weird|off)\b/,
];

const askRepeatStrong: RegExp[] = [
  /\b(can|could) not (hear|understand|catch)\b/,
  /\bdid not (catch|hear|get|understand) (that|you|it|what)\b/,
  /\b(say|said) (that|it) again\b|\bcome again\b|\brepeat\b|\bone more time\b/,
  /\bmissed (that|it|what you said)\b|\bline is (bad|terrible|awful|not good)\b|\b(very|too|so|really) (quiet|loud|noisy)\b/,
  /\bbreaking up\b|\bbad line\b|\bspeak up\b|\blouder\b|\bslow down\b|\bpardon\b|\bcutting out\b/,
  /\bwhat did you (just )?say\b/,
];

/** Phrases containing "no" or "not" that are not refusals. */
const notRefusals = /\b(oh no|no problem|no worries|not a problem|why not|not sure|no idea|do not know|do not mind|not at all|no rush)\b/g;

const refuse: RegExp[] = [
  /\b(no|nope|nah|never|not|refuse|decline|rather not)\b/,
  /\b(scam|scammer|phishing|fraud|fraudster|suspicious|nice try|forget it|policy)\b/,
];

const askPurpose: RegExp[] = [
  /\bwhat (is|was) (this|it|that|all this|the call) (about|regarding|for|concerning|in relation to)\b/,
  /\bwhat (is|was) (going on|happening|the problem|the issue|wrong|the matter|the payment|the transfer|the invoice|the alert|the change|the update|this payment|this update)\b/,
  /\bwhat (happened|problem|issue|alert|change|update|payment|invoice|supplier|deal|acquisition|account|kind of)\b/,
  /\bwhy\b/,
  /\bwhat (do|did|would) you (need|want|mean)\b|\bwhat can i do for you\b|\bhow can i help\b|\bwhat (do|should) i (need to |have to )?do\b/,
  /\btell me (more|what)\b|\bexplain\b|\bhow much\b|\bwhat (do|does) (this|that|it) (mean|involve)\b/,
  /\bwhat (for|about)\b/,
  /\bwhat (are|is) the (bank |account |payment )?(details|account|number)\b/,
  /^what( new| kind of| sort of)? [a-z]+$/,
  /\bwill i still\b|\bam i (going to|still)\b|\bwill (my|i) (pay|salary|get paid)\b/,
  /\bwhat is (the|this|that) [a-z]+ for\b|\bwho is (the|this|that) (payment|transfer|money|invoice) (for|to)\b/,
];

const complyAnyGoal: RegExp[] = [
  /\bhere (it is|you go|you are|they are)\b/,
  /\b(i will|i can|let me|i am going to|i shall) (do|sort|handle|take care of) (it|that|this)\b/,
  /\b(okay|fine|alright|right|yes|sure) (then )?(i will|let me|i can) (send|read|give|get|pay|transfer|update|make|do|find|grab|tell)\b/,
  /\b(let me|i will) (get|find|grab|fetch|dig out)\b/,
  /\b(go ahead|you win|if you say so|whatever you need)\b/,
  /\b(it is|that is|all|consider it) done\b|\bjust sent\b|\bi have sent\b|^(done|sent)\b|\b(it|money|payment|transfer) (is|has been) (sent|gone|through|paid)\b/,
];

const complyByGoal: Record<GoalKind, RegExp[]> = {
  code: [
    /\b(the |my |your )?(code|number|pin) (is|was|says)\b/,
    /\b(read|give|tell|send|text|share)\b.*\b(code|codes|digits|pin)\b/,
    /\bit (is|says) [a-z0-9 ]*\b(digits|numbers)\b/,
  ],
  password: [/\b(the |my )?password (is|was)\b/, /\b(read|give|tell|send|type|share|spell)\b.*\bpassword\b/],
  payment: [
    /\b(send|make|do|process|approve|authorise|authorize|release|transfer|wire|pay|push)\b.*\b(it|payment|transfer|money|wire|invoice|funds|that|now|today|right away)\b/,
    /\bi will (pay|transfer|wire|send|approve)\b/,
    /\b(send|give|email|text) me the (details|account|bank details|invoice|account details)\b/,
  ],
  "bank-details": [
    /\b(my )?(account number|sort code|routing number|iban|card number|account) (is|was|ends)\b/,
    /\b(give|read|tell|send|update|change|take|confirm)\b.*\b(account|sort code|bank|details|card)\b/,
    /\bi bank with\b|\bmy bank is\b|\bsame bank\b|\bnew bank\b|\bmy (bank )?card\b/,
  ],
};

const askRepeatWeak: RegExp[] = [/^(sorry |excuse me )?(what|huh|eh|sorry|excuse me|what was that|you what)( sorry)?$/];

const smallTalk: RegExp[] = [
  /\b(hello|hi|hey|hiya|yes|yeah|yep|yup|sure|okay|right|alright|all right|fine|uh huh|mm|mhm|hmm|um|uh|er|oh|ah|i see|got it|understood|go on|carry on|speaking|this is (me|he|she|him|her)|good (morning|afternoon|evening)|thanks|thank you|really|maybe|perhaps|i guess|not sure|no idea|do not know|let me think|one moment|hold on|hang on|please hold|wait|just a (second|sec|moment|minute)|how are you|how was|how is|annoying|a pain|typical|strange|odd|weird|great|good|cool|interesting|wow|of course|absolutely|certainly)\b/,
];

function matches(text: string, patterns: readonly RegExp[]): boolean {
  return patterns.some((pattern) => pattern.test(text));
}

/** Rule-based classification of already normalised text (typed text, or speech outside the lookup). */
export function classifyByRules(normalised: string, goal: GoalKind): Intent {
  const text = normalised;
  if (text === "") return "unclear";
  if (matches(text, verify)) return "verify";
  if (digitGoals.has(goal) && longestDigitRun(text) >= leakingDigits) return "comply";
  if (matches(text, goodbye)) return "goodbye";
  if (matches(text, offerCallback)) return "offer_callback";
  if (matches(text, askIdentity)) return "ask_identity";
  if (matches(text, askRepeatStrong)) return "ask_repeat";
  // "why can't finance do it?" is a question about the request, not a refusal
  if (/^why\b(?! not\b)/.test(text)) return "ask_purpose";
  if (matches(text.replace(notRefusals, " "), refuse)) return "refuse";
  if (matches(text, askPurpose)) return "ask_purpose";
  if (matches(text, complyAnyGoal) || matches(text, complyByGoal[goal])) return "comply";
  if (matches(text, askRepeatWeak)) return "ask_repeat";
  if (matches(text, smallTalk)) return "small_talk";
  return "other";
}

/**
 * Only the start of a long typed message is read: a visitor's turn on a call is a sentence or two,
 * and the rules' cost grows with the square of the length.
 */
export const maxClassifiedLength = 400;

export type IntentClassifier = (text: string | null) => Intent;

/** A classifier for one playbook: grammar phrases map to the intent they are listed under. */
export function createIntentClassifier(playbook: Playbook): IntentClassifier {
  const listed = new Map<string, Intent>();
  for (const intent of phraseIntents) {
    for (const phrase of playbook.phrases[intent]) listed.set(normalise(phrase), intent);
  }
  return (text) => {
    if (text === null) return "unclear";
    const normalised = normalise(text.slice(0, maxClassifiedLength));
    return listed.get(normalised) ?? classifyByRules(normalised, playbook.goal.kind);
  };
}
