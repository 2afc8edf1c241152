import type { GoalKind, Intent, Playbook } from "./playbook-schema";

export type { Intent } from "./playbook-schema";

/**
 * Visitor words -> what they mean to the caller. Typed text and the recogniser's transcripts go
 * through the same ordered rules: the first rule that matches wins, and the rules that protect
 * the visitor (verification, ending the call, pushing back) come before the ones that give the
 * caller what it wants. Compliance needs strong evidence: the digits of a code or an account, or
 * an explicit yes to the caller's goal ("I'll send the payment"); a bare "okay" is not one.
 *
 * Speech adds doubt: a transcript can be wrong. A spoken turn is read from the recogniser's best
 * transcript; its other hypotheses can lend it an intent when the best one means nothing, and can
 * veto compliance: if any of them pushes back ("no" misheard as "now"), the visitor did not comply.
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

/** Chat shorthand, spoken forms and the recogniser's spellings mapped to the words the rules look for. */
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
  [/\be mail\b|\bmail\b|\bmale\b/g, "email"],
  [/\bsir name\b|\bsur name\b/g, "surname"],
  [/\bsign ins?\b/g, "sign in"],
  [/\blog ins?\b/g, "login"],
  [/\bcall back\b/g, "call back"],
  [/\bi d\b/g, "id"],
  [/\bhr\b|\bh r\b|\bhuman resources\b/g, "hr"],
  [/\bi t\b/g, "it"],
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

/**
 * Words that carry no intent of their own ("what exactly is the problem", "i am really busy"):
 * the rules also read the text without them, so a filler between two cue words does not hide a
 * rule's match.
 */
const fillers =
  /\b(sorry|exactly|actually|just|really|please|um|uh|er|erm|well|basically|honestly|then|again|sort of|kind of|a bit|a little|right now|though|anyway|hang on|hold on|look|listen|okay|so|but)\b/g;

function withoutFillers(text: string): string {
  return text.replace(fillers, " ").replace(/\s+/g, " ").trim();
}

/** Words a recogniser writes for a digit it heard ("to" for two): digits only next to other digits. */
const digitHomophones: ReadonlySet<string> = new Set(["to", "too", "for", "ate", "won"]);

const isDigitWord = (token: string | undefined) => token !== undefined && (/^[0-9]+$/.test(token) || token in spokenDigits);

/** The longest run of digits, spoken ("four seven two") or typed ("472 913"). */
export function longestDigitRun(normalised: string): number {
  const tokens = normalised.split(" ");
  let longest = 0;
  let run = 0;
  tokens.forEach((token, index) => {
    if (/^[0-9]+$/.test(token)) run += token.length;
    else if (token in spokenDigits) run += 1;
    else if (digitHomophones.has(token) && (run > 0 || isDigitWord(tokens[index + 1]))) run += 1;
    else run = 0;
    longest = Math.max(longest, run);
  });
  return longest;
}

/** Four digits in a row is a code, a PIN or part of an account number: a leak whatever words surround it. */
const leakingDigits = 4;
/**
 * The shortest code a caller asks for (a six-digit one-time code or sort code). A spoken run
 * shorter than that beside words of another answer may be noise the recogniser wrote as digits
 * ("I'd rather check with my manager before doing anything" heard as "i'd rather check with
 * nine eight seven five in anything").
 */
const wholeCode = 6;

/** Goals where reading out digits is the leak itself. */
const digitGoals: ReadonlySet<GoalKind> = new Set(["code", "password", "bank-details"]);

/** People and teams the caller cannot reach or impersonate on this call. */
const checkers =
  "(?:manager|line manager|boss|supervisor|team lead|team leader|security|security team|it team|it department|it support|it office|helpdesk|finance|finance team|finance director|accounts|accounts team|payroll|payroll team|hr|people team|colleague|colleagues|director|ceo|chief executive|cfo|assistant|compliance|legal|treasury|the bank)";
/** The same, with "IT" said on its own, where a pronoun would not fit ("check with it first"). */
const checkersOrIt = `(?:${checkers}|it)`;

