/** @jest-environment node */
import { expandContractions, grammarAgreesWithLanguageModel, hypothesisWords } from "../src/speech/rejection";

const knowsEverything = () => true;

describe("out-of-grammar check", () => {
  it("accepts when the general model heard at least 60% of the grammar's words", () => {
    expect(grammarAgreesWithLanguageModel("i will call you back", "i will call your back", knowsEverything)).toMatchObject({ accepted: true, matched: 4, checkable: 5 });
  });

  it("rejects when it heard fewer", () => {
    expect(grammarAgreesWithLanguageModel("no i will not give you my password", "the weather in paris is lovely", knowsEverything).accepted).toBe(false);
  });

  it("rejects when the general model heard much more than the phrase (a phrase that only begins the sentence)", () => {
    expect(grammarAgreesWithLanguageModel("i am not sure", "i am not sure what you're talking about", knowsEverything)).toMatchObject({ accepted: false, matched: 4, explained: 4 });
  });

  it("accepts a few extra words heard around the phrase", () => {
    expect(grammarAgreesWithLanguageModel("who is this", "uh who is this", knowsEverything).accepted).toBe(true);
  });

  it("rejects when the general model heard nothing", () => {
    expect(grammarAgreesWithLanguageModel("who is this", null, knowsEverything).accepted).toBe(false);
  });

  it("does not hold words the general model cannot produce against the phrase", () => {
    const knows = (word: string) => word !== "authenticator";
    expect(grammarAgreesWithLanguageModel("open the authenticator", "open the often", knows)).toMatchObject({ accepted: true, checkable: 2, matched: 2 });
  });

  it("keeps the grammar's answer when none of its words is checkable", () => {
    expect(grammarAgreesWithLanguageModel("authenticator", "often", () => false).accepted).toBe(true);
  });

  it("treats a contraction and its spelled-out form as the same words", () => {
    expect(grammarAgreesWithLanguageModel("i will not do that", "i won't do that", knowsEverything).accepted).toBe(true);
    expect(grammarAgreesWithLanguageModel("i do not think so", "i don't think so", knowsEverything).accepted).toBe(true);
  });
});

describe("hypothesis words", () => {
  it("leaves out fillers and alternate-pronunciation markers", () => {
    expect(hypothesisWords("<s> the(2) [NOISE] code <sil> </s>")).toEqual(["the", "code"]);
  });
});

describe("contractions", () => {
  it("spell out every reading of an ambiguous one, or only the first", () => {
    expect(expandContractions(["it's"])).toEqual(["it", "is", "has"]);
    expect(expandContractions(["it's"], "first")).toEqual(["it", "is"]);
  });

  it("handle irregular negations", () => {
    expect(expandContractions(["won't", "can't", "cannot"])).toEqual(["will", "not", "can", "not", "can", "not"]);
  });
});
