/** @jest-environment node */
import { unsupportedClaims, type ClaimRules } from "@/lib/editorial/claims";

const rules: ClaimRules = {
  markers: [
    { kind: "absolute", pattern: /\bnobody\b/i },
    { kind: "absolute", pattern: /\bmost (security )?programs\b/i },
    { kind: "trend", pattern: /\ba growing share\b/i },
  ],
  opinion: [/\bwe think\b/i],
};

describe("the overstatement check", () => {
  test("flags an absolute in a passage that cites no source, naming the passage, the phrase and its sentence", () => {
    expect(unsupportedClaims([{ where: "must-have", text: "Ask around. The answer is a shrug: nobody has measured it.", cited: false }], rules)).toEqual([
      { where: "must-have", kind: "absolute", phrase: "nobody", sentence: "The answer is a shrug: nobody has measured it." },
    ]);
  });

  test("flags a trend word in a passage that cites no source", () => {
    expect(unsupportedClaims([{ where: "byod", text: "A growing share of calls ring on personal phones.", cited: false }], rules)).toMatchObject([{ kind: "trend", phrase: "A growing share" }]);
  });

  test("accepts the same words in a passage that cites a source", () => {
    expect(unsupportedClaims([{ where: "byod", text: "Most programs barely cover them, a survey found.", cited: true }], rules)).toEqual([]);
  });

  test("accepts a sentence the writer marks as opinion", () => {
    expect(unsupportedClaims([{ where: "intro", text: "We think most programs skip the phone.", cited: false }], rules)).toEqual([]);
  });

  test("leaves quotations alone: a source's own words are not ours to qualify", () => {
    expect(unsupportedClaims([{ where: "quote", text: 'Their slogan was "nobody gets hurt".', cited: false }], rules)).toEqual([]);
  });

  test("reports each marker of each sentence", () => {
    const found = unsupportedClaims([{ where: "x", text: "Nobody checks. Most programs ignore it.", cited: false }], rules);
    expect(found.map((claim) => claim.phrase)).toEqual(["Nobody", "Most programs"]);
  });

  describe("claims a cited source must make itself", () => {
    const strict: ClaimRules = {
      markers: [
        { kind: "trend", pattern: /\bclimbing\b/i, support: /\brose\b|\bup \d/i },
        { kind: "superlative", pattern: /\bthe most useful\b/i, support: /\bmost useful\b/i },
        { kind: "hedge", pattern: /\b(?:usually|simply)\b/i, support: "same" },
      ],
      opinion: [/\bwe think\b/i],
    };
    const study = "Phone field experiment, Bullee et al. (2016). Callers told 48 employees their PC was sending spam.";

    test("flags a trend the cited source does not state", () => {
      expect(unsupportedClaims([{ where: "byod", text: "Mobile phishing was climbing, a survey of 300 people found.", cited: true, entries: [study] }], strict)).toMatchObject([{ kind: "trend", phrase: "climbing" }]);
    });

    test("accepts a trend the cited source states", () => {
      expect(unsupportedClaims([{ where: "byod", text: "Mobile phishing was climbing.", cited: true, entries: ["Vishing and smishing rose seven-fold."] }], strict)).toEqual([]);
    });

    test("flags a superlative over a single study that does not call itself so", () => {
      expect(unsupportedClaims([{ where: "must-have", text: "The most useful study on phone attacks is small but telling.", cited: true, entries: [study] }], strict)).toMatchObject([{ kind: "superlative" }]);
    });

    test("flags a hedge or intensifier the source does not use, and accepts one it does", () => {
      const text = "The attackers simply called the help desk, usually on a Monday.";
      expect(unsupportedClaims([{ where: "guide", text, cited: true, entries: ["The hackers posed as an employee and called the IT help desk."] }], strict).map((claim) => claim.phrase)).toEqual(["simply", "usually"]);
      expect(unsupportedClaims([{ where: "guide", text: "Victims opened remote sessions, usually via Quick Assist.", cited: true, entries: ["Victims were pushed to open remote sessions, usually via Microsoft Quick Assist."] }], strict)).toEqual([]);
    });

    test("flags them in a passage that cites nothing, unless the sentence is marked as our view", () => {
      expect(unsupportedClaims([{ where: "x", text: "Help desks are usually measured on speed.", cited: false }], strict)).toMatchObject([{ kind: "hedge" }]);
      expect(unsupportedClaims([{ where: "x", text: "We think help desks are usually measured on speed.", cited: false }], strict)).toEqual([]);
    });
  });
});
