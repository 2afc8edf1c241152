/**
 * The words each rule of the rulebook (rulebook.ts) looks for, as regular expressions over
 * normalised text (words.ts). Each list is one rule's; the comments say which wording or
 * mishearing a pattern is there for.
 */
import type { GoalKind, Intent } from "./playbook-schema";

/** Goals where reading out digits is the leak itself. */
export const digitGoals: ReadonlySet<GoalKind> = new Set(["code", "password", "bank-details"]);

/** People and teams the caller cannot reach or impersonate on this call. */
const checkers =
  "(?:manager|line manager|boss|supervisor|team lead|team leader|security|security team|it team|it department|it support|it office|helpdesk|finance|finance team|finance director|accounts|accounts team|payroll|payroll team|hr|people team|colleague|colleagues|director|ceo|chief executive|cfo|assistant|compliance|legal|treasury|the bank)";
/** The same, with "IT" said on its own, where a pronoun would not fit ("check with it first"). */
const checkersOrIt = `(?:${checkers}|it)`;

export const verify: RegExp[] = [
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

export const goodbye: RegExp[] = [
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

export const offerCallback: RegExp[] = [
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

export const askIdentity: RegExp[] = [
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

export const askRepeatStrong: RegExp[] = [
  // ("hear" comes out as "here" or "either" after "didn't")
  /\b(can|could|did) not (hear|here|either|understand|catch|make out)\b|\bcan barely hear\b|\bhard to hear\b/,
  /\bdid not (catch|hear|get|understand) (that|you|it|what|the|any|a word)\b/,
  /\b(say|said) (that|it) (again|once more|one more time)\b|\bsay again\b|\bcome again\b|\brepeat\b|\bone more time\b|\bonce more\b/,
  /\bmissed (that|it|what|the|you|your)\b|\blost you\b|\bline is (bad|terrible|awful|not good|crackling|crackly)\b|\b(very|too|so|really) (quiet|loud|noisy|faint)\b|\bfaint\b|\bcrackl/,
  /\bbreaking up\b|\bbad line\b|\bspeak up\b|\blouder\b|\bslow down\b|\bmore slowly\b|\bpardon\b|\bcutting out\b|\b(cut|went|dropped) out\b|\b(signal|line|connection) (dropped|went|is going|cut)\b/,
  /\bwhat did you (just )?say\b(?! your)|\bwhat (were|was) you saying\b/,
];

/** Phrases containing "no" or "not" that are not refusals. */
export const notRefusals = /\b(oh no|no problem|no worries|not a problem|why not|not sure|no idea|do not know|do not mind|not at all|no rush|not bad)\b/g;

/**
 * "Without the usual approval", "unless my manager signs": a condition the visitor puts on the
 * goal. Whatever the verb before it says (a lost "n't" turns "I can't send it without approval"
 * into "I can send it without approval"), the sentence holds back.
 */
const withheld =
  /\b(without|unless|until) (a |an |the |my |our |your |any |his |her |their |some |proper |official |normal |usual |formal |written |second |prior |real )*(approval|approvals|authorisation|authorization|sign off|signoff|signature|signatures|permission|purchase order|paperwork|ticket|checks|check|checking|verification|verifying|confirmation|confirming|talking|speaking|asking|manager|boss|finance|helpdesk|hr|payroll|security|process|procedure)\b/;

export const refuse: RegExp[] = [
  /\b(no|nope|nah|never|not|refuse|decline|rather not|prefer not)\b/,
  withheld,
  /\b(scam|scammer|phishing|fraud|fraudster|suspicious|nice try|forget it|policy|no chance|no way)\b/,
  /\bkeep(ing)? (it|that|this|them|those|the [a-z]+|my [a-z]+( [a-z]+)?) to myself\b/,
  // "say no" at the end comes out as "say now"
  /\b(say|said|saying) now$/,
];

export const askPurpose: RegExp[] = [
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
 * A yes that is a question ("should I send it now?", "how can I have sent it?", "can can I have
 * sent it") is no yes, nor one that ends in "about": a question whose "what" was lost ("Sorry,
 * what's this transfer about?" heard as "sorry i would just transfer about").
 */
export const questionForm =
  /^(so |and |but |okay |sorry )?((should|shall|must|do|does|did|can|could|would|will|am|is|are|have|has) (i|we|you|it|this|that)\b|how|what|why|when|where|who|which)\b|\b(or not|right|correct|about)$|\bwhether\b|\bif i\b|\b(can|could|should|shall|may) (i|we)\b/;

/** An explicit yes to the caller's goal, per goal. Generic agreement ("okay", "go ahead") is small talk. */
export const complyByGoal: Record<GoalKind, RegExp[]> = {
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

export const askRepeatWeak: RegExp[] = [/^(sorry |excuse me )?(what|huh|eh|sorry|excuse me|what was that|you what|pardon me)( sorry)?$/];

export const smallTalk: RegExp[] = [
  /\b(hello|hi|hey|hiya|yes|yeah|yep|yup|sure|okay|right|alright|all right|fine|uh huh|mm|mhm|hmm|um|uh|er|oh|ah|i see|got it|understood|go on|carry on|go ahead|speaking|this is (me|he|she|him|her)|good (morning|afternoon|evening)|thanks|thank you|really|maybe|perhaps|i guess|not sure|no idea|do not know|let me think|one moment|hold on|hang on|please hold|wait|just a (second|sec|moment|minute)|how are you|how was|how is|annoying|a pain|typical|strange|odd|weird|great|good|cool|interesting|wow|of course|absolutely|certainly|whatever|you win|here you go|here it is)\b/,
];

/**
 * What the visitor says instead of complying: a hypothesis of either, beside a best transcript
 * that complies, makes the turn too doubtful to act on. ("Bye" is not one: the recogniser writes
 * it for half of the "I'll"s it hears.)
 */
export const vetoes: ReadonlySet<Intent> = new Set(["refuse", "verify"]);
/**
 * A last word that cannot end a sentence: an article, a possessive or a preposition with nothing
 * after it. The recogniser lost what came after it, and what it lost may have said something
 * else ("I'll call the service desk on the number on the intranet" heard as "i will read it out
 * on the number on the"); in café babble, where the end of a sentence drowns, it also loses
 * words earlier on ("No, I'm not going to read that out to you" heard as "but nine i'm going to
 * read it out to").
 */
export const cutShort = /\b(the|a|an|my|your|our|his|her|their|to|for|with|from|of|into)$/;
