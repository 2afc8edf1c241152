/** @jest-environment node */
import { createIntentClassifier, type VisitorTurn, type Intent, type IntentClassifier } from "../src/caller/intents";
import { minComplianceConfidence } from "../src/caller/tuning";
import { longestDigitRun, normalise } from "../src/caller/words";
import { phoneAnswers, visitorAnswers } from "../src/caller/visitor-sentences";
import fc from "fast-check";
import { intents, phraseIntents, type Playbook } from "../src/caller/playbook-schema";
import { loadPlaybooks } from "../src/caller/playbooks";

const playbooks = loadPlaybooks();
const playbook = (id: string): Playbook => {
  const found = playbooks.get(id);
  if (found === undefined) throw new Error(`no playbook ${id}`);
  return found;
};
const typed = (text: string): VisitorTurn => ({ via: "text", text });
const spoken = (text: string, ...alternatives: string[]): VisitorTurn => (alternatives.length > 0 ? { via: "speech", text, alternatives } : { via: "speech", text });
const typedIn = (id: string) => {
  const classify = createIntentClassifier(playbook(id));
  return (text: string) => classify(typed(text));
};
const helpdesk = typedIn("it-helpdesk-mfa-reset");
const ceo = typedIn("ceo-urgent-wire");
const payroll = typedIn("hr-payroll-update");

describe("normalising visitor text", () => {
  it("lowercases, drops punctuation and spells out contractions", () => {
    expect(normalise("No, I WON'T — who's this?!")).toBe("no i will not who is this");
  });

  it("treats curly apostrophes like straight ones", () => {
    expect(normalise("I\u2019ll call you back")).toBe("i will call you back");
  });

  it("maps chat shorthand to words", () => {
    expect(normalise("ok, cannot do it, thx")).toBe("okay can not do it thanks");
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
    const base = playbook("ceo-urgent-wire");
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

describe("spoken turns", () => {
  const classify = createIntentClassifier(playbook("ceo-urgent-wire"));
  const code = createIntentClassifier(playbook("it-helpdesk-mfa-reset"));

  it("are understood from the recogniser's transcript by the same rules as typed text", () => {
    expect(classify(spoken("i'll call your assistant to check"))).toBe("verify");
    expect(classify(spoken("who am i speaking to"))).toBe("ask_identity");
  });

  it("are unclear when no words came out", () => {
    expect(classify(spoken(""))).toBe("unclear");
  });

  it("are unclear when the words mean nothing on this call, where typed text would be 'other'", () => {
    expect(classify(spoken("the weather is lovely today"))).toBe("unclear");
    expect(ceo("The weather is lovely today")).toBe("other");
  });

  it("take their meaning from the best hypothesis first", () => {
    expect(classify(spoken("what is the payment for", "who is the payment for"))).toBe("ask_purpose");
  });

  it("fall back on the first meaningful alternative when the best hypothesis means nothing", () => {
    expect(classify(spoken("here am i talking with", "here and i talking with", "who am i talking with"))).toBe("ask_identity");
  });

  it("read the recogniser's usual spelling of a short 'who is this?' as the question", () => {
    expect(classify(spoken("here is this", "hear is this", "fear is this"))).toBe("ask_identity");
    expect(classify(spoken("here is this code four seven two nine"))).not.toBe("ask_identity");
  });

  it("never take compliance from an alternative", () => {
    expect(classify(spoken("center payment", "okay i will send the payment"))).toBe("unclear");
  });

  it("are no compliance when any alternative refuses or verifies: the caller presses on", () => {
    expect(classify(spoken("okay i will send the payment", "okay i will not send the payment"))).toBe("other");
    expect(code(spoken("four seven two nine one eight", "i will call the helpdesk myself"))).toBe("other");
  });

  it("are still compliance when an alternative only hears the last word 'now' as 'no'", () => {
    expect(classify(spoken("okay i will send the payment now", "okay i will send the payment no"))).toBe("comply");
  });

  it("are still compliance when an alternative only says 'bye' (the recogniser's spelling of many an 'I'll')", () => {
    expect(classify(spoken("alright i will pay the lawyers right now", "alright bye okay the lawyers right now"))).toBe("comply");
  });

  it("take 'buy' for 'bye' after a word that makes it a purchase", () => {
    expect(classify(spoken("which company are we bye"))).toBe("ask_purpose");
    expect(classify(spoken("okay talk soon buying"))).toBe("goodbye");
  });

  it("press on rather than comply when the compliance starts with a word that sounds like 'no'", () => {
    expect(classify(spoken("now i will send the payment"))).toBe("other");
    expect(classify(spoken("okay i will send the payment now"))).toBe("comply");
    expect(classify(spoken("no problem i will push the transfer through"))).toBe("comply");
  });

  it("read the recogniser's homophones of digits inside a run of digits", () => {
    expect(code(spoken("it's five eight eight to one zero"))).toBe("comply");
    expect(code(spoken("i want to go for a walk"))).not.toBe("comply");
  });

  it("give every possible list of hypotheses one of the known intents", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 80 }), { maxLength: 7 }), (hypotheses) => {
        expect(intents).toContain(classify({ via: "speech", text: hypotheses[0] ?? "", alternatives: hypotheses.slice(1) }));
      }),
    );
  });
});

