/** @jest-environment node */
import { domainSentenceWords } from "../src/speech/recognition";
import { dictionaryText, normalizePhrase, parseCmuDict, trimDictionary } from "../src/speech/recognition/pronunciations";

const dictionary = parseCmuDict(
  ["a AH", "a's EY Z", "a(2) EY", "who HH UW", "is IH Z", "this DH IH S", "the DH AH", "the(2) DH IY", "code K OW D", "don't D OW N T", "no N OW", "think TH IH NG K", "so S OW", "i AY"].join("\n"),
);

describe("phrase normalization", () => {
  it("lowercases, drops sentence punctuation and collapses spaces", () => {
    expect(normalizePhrase("  Who is THIS?  ")).toEqual({ ok: true, phrase: "who is this" });
  });

  it("turns hyphens into word breaks", () => {
    expect(normalizePhrase("call-back")).toEqual({ ok: true, phrase: "call back" });
  });

  it("keeps apostrophes, including typographic ones", () => {
    expect(normalizePhrase("I don\u2019t think so")).toEqual({ ok: true, phrase: "i don't think so" });
  });

  it("refuses digits with a reason that says to spell them out", () => {
    const result = normalizePhrase("the code is 123456");
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/'123456'.*spell numbers out/);
  });

  it("refuses symbols, which no dictionary word contains", () => {
    expect(normalizePhrase("yes | no").ok).toBe(false);
    expect(normalizePhrase("<rule>").ok).toBe(false);
    expect(normalizePhrase("a; public <x> = y").ok).toBe(false);
  });

  it("refuses an empty phrase", () => {
    expect(normalizePhrase(" ?! ").ok).toBe(false);
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
