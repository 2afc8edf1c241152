/** @jest-environment node */
import { classifyByRules, createIntentClassifier, longestDigitRun, normalise, type Intent } from "../src/caller/intents";
import fc from "fast-check";
import { intents, phraseIntents, type Playbook } from "../src/caller/playbook-schema";
import { loadPlaybooks } from "../src/caller/playbooks";

const playbooks = loadPlaybooks();
const playbook = (id: string): Playbook => {
  const found = playbooks.get(id);
  if (found === undefined) throw new Error(`no playbook ${id}`);
  return found;
};
const helpdesk = createIntentClassifier(playbook("it-helpdesk-mfa-reset"));
const ceo = createIntentClassifier(playbook("ceo-urgent-wire"));
const payroll = createIntentClassifier(playbook("hr-payroll-update"));

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

describe("speech: grammar phrases", () => {
  it("maps every grammar phrase of every playbook to the intent it is listed under", () => {
    const wrong: string[] = [];
    for (const current of playbooks.values()) {
      const classify = createIntentClassifier(current);
      for (const intent of phraseIntents) {
        for (const phrase of current.phrases[intent]) {
          const got = classify(phrase);
          if (got !== intent) wrong.push(`${current.id}: "${phrase}" -> ${got}, listed under ${intent}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("classifies every grammar phrase by the typed-text rules alone as well, so the rules are tested on realistic sentences", () => {
    const wrong: string[] = [];
    for (const current of playbooks.values()) {
      for (const intent of phraseIntents) {
        for (const phrase of current.phrases[intent]) {
          const got = classifyByRules(normalise(phrase), current.goal.kind);
          if (got !== intent) wrong.push(`${current.id}: "${phrase}" -> ${got}, listed under ${intent}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("lets the playbook's listing decide a phrase the rules would read differently", () => {
    const base = playbook("ceo-urgent-wire");
    const custom: Playbook = { ...base, phrases: { ...base.phrases, comply: [...base.phrases.comply, "purple monkey dishwasher"] } };
    expect(createIntentClassifier(custom)("purple monkey dishwasher")).toBe("comply");
  });

  it("reads speech that was not understood as unclear", () => {
    expect(helpdesk(null)).toBe("unclear");
  });
});

describe("typed text", () => {
  const cases: [string, (text: string | null) => Intent, string, Intent][] = [
    ["helpdesk", helpdesk, "Who's this?", "ask_identity"],
    ["helpdesk", helpdesk, "Sorry, who am I speaking with?", "ask_identity"],
    ["helpdesk", helpdesk, "What's your name again?", "ask_identity"],
    ["helpdesk", helpdesk, "How do I know you're really from IT?", "ask_identity"],
    ["helpdesk", helpdesk, "It's 482913", "comply"],
    ["helpdesk", helpdesk, "482 913", "comply"],
    ["helpdesk", helpdesk, "The code is 4 8 2 9 1 3.", "comply"],
    ["helpdesk", helpdesk, "Sure, no problem, here it is: 123456", "comply"],
    ["helpdesk", helpdesk, "ok I'll read it to you", "comply"],
    ["helpdesk", helpdesk, "No, I'm not reading that out.", "refuse"],
    ["helpdesk", helpdesk, "I won't give you my code", "refuse"],
    ["helpdesk", helpdesk, "Nope.", "refuse"],
    ["helpdesk", helpdesk, "This is obviously a scam", "refuse"],
    ["helpdesk", helpdesk, "Can I call you back?", "offer_callback"],
    ["helpdesk", helpdesk, "What's your extension? I'll ring you back.", "offer_callback"],
    ["helpdesk", helpdesk, "Could you send me an email about it?", "offer_callback"],
    ["helpdesk", helpdesk, "I'll call you back on the number in the directory.", "verify"],
    ["helpdesk", helpdesk, "Let me check with my manager first.", "verify"],
    ["helpdesk", helpdesk, "I'm going to hang up and call the IT help desk myself.", "verify"],
    ["helpdesk", helpdesk, "Bye!", "goodbye"],
    ["helpdesk", helpdesk, "I'm hanging up now.", "goodbye"],
    ["helpdesk", helpdesk, "What is this about?", "ask_purpose"],
    ["helpdesk", helpdesk, "Why do you need it?", "ask_purpose"],
    ["helpdesk", helpdesk, "Sorry, you're breaking up", "ask_repeat"],
    ["helpdesk", helpdesk, "Sorry?", "ask_repeat"],
    ["helpdesk", helpdesk, "Hello?", "small_talk"],
    ["helpdesk", helpdesk, "OK", "small_talk"],
    ["helpdesk", helpdesk, "Hmm, I'm not sure", "small_talk"],
    ["helpdesk", helpdesk, "The weather is lovely today", "other"],
    ["helpdesk", helpdesk, "   ...  ", "unclear"],
    ["ceo", ceo, "OK, I'll send it now.", "comply"],
    ["ceo", ceo, "Sure, I'll make the transfer right away", "comply"],
    ["ceo", ceo, "123456", "other"],
    ["ceo", ceo, "I need to check with finance first", "verify"],
    ["ceo", ceo, "I'll call your assistant to confirm", "verify"],
    ["ceo", ceo, "Is this really you, Richard?", "ask_identity"],
    ["ceo", ceo, "I can't do that without approval", "refuse"],
    ["ceo", ceo, "Why can't finance handle it?", "ask_purpose"],
    ["payroll", payroll, "My account number is 12345678", "comply"],
    ["payroll", payroll, "Sort code 20-45-16", "comply"],
    ["payroll", payroll, "I'll update it on the HR portal myself", "verify"],
    ["payroll", payroll, "HR never asks for this over the phone", "refuse"],
    ["payroll", payroll, "Will I still get paid?", "ask_purpose"],
    ["payroll", payroll, "Let me log into the HR system", "verify"],
    ["ceo", ceo, "Let me get finance on the line", "verify"],
    ["ceo", ceo, "We need two signatures for that", "verify"],
    ["ceo", ceo, "Richard, you sound different", "ask_identity"],
    ["ceo", ceo, "Done, it's sent.", "comply"],
    ["helpdesk", helpdesk, "I'd like to verify your identity first", "ask_identity"],
    ["helpdesk", helpdesk, "I'm calling security", "verify"],
    ["helpdesk", helpdesk, "please stop", "goodbye"],
  ];

  it.each(cases)("%s: %j means %s", (_scenario, classify, text, intent) => {
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

  it("counts digits as complying only when the goal is something made of digits", () => {
    expect(classifyByRules("4 8 2 9 1 3", "code")).toBe("comply");
    expect(classifyByRules("4 8 2 9 1 3", "payment")).toBe("other");
  });
});
