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
});
