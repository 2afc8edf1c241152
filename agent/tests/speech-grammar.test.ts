/** @jest-environment node */
import { buildJsgf, dictionaryText, normalizePhrase, parseCmuDict, phraseWords, planGrammar, trimDictionary } from "../src/speech/grammar";

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

  it("refuses symbols that JSGF would read as syntax", () => {
    expect(normalizePhrase("yes | no").ok).toBe(false);
    expect(normalizePhrase("<rule>").ok).toBe(false);
    expect(normalizePhrase("a; public <x> = y").ok).toBe(false);
  });

  it("refuses an empty phrase", () => {
    expect(normalizePhrase(" ?! ").ok).toBe(false);
  });
});

describe("JSGF text", () => {
  it("is one public rule whose alternatives are the phrases", () => {
    expect(buildJsgf(["who is this", "no"])).toBe("#JSGF V1.0;\ngrammar mockingbird;\npublic <utterance> =\n    who is this\n  | no\n  ;\n");
  });

  it("lists a repeated phrase once", () => {
    expect(buildJsgf(["no", "no"]).match(/\bno\b/g)).toHaveLength(1);
  });

  it("throws on a phrase that was not normalized", () => {
    expect(() => buildJsgf(["Who is this?"])).toThrow(/not normalized/);
  });

  it("throws on an empty phrase list", () => {
    expect(() => buildJsgf([])).toThrow(/at least one phrase/);
  });
});

describe("pronunciation dictionary", () => {
  it("groups alternate pronunciations under their word", () => {
    expect(dictionary.get("a")).toEqual(["AH", "EY"]);
    expect(dictionary.get("a's")).toEqual(["EY Z"]);
  });

  it("keeps only the grammar's words, alternates named as pocketsphinx expects", () => {
    const trimmed = trimDictionary(["the", "code"], dictionary);
    expect(dictionaryText(trimmed.entries)).toBe("the DH AH\nthe(2) DH IY\ncode K OW D\n");
  });

  it("reports words without a pronunciation", () => {
    expect(trimDictionary(["code", "mockingbird"], dictionary).missing).toEqual(["mockingbird"]);
  });
});

describe("grammar plan", () => {
  it("builds the grammar and a dictionary of exactly its words", () => {
    const plan = planGrammar(["Who is this?", "I don't think so"], dictionary);
    expect(plan?.phrases).toEqual(["who is this", "i don't think so"]);
    expect(plan?.dictionary.map((entry) => entry.word).sort()).toEqual(["don't", "i", "is", "so", "think", "this", "who"]);
  });

  it("leaves out phrases with unknown words, saying which words", () => {
    const plan = planGrammar(["who is this", "who is mockingbird"], dictionary);
    expect(plan?.phrases).toEqual(["who is this"]);
    expect(plan?.rejected).toEqual([{ phrase: "who is mockingbird", reason: "not in the pronunciation dictionary: mockingbird" }]);
  });

  it("is null when no phrase is usable", () => {
    expect(planGrammar(["123", "mockingbird"], dictionary)).toBeNull();
  });

  it("collects each word once", () => {
    expect(phraseWords(["no no", "no so"])).toEqual(["no", "so"]);
  });
});