const verify: RegExp[] = [
  // calling back through a number or place the caller does not control
  /\b(call|calling|ring|ringing|phone|phoning|dial|contact|reach|try)\b.*\b(directory|switchboard|official|intranet|published|reception|front desk|main (line|number)|company (line|number)|known number|number (i|we) (have|know)|number on (file|record|the website|our website|the intranet|the system|the portal|my badge|the card|the back)|helpdesk|it support|it department|security team|finance team|payroll team|hr|people team|his office|her office|his assistant|her assistant|your office|your assistant|the office|office (number|line|phone)|work (number|phone|line))\b/,
  // writing through a channel the company controls
  /\b(email|emailing|message|messaging|text|ping|contact|write to) (you|him|her|them)\b.*\b(work (email|address)|company (email|address)|official (email|address)|teams|slack)\b/,
  // the payment or change process itself
  /\b(approval|approvals|sign off) (process|procedure|workflow)\b|\bsecond (approve|approval|approver|signature|signatory|pair of eyes|person)\b|\btwo (signatures|approvals|approvers|people)\b|\bdual (approval|control)\b|\bpurchase order\b.*\b(first|before)\b/,
  // checking with someone the caller cannot reach
  new RegExp(
    `\\b(check|checking|confirm|confirming|verify|verifying|clear|run (this|it|that)|raise (this|it|that)|speak|speaking|talk|talking|ask|asking|email|message|report|reporting|escalate|forward|mention|call|ring|phone|pop over|go over|walk over)\\b.*\\b(with|to|past|by|over to) (the |my |our |your )?${checkersOrIt}\\b`,
  ),
  new RegExp(`\\b(ask|asking|email|emailing|message|call|calling|ring|ringing|phone|phoning|contact|tell|telling) (the |my |our )?${checkers}\\b`),
  /\b(the|my|hr|staff|employee|our|payroll|self service|it) (portal|intranet|self service)\b|\b(hr|payroll|staff|employee) system\b/,
  /\blog ?(in|into|on|onto)\b.*\b(portal|system|intranet|self service)\b/,
  new RegExp(`\\b(get|bring|loop|put) (in )?(the |my |our )?${checkers}\\b`),
  // only once someone else has approved it
  new RegExp(
    `\\b(once|when|after|if|until|unless) (the |my |our |your )?${checkers} (has |have )?(approve|approves|approved|sign|signs|signed|confirm|confirms|confirmed|say|says|said|agree|agrees|agreed|check|checks|checked|ok|okays|okayed)\\b`,
  ),
  // looking it up independently
  /\b(look|looking) (up|you up|it up)\b/,
  /\b(check|look|see)\b.*\b(myself|my portal|the portal|the intranet|on the system|in person)\b/,
  /\b(proper|official|normal|usual|formal|right) (channel|channels|process|procedure|route|way)\b/,
  /\b(walk|go|come|pop|head) (over|down|round|across|up) to\b/,
  /\bface to face\b|\bin person\b/,
  /\b(log|raise|open|file) (a|my own|an) (ticket|request|incident)\b/,
  /\b(verify|double check) (this|it|that|the request|everything)\b/,
  /\b(i|we) (need|have|want|would like) to (verify|double check)\b(?! (your|you|who|yourself))/,
  /\breport(ing)? (you|this|it|the call|this call)\b/,
  /\b(put|raise|log) (it|this) in (a|the) ticket\b/,
];

const goodbye: RegExp[] = [
  // "bye" after a word that would make it "buy" ("which company are we buying") is not a goodbye.
  /(?<!\b(we|you|they|i|to|will|would|can|could|are|is|should|must|not|and) )\b(goodbye|bye|farewell|see you|cheerio|ta ta)\b|\btake care\b(?! of)/,
  // a quick "bye" at the end, as the recogniser often writes it
  /\b(cheers|soon|enough|thanks|okay|later|now|then|right|bye) buying$/,
  // "handing up", "him ring up": the recogniser's usual spellings of a quick "hanging up"
  /\bhang(ing)? up\b|\b(hand(l)?ing|him ring) up\b|\bput(ting)? the phone down\b/,
  /\b(got|have|need) to go\b|\bi am going now\b|\bi am off\b|\bi am (going|leaving)$/,
  /\b(end|ending|finish|finishing|stop|stopping) (the|this|our) (call|conversation)\b/,
  /\b(this|the) (call|conversation) is (over|finished|done)\b|\bdone with (this|the) (call|conversation)\b/,
  /\b(leave me alone|stop calling|do not (call|ring|phone|contact) me)\b|^(please )?stop( it| now| please)?$/,
  /\b(talk|speak) to you (later|soon)\b|\b(talk|speak) soon\b/,
  /\bhave a (good|nice|great|safe|lovely) (day|one|afternoon|evening|weekend|flight|trip|morning)\b/,
];

