/** @jest-environment node */
import { createIntentClassifier, type VisitorTurn, type Intent } from "../src/caller/intents";
import { minComplianceConfidence } from "../src/caller/tuning";
import { longestDigitRun, normalise } from "../src/caller/words";
import { phoneAnswers, visitorAnswers } from "../src/caller/visitor-sentences";
import fc from "fast-check";
import { intents, phraseIntents, type Playbook } from "../src/caller/playbook-schema";
import { loadPlaybooks } from "../src/caller/playbooks";
import { playbookOf, spoken, typed } from "./support/caller-turns";

const playbooks = loadPlaybooks();
/** A scenario's classifier; a string is a typed turn. */
const typedIn = (id: string) => {
  const classify = createIntentClassifier(playbookOf(id));
  return (turn: string | VisitorTurn) => classify(typeof turn === "string" ? typed(turn) : turn);
};
type Classify = ReturnType<typeof typedIn>;
const helpdesk = typedIn("it-helpdesk-mfa-reset");
const ceo = typedIn("ceo-urgent-wire");
const payroll = typedIn("hr-payroll-update");

describe("normalising visitor text", () => {
  it.each([
    ["lowercases, drops punctuation and spells out contractions", "No, I WON'T — who's this?!", "no i will not who is this"],
    ["treats curly apostrophes like straight ones", "I\u2019ll call you back", "i will call you back"],
    ["maps chat shorthand to words", "ok, cannot do it, thx", "okay can not do it thanks"],
  ])("%s: %j", (_behaviour, text, normalised) => {
    expect(normalise(text)).toBe(normalised);
  });

  it("counts spoken and typed digits in one run", () => {
    expect(longestDigitRun(normalise("it's four 82 nine one, then 3"))).toBe(5);
  });
});

