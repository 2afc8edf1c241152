/** @jest-environment node */
import { domainSentenceWords } from "../src/speech/recognition";
import { dictionaryText, normalizePhrase, parseCmuDict, trimDictionary } from "../src/speech/recognition/pronunciations";

const dictionary = parseCmuDict(
  ["a AH", "a's EY Z", "a(2) EY", "who HH UW", "is IH Z", "this DH IH S", "the DH AH", "the(2) DH IY", "code K OW D", "don't D OW N T", "no N OW", "think TH IH NG K", "so S OW", "i AY"].join("\n"),
);

describe("phrase normalization", () => {
  it.each([
    ["lowercases, drops sentence punctuation and collapses spaces", "  Who is THIS?  ", "who is this"],
    ["turns hyphens into word breaks", "call-back", "call back"],
    ["keeps apostrophes, including typographic ones", "I don\u2019t think so", "i don't think so"],
  ])("%s", (_behaviour, phrase, normalized) => {
    expect(normalizePhrase(phrase)).toEqual({ ok: true, phrase: normalized });
  });

  it("refuses digits with a reason that says to spell them out", () => {
    const result = normalizePhrase("the code is 123456");
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/'123456'.*spell numbers out/);
  });

  it.each([
    ["symbols, which no dictionary word contains", ["yes | no", "<rule>", "a; public <x> = y"]],
    ["an empty phrase", [" ?! "]],
  ])("refuses %s", (_behaviour, phrases) => {
    for (const phrase of phrases) expect(normalizePhrase(phrase).ok).toBe(false);
  });
});

describe("pronunciation dictionary", () => {
  it("groups alternate pronunciations under their word", () => {
    expect(dictionary.get("a")).toEqual(["AH", "EY"]);
    expect(dictionary.get("a's")).toEqual(["EY Z"]);
  });

  it("keeps only the words asked for, alternates named as pocketsphinx expects", () => {
    const trimmed = trimDictionary(["the", "code"], dictionary);
    expect(dictionaryText(trimmed.entries)).toBe("the DH AH\nthe(2) DH IY\ncode K OW D\n");
  });

  it("reports words without a pronunciation", () => {
    expect(trimDictionary(["code", "mockingbird"], dictionary).missing).toEqual(["mockingbird"]);
  });
});

describe("domain sentences", () => {
  it("become dictionary words, punctuation and case dropped", () => {
    expect(domainSentenceWords(["Who is this?", "No, I don't think so."], dictionary)).toEqual([
      ["who", "is", "this"],
      ["no", "i", "don't", "think", "so"],
    ]);
  });

  it("leave out a sentence with a word the dictionary lacks, or a digit", () => {
    expect(domainSentenceWords(["who is mockingbird", "the code is 123456", "no"], dictionary)).toEqual([["no"]]);
  });
});