const offerCallback: RegExp[] = [
  /\b(call|ring|phone) you back\b|\bget back to you\b|\bcome back to you\b/,
  /\b(talk|speak|chat) (about (this|it) )?(later|tomorrow|another time)\b/,
  /\b(call|ring|phone) you\b/,
  /\bcall back\b/,
  /\b(call|ring|phone|text|email|message) me\b/,
  /\byour (phone number|number|extension|direct line|direct number|mobile|mobile number|desk phone|contact details|phone)\b/,
  /\b(a|the|what|which) (best )?number (i|we) can (call|reach|ring|use)\b|\bnumber can i (call|reach|ring)\b|\b(reach|ring|call) you on\b/,
  /\bsend me an email\b|\b(send|put) (it|this|that|the request|a request|something|the details|them)? ?(in|by|over) (an )?(email|writing)\b|\bin writing\b|\bin an email\b/,
  /\b(do|deal with|sort|discuss|look at) (this|it|that) (later|tomorrow|another time|next week|this afternoon|after)\b|\bnot a good (time|moment)\b|\bbad time\b|\b(another|some other) time\b|\bnot (great|ideal|convenient)\b/,
  /\b(can|could|shall) we (do|discuss|talk about|sort|continue) (this|it|that)\b/,
  /\b(can|could|will) (this|it|that) (wait|keep)\b/,
  /\bi am (busy|in a meeting|in the middle of|just going into|about to go into)\b|\bin a meeting\b/,
  /\b(to|by|via) (my )?(work |company |office )?email\b/,
];

const askIdentity: RegExp[] = [
  /\bwho (is this|is that|is calling|is speaking|are you|am i (speaking|talking) (to|with)|did you say|do you work for|is your|is it)\b/,
  /\bwho (this|you are|is it)\b/,
  // "who" at the start of a question, as a recogniser often writes it ("here is calling", "here am i talking to", "here is this")
  /^(sorry )?(here|he) (is|was|am|and|in) (calling|speaking|i|i would|i am|your)\b|^(sorry )?you is (calling|speaking)\b/,
  /^(sorry )?(here|hear|he) (is|was|as) (this|that)$/,
  /\b(what|tell me) (is )?your (name|full name|surname|last name|first name|employee|staff|badge|title|role|job|position|department|team)\b/,
  /\byour (name|surname|last name|full name|employee id|employee number|staff id|staff number|badge number|id)\b|\b(give me|what is|tell me) your (staff|stuff)\b/,
  /\b(which|what) (department|team|office|company|firm|bank|branch|location)( are| do| did)? you\b|\bwhat company are you\b/,
  /\b(which|what) (department|team|office|location)\b(?! are we)/,
  // asking whom the caller works for, however it is put ("which payroll company did you say you work for")
  /\b(who|which|what)\b(?: [a-z]+){0,4} (do|did|does) you (say you )?(work|working|calling|call) (for|with|at|from)\b|\bdid you say you (work|are|were|worked|called|call|from|with)\b|\byou (work|working) (for|at) (which|what)\b/,
  /\b(which|what) ([a-z]+ ){0,2}(company|firm|agency|provider|organisation|organization|employer|bank|supplier)\b(?: [a-z]+){0,3} (are you|you are|you work|you represent|you with|you from|do you|did you)\b/,
  /\bwhere (are you|do you work|are you calling|is this call|are you based)\b/,
  /\b(how|can) do i know\b|\bdo i know (this|it|that) is\b|\bhow (can|would|do) i (know|be sure|tell|check)\b|\bprove\b|\bproof\b/,
  /\b(identify|identity|identification)\b/,
  /\b(ticket|reference|case|incident) (number|id|reference)\b|\bticket reference\b|\breference number\b/,
  /\bdo i know you\b|\bi do not (know|recognise|recognize) (you|your|this)\b|\bnever (heard of|spoken to|met) you\b/,
  /\b(are you|is (this|that|it)) (really|actually|truly|definitely)\b|\byou are (really|actually) (from|with|calling)\b|\bare you who you say\b|\bis (this|that|it) (really )?you\b/,
  /\bwho\b.*\b(calling|speaking)\b/,
  /\bwho gave you\b|\bhow did you get (my|this|that)\b/,
  /\b(trust|believe) you\b/,
  /\bwho (put|transferred|connected|sent|referred|passed) you\b|\bname of your (company|firm|team|department|manager|boss|employer|organisation|organization)\b/,
  /\bnot (one|a number|someone|somebody|anyone) i (know|recognise|recognize)\b/,
  /\b(a |an )?(real|actual|live) (person|human)\b|\b(automated|recorded|robot|robocall|bot)\b/,
  /\b(from|on) (this|that|a|an) (number|unknown number|private number|withheld number|mobile|strange number)\b|\bnumber i do not (know|recognise|recognize)\b/,
  /\b(do|does) not sound like\b|\byou (sound|seem) (different|strange|odd|funny|weird|off)\b/,
];