describe("polarity: a lost negation or a misheard word never makes a compliance", () => {
  const wire = createIntentClassifier(playbook("ceo-urgent-wire"));
  const code = createIntentClassifier(playbook("it-helpdesk-mfa-reset"));
  const both = (classify: IntentClassifier, text: string) => [classify(typed(text)), classify(spoken(normalise(text)))];

  it("reads a condition on the goal as holding back, whatever the verb before it ('I can't send a payment without the normal approval', heard without its n't)", () => {
    expect(both(wire, "I can't send a payment without the normal approval")).toEqual(["refuse", "refuse"]);
    expect(both(wire, "I can send a payment without the normal approval")).toEqual(["refuse", "refuse"]);
    expect(both(wire, "I'll transfer it unless my manager says otherwise")).not.toContain("comply");
  });

  it("takes a word that only follows a negation for a lost 'not' ('I won't be sharing any code' heard as 'I will be sharing any code')", () => {
    expect(both(code, "I will be sharing any code with you today")).not.toContain("comply");
    expect(both(wire, "I have sent the money yet")).not.toContain("comply");
  });

  it("takes an apology before the verb for a refusal's frame, not a yes ('I'm sorry, but I'm going to say no' heard as 'pay now')", () => {
    expect(both(wire, "I'm sorry, but I'm going to pay now")).not.toContain("comply");
  });

  it("takes 'I am' or 'I have' before the goal's verb for a yes only with 'to' between ('I'm thinking of painting the kitchen green' heard as 'i'm think i'm of pay into the picture three')", () => {
    expect(both(wire, "i'm think i'm of pay into the picture three")).not.toContain("comply");
    expect(both(wire, "I'm happy to pay the invoice now")).toEqual(["comply", "comply"]);
    expect(both(wire, "I have to transfer the money now then")).toEqual(["comply", "comply"]);
  });

  it("takes a question about complying for no yes", () => {
    expect(both(wire, "Should I send the payment now?")).not.toContain("comply");
    expect(both(wire, "So I'll send the payment, right?")).not.toContain("comply");
  });

  it("takes a sentence that opens with a question word for no yes ('Okay, talk soon, bye' heard as 'how can i have sent back')", () => {
    expect(both(wire, "how can i have sent back")).not.toContain("comply");
    expect(both(wire, "What, I'll send the payment now")).not.toContain("comply");
  });

  it("takes a sentence that ends in 'about' for a question whose 'what' was lost, not a yes ('Sorry, what's this transfer about?' heard as 'sorry i would just transfer about')", () => {
    expect(both(wire, "sorry i would just transfer about")).not.toContain("comply");
    expect(both(wire, "Sorry, I'll transfer the money now")).toEqual(["comply", "comply"]);
  });

  it("takes something sent back for no payment made ('Okay, talk soon, bye' heard as 'okay i have sent back')", () => {
    expect(both(wire, "okay i have sent back")).not.toContain("comply");
    expect(both(wire, "Okay, I've sent it")).toEqual(["comply", "comply"]);
  });

  it("takes a sentence with 'can I' or 'should we' in it for a question, not a yes ('Okay, talk soon, bye' heard as 'can can i have sent back')", () => {
    expect(both(wire, "can can i have sent back")).not.toContain("comply");
  });

  it("takes 'the number is' with nothing after for no read-out yet ('Okay, cheers, bye' heard as 'the i'd out and i'll buy you number's')", () => {
    expect(both(code, "the i'd out and i'll buy you number's")).not.toContain("comply");
    expect(both(code, "the number is four seven two nine one eight")).toEqual(["comply", "comply"]);
  });

  it("presses on when a yes in words comes with a word only an answer that puts it off or checks it uses ('Put it in an email and I'll look at it' heard as 'paying email and i'll pay')", () => {
    expect(wire(spoken("paying email and i'll pay"))).toBe("other");
    expect(wire(spoken("okay i'll send the payment and check it arrived later"))).toBe("other");
    expect(wire(typed("Okay, I'll send the payment and check it arrived later"))).toBe("comply");
  });

  it("presses on when a yes in words has 'know' in it, the recogniser's spelling of a 'no' mid-sentence ('No, I'm not going to read that out to you' heard as 'hang out and i'm going to read that out you know are')", () => {
    expect(code(spoken("hang out and i'm going to read that out you know are"))).toBe("other");
  });

  it("presses on when a yes ends on an article or a possessive, where the recogniser lost what came after ('I'll call the service desk on the number on the intranet' heard as 'i will read it out on the number on the')", () => {
    expect(code(spoken("i will read it out on the number on the"))).toBe("other");
    expect(code(spoken("i will read it out to you"))).toBe("comply");
  });

  it("presses on when a yes ends on a preposition, where the recogniser lost what came after and perhaps a 'not' before ('No, I'm not going to read that out to you' heard as 'but nine i'm going to read it out to')", () => {
    expect(code(spoken("but nine i'm going to read it out to"))).toBe("other");
    expect(wire(spoken("okay i will send the payment for"))).toBe("other");
    expect(wire(spoken("okay i will send the payment for you"))).toBe("comply");
  });

  it("still takes a whole code read out with such words around it for the leak it is", () => {
    expect(code(spoken("i know it's six two eight four one nine"))).toBe("comply");
  });

  it("presses on when a few digits come with such words ('I'd rather check with my manager before doing anything' heard as 'i'd rather check with nine eight seven five in anything')", () => {
    expect(code(spoken("i'd rather check with nine eight seven five in anything"))).toBe("other");
    expect(code(spoken("okay it's nine eight seven five"))).toBe("comply");
  });

  it("asks again when the recogniser doubts the words of a yes, however plain they are", () => {
    const heard = (confidence: number): VisitorTurn => ({ via: "speech", text: "okay i will send the payment now", confidence });
    expect(wire(heard(minComplianceConfidence - 0.01))).toBe("unclear");
    expect(wire(heard(minComplianceConfidence))).toBe("comply");
  });

  it("takes what a doubted turn says when it is no yes (the doubt only ever holds back a compliance)", () => {
    expect(wire({ via: "speech", text: "no i will not send the payment", confidence: 0.1 })).toBe("refuse");
  });

  it("presses on when the yes rests on 'I can', which a faint 't' turns into 'I can't'", () => {
    expect(wire(spoken("i can send the payment now"))).toBe("other");
    expect(wire(spoken("okay i will send the payment now"))).toBe("comply");
  });

  it("presses on when any other hypothesis has a negation the best one lost", () => {
    expect(wire(spoken("i will send the payment today", "i will not send the payment today"))).toBe("other");
    expect(wire(spoken("i will send the payment today", "i will send the payment without approval"))).toBe("other");
    expect(wire(spoken("no problem i will push the transfer through", "no problem i will push the transfer through now"))).toBe("comply");
  });

  it("presses on when another hypothesis hears the yes as a question ('Sorry, what's this transfer about?')", () => {
    expect(wire(spoken("sorry i would just transfer the code", "sorry i would just transfer the part", "sorry i would just transfer about"))).toBe("other");
    expect(wire(spoken("okay i will make the transfer now", "so i will make the transfer right"))).toBe("other");
    expect(wire(spoken("okay i will make the transfer now", "okay i will make the transfer how"))).toBe("comply");
  });

  it("never turns a labelled answer of the corpus (the tuning split) or a phone answer into compliance by losing its n't", () => {
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
      const classify = createIntentClassifier(playbook(scenario));
      return both(classify, lose(text)).includes("comply");
    });
    expect(complied.map(({ text }) => text)).toEqual([]);
  });
});