describe("the playbooks' example phrases", () => {
  it("are read by the rules as the intent each is listed under, in every playbook", () => {
    const wrong: string[] = [];
    for (const current of playbooks.values()) {
      const classify = createIntentClassifier(current);
      for (const intent of phraseIntents) {
        for (const phrase of current.phrases[intent]) {
          const got = classify(typed(phrase));
          if (got !== intent) wrong.push(`${current.id}: "${phrase}" -> ${got}, listed under ${intent}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("do not decide anything by being listed: a listed phrase the rules read differently is read by the rules", () => {
    const base = playbookOf("ceo-urgent-wire");
    const custom: Playbook = { ...base, phrases: { ...base.phrases, comply: [...base.phrases.comply, "purple monkey dishwasher"] } };
    expect(createIntentClassifier(custom)(spoken("purple monkey dishwasher"))).toBe("unclear");
  });
});

describe("typed text", () => {
  const cases: [string, (text: string) => Intent, string, Intent][] = [
    ["helpdesk", helpdesk, "What's your name again?", "ask_identity"],
    ["helpdesk", helpdesk, "How do I know you're really from IT?", "ask_identity"],
    ["helpdesk", helpdesk, "It's 482913", "comply"],
    ["helpdesk", helpdesk, "482 913", "comply"],
    ["helpdesk", helpdesk, "The code is 4 8 2 9 1 3.", "comply"],
    ["helpdesk", helpdesk, "Sure, no problem, here it is: 123456", "comply"],
    ["helpdesk", helpdesk, "ok I'll read it to you", "comply"],
    ["helpdesk", helpdesk, "I won't give you my code", "refuse"],
    ["helpdesk", helpdesk, "This is obviously a scam", "refuse"],
    ["helpdesk", helpdesk, "What's your extension? I'll ring you back.", "offer_callback"],
    ["helpdesk", helpdesk, "Could you send me an email about it?", "offer_callback"],
    ["helpdesk", helpdesk, "I'll call you back on the number in the directory.", "verify"],
    ["helpdesk", helpdesk, "Let me check with my manager first.", "verify"],
    ["helpdesk", helpdesk, "I'm going to hang up and call the IT help desk myself.", "verify"],
    ["helpdesk", helpdesk, "Why do you need it?", "ask_purpose"],
    ["helpdesk", helpdesk, "Hmm, I'm not sure", "small_talk"],
    ["helpdesk", helpdesk, "The weather is lovely today", "other"],
    ["helpdesk", helpdesk, "   ...  ", "unclear"],
    ["helpdesk", helpdesk, "What exactly is the problem with my login?", "ask_purpose"],
    ["helpdesk", helpdesk, "Sorry, you're very faint", "ask_repeat"],
    ["ceo", ceo, "Which company are you with?", "ask_identity"],
    ["ceo", ceo, "I'm really busy, can we do this tomorrow?", "offer_callback"],
    ["ceo", ceo, "Sure, I'll make the transfer right away", "comply"],
    ["ceo", ceo, "123456", "other"],
    ["ceo", ceo, "I need to check with finance first", "verify"],
    ["ceo", ceo, "I'll call your assistant to confirm", "verify"],
    ["ceo", ceo, "Is this really you, Richard?", "ask_identity"],
    ["ceo", ceo, "I can't do that without approval", "refuse"],
    ["payroll", payroll, "My account number is 12345678", "comply"],
    ["payroll", payroll, "Sort code 20-45-16", "comply"],
    ["payroll", payroll, "I'll update it on the HR portal myself", "verify"],
    ["payroll", payroll, "HR never asks for this over the phone", "refuse"],
    ["payroll", payroll, "Let me log into the HR system", "verify"],
    ["ceo", ceo, "Let me get finance on the line", "verify"],
    ["ceo", ceo, "We need two signatures for that", "verify"],
    ["ceo", ceo, "Richard, you sound different", "ask_identity"],
    ["ceo", ceo, "Done, it's sent.", "comply"],
    ["helpdesk", helpdesk, "I'd like to verify your identity first", "ask_identity"],
    ["helpdesk", helpdesk, "I'm calling security", "verify"],
    ["helpdesk", helpdesk, "please stop", "goodbye"],
  ];

  it.each(cases.map(([scenario, classify, text, intent]) => [scenario, text, intent, classify] as const))("%s: %j means %s", (_scenario, text, intent, classify) => {
    expect(classify(text)).toBe(intent);
  });

  it("reads only the start of a very long message", () => {
    expect(helpdesk(`Who is this? ${"blah ".repeat(20000)} okay the code is 123456`)).toBe("ask_identity");
  });

  it("gives every possible text one of the known intents", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), (text) => {
        expect(intents).toContain(helpdesk(text));
        expect(normalise(text)).toMatch(/^([a-z0-9]+( [a-z0-9]+)*)?$/);
      }),
    );
  });
});

describe("compliance needs strong evidence", () => {
  it.each([
    ["helpdesk", "It's four seven two nine one eight", helpdesk],
    ["helpdesk", "Sure, I'll read you the code", helpdesk],
    ["ceo", "Okay, I'll make the transfer before three", ceo],
    ["ceo", "Right, I'll pay the lawyers now", ceo],
    ["payroll", "My account number is four one seven seven two nine zero three", payroll],
    ["payroll", "Fine, I'll give you my bank details", payroll],
  ])("%s: %j is compliance (digits, or an explicit yes to the goal)", (_scenario, text, classify) => {
    expect(classify(text)).toBe("comply");
  });

  it.each([
    ["helpdesk", "Fine, whatever you need", helpdesk],
    ["helpdesk", "Go ahead", helpdesk],
    ["helpdesk", "Here you go", helpdesk],
    ["helpdesk", "Should I read you the code?", helpdesk],
    ["helpdesk", "Why do you need the code?", helpdesk],
    ["helpdesk", "No, I'm not reading you the code", helpdesk],
    ["helpdesk", "I'll check the code with my manager first", helpdesk],
    ["ceo", "Yes, I can do that", ceo],
    ["ceo", "What's the payment for?", ceo],
    ["ceo", "I won't send the payment", ceo],
    ["ceo", "I'll make the payment once finance approves it", ceo],
    ["payroll", "Do you need my account number?", payroll],
    ["payroll", "I'm not giving you my sort code", payroll],
  ])("%s: %j is not compliance", (_scenario, text, classify) => {
    expect(classify(text)).not.toBe("comply");
  });

  it("needs the yes, the verb and the goal close together: the goal's words scattered through a sentence are no yes", () => {
    expect(ceo("Right, the weather ruined my holiday, and the transfer of my flight too")).not.toBe("comply");
    expect(ceo("Sure, about the transfer: nobody told me")).not.toBe("comply");
    expect(ceo("Sure, I'll make the payment")).toBe("comply");
  });

  it("never takes a refusal with digits in it as compliance", () => {
    expect(helpdesk("No, I won't read out four seven two nine one eight")).toBe("refuse");
  });
});

/** What a turn must be read as: an intent, or "not <intent>". */
type Reading = Intent | `not ${Intent}`;
type Behaviour = readonly [behaviour: string, classify: Classify, readings: readonly (readonly [string | VisitorTurn, Reading])[]];

const shown = (turn: string | VisitorTurn) => (typeof turn === "string" ? JSON.stringify(turn) : `spoken ${JSON.stringify([turn.text, ...(turn.alternatives ?? [])])}${turn.confidence === undefined ? "" : ` at confidence ${turn.confidence}`}`);
const fits = (got: Intent, reading: Reading) => (reading.startsWith("not ") ? got !== reading.slice(4) : got === reading);

/** The readings `classify` gets wrong, each as "turn -> got, not reading". */
function misread(classify: Classify, readings: Behaviour[2], alsoSpoken = false): string[] {
  const turns = readings.flatMap(([turn, reading]) => [[turn, reading] as const, ...(alsoSpoken && typeof turn === "string" ? [[spoken(normalise(turn)), reading] as const] : [])]);
  return turns.flatMap(([turn, reading]) => {
    const got = classify(turn);
    return fits(got, reading) ? [] : [`${shown(turn)} -> ${got}, not ${reading}`];
  });
}

// The rulebook's own examples are decided in caller-rulebook.test.ts; these are the readings around them.
describe("spoken turns", () => {
  it.each(
    [
      ["are understood from the recogniser's transcript by the same rules as typed text", ceo, [[spoken("i'll call your assistant to check"), "verify"], [spoken("who am i speaking to"), "ask_identity"]]],
      ["are unclear when no words came out", ceo, [[spoken(""), "unclear"]]],
      ["are unclear when the words mean nothing on this call, where typed text would be 'other'", ceo, [[spoken("the weather is lovely today"), "unclear"], ["The weather is lovely today", "other"]]],
      ["take their meaning from the best hypothesis first", ceo, [[spoken("what is the payment for", "who is the payment for"), "ask_purpose"]]],
      ["fall back on the first meaningful alternative when the best hypothesis means nothing", ceo, [[spoken("here am i talking with", "here and i talking with", "who am i talking with"), "ask_identity"]]],
      ["read the recogniser's usual spelling of a short 'who is this?' as the question", ceo, [[spoken("here is this", "hear is this", "fear is this"), "ask_identity"], [spoken("here is this code four seven two nine"), "not ask_identity"]]],
      ["never take compliance from an alternative", ceo, [[spoken("center payment", "okay i will send the payment"), "unclear"]]],
      ["are no compliance when any alternative refuses or verifies: the caller presses on", ceo, [[spoken("okay i will send the payment", "okay i will not send the payment"), "other"]]],
      ["are no compliance when any alternative refuses or verifies: the caller presses on", helpdesk, [[spoken("four seven two nine one eight", "i will call the helpdesk myself"), "other"]]],
      ["are still compliance when an alternative only hears the last word 'now' as 'no'", ceo, [[spoken("okay i will send the payment now", "okay i will send the payment no"), "comply"]]],
      ["are still compliance when an alternative only says 'bye' (the recogniser's spelling of many an 'I'll')", ceo, [[spoken("alright i will pay the lawyers right now", "alright bye okay the lawyers right now"), "comply"]]],
      ["take 'buy' for 'bye' after a word that makes it a purchase", ceo, [[spoken("which company are we bye"), "ask_purpose"], [spoken("okay talk soon buying"), "goodbye"]]],
      ["comply when a plain yes does not start with a word that sounds like 'no'", ceo, [[spoken("okay i will send the payment now"), "comply"], [spoken("no problem i will push the transfer through"), "comply"]]],
      ["read the recogniser's homophones of digits inside a run of digits", helpdesk, [[spoken("it's five eight eight to one zero"), "comply"], [spoken("i want to go for a walk"), "not comply"]]],
    ] satisfies Behaviour[],
  )("%s", (_behaviour, classify, readings) => {
    expect(misread(classify, readings)).toEqual([]);
  });

  it("give every possible list of hypotheses one of the known intents", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 80 }), { maxLength: 7 }), (hypotheses) => {
        expect(intents).toContain(ceo({ via: "speech", text: hypotheses[0] ?? "", alternatives: hypotheses.slice(1) }));
      }),
    );
  });
});

describe("polarity: a lost negation or a misheard word never makes a compliance", () => {
  // Each text both typed and as the recogniser writes it.
  it.each(
    [
      ["reads a condition on the goal as holding back, whatever the verb before it ('I can't send a payment without the normal approval', heard without its n't)", ceo, [["I can't send a payment without the normal approval", "refuse"], ["I can send a payment without the normal approval", "refuse"], ["I'll transfer it unless my manager says otherwise", "not comply"]]],
      ["takes 'I am' or 'I have' before the goal's verb for a yes only with 'to' between ('I'm thinking of painting the kitchen green' heard as 'i'm think i'm of pay into the picture three')", ceo, [["i'm think i'm of pay into the picture three", "not comply"], ["I'm happy to pay the invoice now", "comply"], ["I have to transfer the money now then", "comply"]]],
      ["takes a question about complying for no yes", ceo, [["Should I send the payment now?", "not comply"], ["So I'll send the payment, right?", "not comply"]]],
      ["takes a sentence that opens with a question word for no yes ('Okay, talk soon, bye' heard as 'how can i have sent back')", ceo, [["how can i have sent back", "not comply"], ["What, I'll send the payment now", "not comply"]]],
      ["takes only a sentence that ends in 'about' for a question whose 'what' was lost", ceo, [["Sorry, I'll transfer the money now", "comply"]]],
      ["takes something sent back for no payment made ('Okay, talk soon, bye' heard as 'okay i have sent back')", ceo, [["okay i have sent back", "not comply"], ["Okay, I've sent it", "comply"]]],
      ["takes a sentence with 'can I' or 'should we' in it for a question, not a yes ('Okay, talk soon, bye' heard as 'can can i have sent back')", ceo, [["can can i have sent back", "not comply"]]],
      ["takes 'the number is' with nothing after for no read-out yet ('Okay, cheers, bye' heard as 'the i'd out and i'll buy you number's')", helpdesk, [["the i'd out and i'll buy you number's", "not comply"], ["the number is four seven two nine one eight", "comply"]]],
    ] satisfies Behaviour[],
  )("%s", (_behaviour, classify, readings) => {
    expect(misread(classify, readings, true)).toEqual([]);
  });

  it.each(
    [
      ["takes a yes that goes on past where the recogniser may have lost the rest", helpdesk, [[spoken("i will read it out to you"), "comply"]]],
      ["presses on when a yes ends on a preposition, where the recogniser lost what came after and perhaps a 'not' before ('No, I'm not going to read that out to you' heard as 'but nine i'm going to read it out to')", helpdesk, [[spoken("but nine i'm going to read it out to"), "other"]]],
      ["presses on when a yes ends on a preposition, where the recogniser lost what came after and perhaps a 'not' before ('No, I'm not going to read that out to you' heard as 'but nine i'm going to read it out to')", ceo, [[spoken("okay i will send the payment for"), "other"], [spoken("okay i will send the payment for you"), "comply"]]],
      ["asks again when the recogniser doubts the words of a yes, however plain they are", ceo, [[{ via: "speech", text: "okay i will send the payment now", confidence: minComplianceConfidence.words - 0.01 }, "unclear"], [{ via: "speech", text: "okay i will send the payment now", confidence: minComplianceConfidence.words }, "comply"]]],
      ["takes a read-out code with less confidence than a worded yes: digits leak whatever their neighbours", helpdesk, [[{ via: "speech", text: "the code is four seven two nine", confidence: minComplianceConfidence.digits }, "comply"], [{ via: "speech", text: "the code is four seven two nine", confidence: minComplianceConfidence.digits - 0.01 }, "unclear"]]],
      ["takes what a doubted turn says when it is no yes (the doubt only ever holds back a compliance)", ceo, [[{ via: "speech", text: "no i will not send the payment", confidence: 0.1 }, "refuse"]]],
      ["presses on when any other hypothesis has a negation the best one lost", ceo, [[spoken("i will send the payment today", "i will not send the payment today"), "other"], [spoken("i will send the payment today", "i will send the payment without approval"), "other"], [spoken("no problem i will push the transfer through", "no problem i will push the transfer through now"), "comply"]]],
      ["presses on when another hypothesis hears the yes as a question ('Sorry, what's this transfer about?')", ceo, [[spoken("sorry i would just transfer the code", "sorry i would just transfer the part", "sorry i would just transfer about"), "other"], [spoken("okay i will make the transfer now", "so i will make the transfer right"), "other"], [spoken("okay i will make the transfer now", "okay i will make the transfer how"), "comply"]]],
    ] satisfies Behaviour[],
  )("%s", (_behaviour, classify, readings) => {
    expect(misread(classify, readings)).toEqual([]);
  });

  it("never turns a labelled answer of the corpus (the development split) or a phone answer into compliance by losing its n't", () => {
    const lose = (text: string) =>
      text
        .replace(/\bcan't\b/gi, "can")
        .replace(/\bwon't\b/gi, "will")
        .replace(/\b(do|does|did|is|are|was|were|should|would|could|have|has|had)n't\b/gi, "$1");
    const answers = [
      ...visitorAnswers().filter((answer) => answer.intent !== "comply"),
      ...[...playbooks.keys()].flatMap((scenario) => phoneAnswers().map((text) => ({ scenario, text }))),
    ].filter(({ text }) => /n't\b/i.test(text));
    expect(answers.length).toBeGreaterThan(20);
    const complied = answers.filter(({ scenario, text }) => {
      const classify = typedIn(scenario);
      return [classify(lose(text)), classify(spoken(normalise(lose(text))))].includes("comply");
    });
    expect(complied.map(({ text }) => text)).toEqual([]);
  });
});

describe("turns the corpus never had", () => {
  it.each(
    [
      ["reads who else is in on it, when and where as a question about the request ('Who else knows about this acquisition?')", ceo, [["Who else knows about this acquisition?", "ask_purpose"], [spoken("who else knows about this acquisition"), "ask_purpose"], ["When did the lawyers ask for it?", "ask_purpose"]]],
      ["reads whom the caller works for, however it is put, as a question of identity ('Which payroll company did you say you work for?')", payroll, [["Which payroll company did you say you work for?", "ask_identity"], [spoken("which payroll company did you say you work for"), "ask_identity"], ["Who do you actually work for?", "ask_identity"], ["What agency are you calling from?", "ask_identity"]]],
      ["reads asking who passed the call on, the company's name, or whether the caller is a person as a question of identity", payroll, [["Who put you through to me?", "ask_identity"], ["What's the name of your company again?", "ask_identity"]]],
      ["reads asking who passed the call on, the company's name, or whether the caller is a person as a question of identity", helpdesk, [["Are you a real person?", "ask_identity"], ["Is this an automated call?", "ask_identity"]]],
      ["reads an unknown number as a question of identity, not a refusal ('This number isn't one I recognise')", ceo, [["This number isn't one I recognise.", "ask_identity"]]],
      ["reads what has happened, what is changing, what a thing is called and where the money goes as questions about the request", helpdesk, [["What exactly has happened?", "ask_purpose"]]],
      ["reads what has happened, what is changing, what a thing is called and where the money goes as questions about the request", payroll, [["What's changing with the payroll?", "ask_purpose"], ["What's the new system called?", "ask_purpose"]]],
      ["reads what has happened, what is changing, what a thing is called and where the money goes as questions about the request", ceo, [["Who is the money going to?", "ask_purpose"], [spoken("here is the money going to"), "ask_purpose"], ["What's the deal you're talking about?", "ask_purpose"]]],
      ["reads keeping the code to oneself as a refusal", helpdesk, [["I'm keeping the code to myself, thank you.", "refuse"]]],
      ["reads asking whether it can wait as putting the call off", ceo, [["Can this wait until Monday?", "offer_callback"]]],
      ["reads 'that's enough, I'm going' as a goodbye", payroll, [["That's enough, I'm going.", "goodbye"]]],
    ] satisfies Behaviour[],
  )("%s", (_behaviour, classify, readings) => {
    expect(misread(classify, readings)).toEqual([]);
  });
});

describe("digits heard in a noisy room", () => {
  it.each(
    [
      ["take a typed code as the code, where the same digits spoken alone are asked again", helpdesk, [["55127", "comply"]]],
      ["take a code read out with words around it, even when an alternative drops a digit", helpdesk, [[spoken("okay it's four seven two nine one eight", "okay it's four seven to nine one"), "comply"]]],
    ] satisfies Behaviour[],
  )("%s", (_behaviour, classify, readings) => {
    expect(misread(classify, readings)).toEqual([]);
  });
});