const askRepeatStrong: RegExp[] = [
  // ("hear" comes out as "here" or "either" after "didn't")
  /\b(can|could|did) not (hear|here|either|understand|catch|make out)\b|\bcan barely hear\b|\bhard to hear\b/,
  /\bdid not (catch|hear|get|understand) (that|you|it|what|the|any|a word)\b/,
  /\b(say|said) (that|it) (again|once more|one more time)\b|\bsay again\b|\bcome again\b|\brepeat\b|\bone more time\b|\bonce more\b/,
  /\bmissed (that|it|what|the|you|your)\b|\blost you\b|\bline is (bad|terrible|awful|not good|crackling|crackly)\b|\b(very|too|so|really) (quiet|loud|noisy|faint)\b|\bfaint\b|\bcrackl/,
  /\bbreaking up\b|\bbad line\b|\bspeak up\b|\blouder\b|\bslow down\b|\bmore slowly\b|\bpardon\b|\bcutting out\b|\b(cut|went|dropped) out\b|\b(signal|line|connection) (dropped|went|is going|cut)\b/,
  /\bwhat did you (just )?say\b(?! your)|\bwhat (were|was) you saying\b/,
];

/** Phrases containing "no" or "not" that are not refusals. */
const notRefusals = /\b(oh no|no problem|no worries|not a problem|why not|not sure|no idea|do not know|do not mind|not at all|no rush|not bad)\b/g;

/**
 * "Without the usual approval", "unless my manager signs": a condition the visitor puts on the
 * goal. Whatever the verb before it says (a lost "n't" turns "I can't send it without approval"
 * into "I can send it without approval"), the sentence holds back.
 */
const withheld =
  /\b(without|unless|until) (a |an |the |my |our |your |any |his |her |their |some |proper |official |normal |usual |formal |written |second |prior |real )*(approval|approvals|authorisation|authorization|sign off|signoff|signature|signatures|permission|purchase order|paperwork|ticket|checks|check|checking|verification|verifying|confirmation|confirming|talking|speaking|asking|manager|boss|finance|helpdesk|hr|payroll|security|process|procedure)\b/;

const refuse: RegExp[] = [
  /\b(no|nope|nah|never|not|refuse|decline|rather not|prefer not)\b/,
  withheld,
  /\b(scam|scammer|phishing|fraud|fraudster|suspicious|nice try|forget it|policy|no chance|no way)\b/,
  /\bkeep(ing)? (it|that|this|them|those|the [a-z]+|my [a-z]+( [a-z]+)?) to myself\b/,
  // "say no" at the end comes out as "say now"
  /\b(say|said|saying) now$/,
];