describe("questions the caller did not script", () => {
  it("reads who else is in on it, when and where as a question about the request ('Who else knows about this acquisition?')", () => {
    const wire = createIntentClassifier(playbook("ceo-urgent-wire"));
    expect(wire(typed("Who else knows about this acquisition?"))).toBe("ask_purpose");
    expect(wire(spoken("who else knows about this acquisition"))).toBe("ask_purpose");
    expect(wire(typed("When did the lawyers ask for it?"))).toBe("ask_purpose");
  });

  it("reads whom the caller works for, however it is put, as a question of identity ('Which payroll company did you say you work for?')", () => {
    const hr = createIntentClassifier(playbook("hr-payroll-update"));
    expect(hr(typed("Which payroll company did you say you work for?"))).toBe("ask_identity");
    expect(hr(spoken("which payroll company did you say you work for"))).toBe("ask_identity");
    expect(hr(typed("Who do you actually work for?"))).toBe("ask_identity");
    expect(hr(typed("What agency are you calling from?"))).toBe("ask_identity");
  });

  it("reads asking who passed the call on, the company's name, or whether the caller is a person as a question of identity", () => {
    expect(payroll("Who put you through to me?")).toBe("ask_identity");
    expect(payroll("What's the name of your company again?")).toBe("ask_identity");
    expect(helpdesk("Are you a real person?")).toBe("ask_identity");
    expect(helpdesk("Is this an automated call?")).toBe("ask_identity");
  });

  it("reads an unknown number as a question of identity, not a refusal ('This number isn't one I recognise')", () => {
    expect(ceo("This number isn't one I recognise.")).toBe("ask_identity");
  });

  it("reads what has happened, what is changing, what a thing is called and where the money goes as questions about the request", () => {
    expect(helpdesk("What exactly has happened?")).toBe("ask_purpose");
    expect(payroll("What's changing with the payroll?")).toBe("ask_purpose");
    expect(payroll("What's the new system called?")).toBe("ask_purpose");
    expect(ceo("Who is the money going to?")).toBe("ask_purpose");
    expect(createIntentClassifier(playbook("ceo-urgent-wire"))(spoken("here is the money going to"))).toBe("ask_purpose");
    expect(ceo("What's the deal you're talking about?")).toBe("ask_purpose");
  });
});

describe("answers the corpus never had", () => {
  it("reads keeping the code to oneself as a refusal", () => {
    expect(helpdesk("I'm keeping the code to myself, thank you.")).toBe("refuse");
  });

  it("reads asking whether it can wait as putting the call off", () => {
    expect(ceo("Can this wait until Monday?")).toBe("offer_callback");
  });

  it("reads 'that's enough, I'm going' as a goodbye", () => {
    expect(payroll("That's enough, I'm going.")).toBe("goodbye");
  });
});

describe("digits heard in a noisy room", () => {
  const code = createIntentClassifier(playbook("it-helpdesk-mfa-reset"));

  it("ask again when the turn is digits and nothing else (noise the recogniser wrote as a code)", () => {
    expect(code(spoken("five five one two seven"))).toBe("unclear");
    expect(code(typed("55127"))).toBe("comply");
  });

  it("take a code read out with words around it, even when an alternative drops a digit", () => {
    expect(code(spoken("okay it's four seven two nine one eight", "okay it's four seven to nine one"))).toBe("comply");
  });
});
