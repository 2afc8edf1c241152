/** @jest-environment node */
import { domainSentenceWords } from "../src/speech/recognition";
import { modelPaths } from "../src/speech/recognition/pocketsphinx";
import { parseCmuDict } from "../src/speech/recognition/pronunciations";
import { extraPronunciations, visitorSentences } from "../src/caller/visitor-sentences";
import { readInstalledFile } from "./support/installed-file";

const { dictionary } = modelPaths();

describe("the pronunciations the corpus adds to the model's dictionary", () => {
  let modelText = "";
  beforeAll(() => {
    modelText = readInstalledFile(dictionary, "pocketsphinx-en-us", "latin1");
  });
  const extraText = extraPronunciations();
  const extra = parseCmuDict(extraText);
  const extraWords = extraText.split("\n").map((line) => line.split(" ")[0] as string);

  it("lets every sentence visitors are known to say reach the domain language model", () => {
    const both = parseCmuDict(modelText, extraText);
    const leftOut = visitorSentences().filter((sentence) => domainSentenceWords([sentence], both).length === 0);
    expect(leftOut).toEqual([]);
  });

  it("adds only words the model's dictionary lacks", () => {
    const dictionaryWords = parseCmuDict(modelText);
    expect(extraWords.filter((word) => dictionaryWords.has(word))).toEqual([]);
  });

  it("spells each word in phones the model's dictionary uses", () => {
    const phones = new Set(modelText.split("\n").flatMap((line) => line.split(" ").slice(1)));
    const unknown = extraWords.flatMap((word) => (extra.get(word) ?? [""]).flatMap((spelling) => spelling.split(" ").filter((phone) => !phones.has(phone)).map((phone) => `${word}: ${phone}`)));
    expect(unknown).toEqual([]);
  });
});