const askPurpose: RegExp[] = [
  /\bwhat (is|was) (this|it|that|all this|the call|this call) (all )?(about|regarding|for|concerning|in relation to)\b/,
  /\bwhat\b(?: [a-z]+){0,6} (about|regarding|concerning)$/,
  /\bwhat (is|was) (the|this|that|my) [a-z]+( [a-z]+)? (for|about)\b/,
  /\bwhat (is|was|has) (gone )?(going on|happening|the problem|the issue|wrong|the matter|the payment|the transfer|the invoice|the alert|the change|the update|this payment|this update)\b/,
  /\bwhat (happened|problem|issue|alert|change|update|payment|invoice|supplier|deal|acquisition|account|provider|reset|sort of|kind of|type of)\b/,
  /\bwhat (has|had|have) (happened|gone wrong|changed)\b|\bwhat is (changing|different|new)\b|\bwhat is (the|this|that) [a-z]+( [a-z]+)? called\b/,
  // ("who" comes out as "here")
  /\b(who|where|here) (is|and) (the|this|that) (payment|transfer|money|invoice|wire) (going|being sent|headed)\b/,
  /\bwhy\b/,
  /\bwhat (do|did|would) you (need|want|mean)\b|\bwhat can i do for you\b|\bhow can i help\b|\bwhat (do|should) i (need to |have to )?do\b/,
  /\btell me (more|what)\b|\bexplain\b|\b(how|can) much\b|\bmuch did you say\b|\bwhat (do|does) (this|that|it) (mean|involve)\b/,
  /\bwhat (for|about)\b/,
  /\bwhat (are|is) the (bank |account |payment )?(details|account|number)\b/,
  /^what( new| kind of| sort of)? [a-z]+$/,
  /\bwill i still\b|\bam i (going to|still)\b|\bwill (my|i) (pay|salary|get paid|be paid)\b|\bwill my [a-z]+ be\b/,
  /\bwhat is (the|this|that) [a-z]+ for\b|\bwho is (the|this|that) (payment|transfer|money|invoice) (for|to)\b/,
  /\b(who|here) (are|is) the (seller|sellers|lawyer|lawyers|solicitor|solicitors|recipient|payee|beneficiary|supplier)\b|\bare the sellers?\b/,
  /\b(which|what) (company|firm|business|deal|acquisition|supplier|provider|payment|account)\b/,
  /\bwhat are you [a-z]+ing\b|^what are you\b|\bwrong with\b|\bsomething (wrong|up)\b/,
  // who else is in it, when, where, how long: a question about the request ("who else knows about this acquisition")
  /^(sorry |so |and |but |wait )?(who else|who knows|who is involved|who approved|who signed|who asked|when|where|how long|how soon|how come|how many|how often|how did (this|it|that))\b/,
];

/**
 * The visitor committing themself: "I'll", "let me", "okay", "sure"... (a question like "should I
 * send it?" is not one). After "I am" and "I have" the verb comes with "to" ("I'm happy to pay",
 * "I have to send it"): without it the words are no sentence, and a garbled answer ("I'm thinking
 * of painting the kitchen green" heard as "i'm think i'm of pay into the picture three") is no yes.
 */
const commit = "\\b(?:i will|i can|i shall|let me|i am going to|i would|okay|sure|fine|yes|yeah|right|alright|no problem)";
const commitWithTo = "\\b(?:i am|i have)";

/**
 * A commitment, then within three words one of `verbs`, then (when given) within four words one
 * of `objects`: "okay, I'll send the payment now". The words must come close together: a refusal
 * the recogniser garbled ("I'm not authorised to do transfers" heard as "fine awful the right to
 * the transfer") scatters them, and a transcript with the goal's words somewhere in it is no yes.
 */
function committed(verbs: string, objects?: string): RegExp {
  const object = objects === undefined ? "" : `(?: [a-z0-9]+){0,4} (?:${objects})\\b`;
  // The words between may not be a determiner: after "the", "transfer" is a noun ("right to the transfer").
  const between = "(?: (?!(?:the|a|an|this|that|my|your|his|her|our|their)\\b)[a-z]+)";
  return new RegExp(`(?:${commit}${between}{0,3}|${commitWithTo}${between}{0,2} to) (?:${verbs})\\b${object}`);
}

/**
 * Words that only follow a negation ("I won't be sharing *any* code", "I haven't done it *yet*"):
 * in a sentence that otherwise reads as a yes, they say a "not" was lost. And a yes that is a
 * question ("should I send it now?", "how can I have sent it?", "can can I have sent it") is no yes,
 * nor one that ends in "about": a question whose "what" was lost ("Sorry, what's this transfer
 * about?" heard as "sorry i would just transfer about").
 */
const lostNegation = /\b(any|anything|anybody|anyone|ever|at all|either|yet)\b/;
/** An apology before the verb frames a refusal ("I'm sorry, but I'm going to say no" heard as "...going to pay now"). */
const refusalFrame = /\b(sorry but|i am afraid|unfortunately|i am sorry but)\b/;
const questionForm =
  /^(so |and |but |okay |sorry )?((should|shall|must|do|does|did|can|could|would|will|am|is|are|have|has) (i|we|you|it|this|that)\b|how|what|why|when|where|who|which)\b|\b(or not|right|correct|about)$|\bwhether\b|\bif i\b|\b(can|could|should|shall|may) (i|we)\b/;

/** An explicit yes to the caller's goal, per goal. Generic agreement ("okay", "go ahead") is small talk. */
const complyByGoal: Record<GoalKind, RegExp[]> = {
  code: [
    // something must follow: "the number is" and nothing after has read out nothing yet
    /\b(the |my |your )?(code|number|pin|digits) (is|was|says|are) [a-z0-9]/,
    committed("read|read out|give|tell|send|text|share", "code|codes|digits|pin|number"),
    committed("read (it|them|that) (out|to you|off)"),
    /\bit (is|says) [a-z0-9 ]*\b(digits|numbers)\b/,
  ],
  password: [/\b(the |my )?password (is|was) [a-z0-9]/, committed("read|give|tell|send|type|share|spell", "password")],
  payment: [
    committed(
      "send|make|do|process|approve|authorise|authorize|release|transfer|wire|pay|push|get|handle|take care of|sort out|arrange",
      "payment|transfer|money|wire|invoice|funds|amount|thousand|lawyers",
    ),
    // the verb alone ("I'll pay it", "I can transfer it this morning"); "the transfer" is a noun
    committed("pay|wire|transfer(?! you| this call| the call)"),
    committed("send (it|that|this|them)|approve (it|that|this|them)|release (it|that|this|them)"),
    // ("sent back" returns something: it is how the recogniser often writes "talk soon, bye")
    /\b(it is|that is|consider it) done\b|\bjust sent\b(?! back)|\bi have (sent|paid|transferred|wired)\b(?! back)|\b(it|money|payment|transfer) (is|has been) (sent|gone|through|paid)\b/,
  ],
  "bank-details": [
    /\b(my )?(account number|sort code|routing number|iban|card number|account|new account) (is|was|ends) [a-z0-9]/,
    committed("give|read|tell|send|update|change|take|confirm|find|get|share", "account|sort code|bank|details|card|number"),
    /\bi bank with\b|\bmy bank is\b|\bsame bank\b|\bhere they are\b/,
  ],
};

const askRepeatWeak: RegExp[] = [/^(sorry |excuse me )?(what|huh|eh|sorry|excuse me|what was that|you what|pardon me)( sorry)?$/];

const smallTalk: RegExp[] = [
  /\b(hello|hi|hey|hiya|yes|yeah|yep|yup|sure|okay|right|alright|all right|fine|uh huh|mm|mhm|hmm|um|uh|er|oh|ah|i see|got it|understood|go on|carry on|go ahead|speaking|this is (me|he|she|him|her)|good (morning|afternoon|evening)|thanks|thank you|really|maybe|perhaps|i guess|not sure|no idea|do not know|let me think|one moment|hold on|hang on|please hold|wait|just a (second|sec|moment|minute)|how are you|how was|how is|annoying|a pain|typical|strange|odd|weird|great|good|cool|interesting|wow|of course|absolutely|certainly|whatever|you win|here you go|here it is)\b/,
];

function matches(text: string, patterns: readonly RegExp[]): boolean {
  return patterns.some((pattern) => pattern.test(text));
}

/** Rule-based classification of already normalised text: the one home of understanding, for typed and spoken turns. */
export function classifyByRules(normalised: string, goal: GoalKind): Intent {
  const text = normalised;
  if (text === "") return "unclear";
  const core = withoutFillers(text);
  const either = (patterns: readonly RegExp[]) => matches(text, patterns) || (core !== text && matches(core, patterns));
  if (either(verify)) return "verify";
  if (digitGoals.has(goal) && longestDigitRun(text) >= leakingDigits && !negated(text)) return "comply";
  if (either(goodbye)) return "goodbye";
  if (either(offerCallback)) return "offer_callback";
  if (either(askIdentity)) return "ask_identity";
  if (either(askRepeatStrong)) return "ask_repeat";
  // "why can't finance do it?" is a question about the request, not a refusal
  if (/^why\b(?! not\b)/.test(core)) return "ask_purpose";
  // "what happens if I don't?" asks what refusing costs; it refuses nothing yet
  if (/^(and )?what (happens|would happen|will happen)\b/.test(core)) return "ask_purpose";
  if (negated(text)) return "refuse";
  if (either(askPurpose)) return "ask_purpose";
  if (either(complyByGoal[goal])) return lostNegation.test(text) || questionForm.test(text) || refusalFrame.test(text) ? "other" : "comply";
  if (matches(text, askRepeatWeak)) return "ask_repeat";
  if (either(smallTalk)) return "small_talk";
  return "other";
}

/** A refusal word that is not part of a harmless phrase ("no problem", "not sure"). */
function negated(text: string): boolean {
  return matches(text.replace(notRefusals, " "), refuse);
}

/**
 * Only the start of a long typed message is read: a visitor's turn on a call is a sentence or two,
 * and the rules' cost grows with the square of the length.
 */
export const maxClassifiedLength = 400;

/** How many of the recogniser's hypotheses are weighed. */
export const maxHypotheses = 5;

/** What reaches the classifier; the caller's VisitorTurn is this (caller.ts says what each field holds). */
export type HeardTurn = { via: "speech" | "text"; text: string; alternatives?: readonly string[]; confidence?: number };
export type IntentClassifier = (turn: HeardTurn) => Intent;

/**
 * What the visitor says instead of complying: a hypothesis of either, beside a best transcript
 * that complies, makes the turn too doubtful to act on. ("Bye" is not one: the recogniser writes
 * it for half of the "I'll"s it hears.)
 */
const vetoes: ReadonlySet<Intent> = new Set(["refuse", "verify"]);
/** A first word the recogniser writes for a spoken "no". */
const soundsLikeNo = /^(now|know|no)\b(?! (problem|worries)\b)/;
/**
 * A negation in a hypothesis: beside a best transcript that complies, the visitor may have said
 * "not" or "n't" that the best one lost ("no problem" and "not a problem" are agreement).
 */
const negationWord = /\b(no|not|never|nope|nah|without|unless|until)\b/;
/**
 * A yes that rests on "I can": "can" and "can't" differ by a faint "t" the recogniser often
 * misses, so a spoken "I can send it" is asked again ("I can't send it" is the likelier risk).
 */
const canCommitment = /\b(i|we) (can|could)\b/;
const firmCommitment = /\b(i|we) (will|shall|am going to|are going to|have)\b|\blet me\b|\b(it|that) is done\b|\b(code|number|pin|digits|password|account|sort code) (is|was|says|are)\b/;
/**
 * A yes heard inside a garbled sentence that said something else: "know" is how the recogniser
 * spells a "no" it heard mid-sentence ("No, I'm not going to read that out to you" heard as
 * "hang out and i'm going to read that out you know are"), and the other words belong to the
 * answers that put the goal off or check it ("Put it in an email and I'll look at it" heard as
 * "paying email and i'll pay"). A real yes has no use for them.
 */
const mixedMessage =
  /\b(know|email|e mail|mail|writing|ring|call back|later|tomorrow|check|checking|verify|who|why|manager|boss|director|approver|approval|policy|helpdesk|ticket|portal)\b/;
/**
 * The least confidence (the recogniser's, 0-1) a spoken compliance needs: below it the words of a
 * yes were likely made out of noise. Chosen on the tuning split's rooms (agent/DESIGN.md, "Understanding that fails safe").
 */
export const minComplianceConfidence = 0.22;
/**
 * A last word that cannot end a sentence: an article, a possessive or a preposition with nothing
 * after it. The recogniser lost what came after it, and what it lost may have said something
 * else ("I'll call the service desk on the number on the intranet" heard as "i will read it out
 * on the number on the"); in café babble, where the end of a sentence drowns, it also loses
 * words earlier on ("No, I'm not going to read that out to you" heard as "but nine i'm going to
 * read it out to").
 */
const cutShort = /\b(the|a|an|my|your|our|his|her|their|to|for|with|from|of|into)$/;
/** Intents that say nothing the caller can act on. */
const vague: ReadonlySet<Intent> = new Set(["other", "unclear"]);

/**
 * Digits and nothing else: in a noisy room the recogniser writes runs of digits for noise (the
 * domain model knows codes read out), so a spoken code counts as read out only when the visitor
 * also said something with it ("it's...", "the code is..."). (Asking every hypothesis to hear
 * the digits too cost real read-outs on the tuning split: an alternative drops one digit.)
 */
function hallucinatedDigits(heard: readonly string[]): boolean {
  const best = heard[0] ?? "";
  if (longestDigitRun(best) < leakingDigits) return false;
  return best.split(" ").every((word) => isDigitWord(word) || digitHomophones.has(word));
}

/**
 * A spoken turn: the best transcript decides, unless it is meaningless, in which case the first
 * meaningful alternative does (never with compliance, which must be heard best), and failing
 * that the most similar labelled sentence (`similar`, never compliance). Compliance also stands
 * only when no alternative pushes back. Speech that means nothing is unclear: the caller answers
 * it as a bad line.
 */
export function understandSpeech(hypotheses: readonly string[], goal: GoalKind, similar?: (hypotheses: readonly string[]) => Intent | null, confidence?: number): Intent {
  const heard = [...new Set(hypotheses.map((hypothesis) => normalise(hypothesis.slice(0, maxClassifiedLength))).filter((text) => text !== ""))].slice(
    0,
    maxHypotheses,
  );
  if (heard.length === 0) return "unclear";
  const [bestText, ...otherTexts] = heard as [string, ...string[]];
  const [best, ...others] = heard.map((text) => classifyByRules(text, goal));
  if (best === "comply") {
    // A yes the recogniser itself doubts is asked again, whatever its words.
    if (confidence !== undefined && confidence < minComplianceConfidence) return "unclear";
    // A compliance some other hypothesis refuses or verifies was perhaps a "no": the caller asks
    // again. Not for a last word heard as "now" or "no" ("I'll send it now" is the likelier).
    const sameButLastWord = (text: string) => text.replace(/ (now|no|know)$/, " now");
    const bestHeard = sameButLastWord(bestText);
    if (others.some((intent, index) => vetoes.has(intent) && sameButLastWord(otherTexts[index] as string) !== bestHeard)) return "unclear";
    // A yes another hypothesis heard as a question was perhaps one ("Sorry, what's this transfer
    // about?" heard as "sorry i would just transfer the code", "... transfer about" beside it).
    if (otherTexts.some((text) => questionForm.test(text) && matches(text, complyByGoal[goal]))) return "unclear";
    // (A last word heard as "no" is the "now" of "I'll send it now", as above.)
    const withoutHarmless = (text: string) => sameButLastWord(text).replace(notRefusals, " ");
    if (otherTexts.some((text) => negationWord.test(withoutHarmless(text)) && !negationWord.test(withoutHarmless(bestText)))) return "unclear";
    if (canCommitment.test(bestText) && !firmCommitment.test(bestText) && longestDigitRun(bestText) < leakingDigits) return "unclear";
    if (hallucinatedDigits(heard)) return "unclear";
    if (cutShort.test(bestText)) return "unclear";
    // A whole code read out is a leak whatever surrounds it; a yes in words, or a few digits, must stand alone.
    if (longestDigitRun(bestText) < wholeCode && mixedMessage.test(bestText)) return "unclear";
    // "No, I'll..." and "Now I'll..." sound alike: a compliance that starts like that is asked again.
    return soundsLikeNo.test(bestText) ? "unclear" : "comply";
  }
  if (best !== undefined && !vague.has(best)) return best;
  return others.find((intent) => !vague.has(intent) && intent !== "comply" && intent !== "small_talk") ?? similar?.(heard) ?? "unclear";
}

/**
 * A classifier for one playbook's goal. `similar` reads the spoken turns no rule can
 * (similar-intent.ts); it never yields compliance.
 */
export function createIntentClassifier(playbook: Playbook, similar?: (hypotheses: readonly string[]) => Intent | null): IntentClassifier {
  const goal = playbook.goal.kind;
  return (turn) => {
    const text = typeof turn.text === "string" ? turn.text : "";
    if (turn.via === "speech") {
      const alternatives = Array.isArray(turn.alternatives) ? turn.alternatives.filter((hypothesis): hypothesis is string => typeof hypothesis === "string") : [];
      const confidence = typeof turn.confidence === "number" && Number.isFinite(turn.confidence) ? turn.confidence : undefined;
      return understandSpeech([text, ...alternatives], goal, similar, confidence);
    }
    return classifyByRules(normalise(text.slice(0, maxClassifiedLength)), goal);
  };
}
