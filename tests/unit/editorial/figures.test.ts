/** @jest-environment node */
import { figureInEntries, figuresIn, figureText, measuresInWords, wordedFiguresIn } from "@/lib/editorial/figures";

describe("figures in copy", () => {
  test("dates, years and names with digits are not figures", () => {
    expect(figureText("On June 4, 2025 UNC6040, Storm-1811 and the 8-K, in 2024, and 1:1 coaching")).not.toMatch(/\d/);
  });

  test("reads numbers with thousands separators and decimals, and notes approximations", () => {
    expect(figuresIn("46.15% complied; about 196,000 messages; more than US$25m; 27 customers.")).toEqual([
      { text: "46.15", value: 46.15, approximate: false },
      { text: "196,000", value: 196000, approximate: true },
      { text: "25", value: 25, approximate: true },
      { text: "27", value: 27, approximate: false },
    ]);
  });

  test("a figure is supported when an entry states it", () => {
    expect(figureInEntries({ text: "27", value: 27, approximate: false }, ["**27** cloud customers"])).toBe(true);
    expect(figureInEntries({ text: "15", value: 15, approximate: false }, ["lost about **$15m**"])).toBe(true);
  });

  test("an entry may state the figure in words, from zero to twenty", () => {
    expect(figureInEntries({ text: "3", value: 3, approximate: false }, ["Even three seconds of audio was enough"])).toBe(true);
    expect(figureInEntries({ text: "4", value: 4, approximate: false }, ["Everyone was there"])).toBe(false);
  });

  test("an approximate figure may round the entry's by 1%, an exact one may not", () => {
    expect(figureInEntries({ text: "196,000", value: 196000, approximate: true }, ["196,045 messages"])).toBe(true);
    expect(figureInEntries({ text: "196,000", value: 196000, approximate: false }, ["196,045 messages"])).toBe(false);
    expect(figureInEntries({ text: "190,000", value: 190000, approximate: true }, ["196,045 messages"])).toBe(false);
  });

  test("a figure no entry states is unsupported", () => {
    expect(figureInEntries({ text: "0.5", value: 0.5, approximate: false }, ["no per-call price was found"])).toBe(false);
  });

  test("reads figures written in words, which the numeral checks would miss, leaving out the article-like 'one'", () => {
    expect(wordedFiguresIn("Twenty-seven customers, two weeks later, a thousand emails and one call.").map((figure) => [figure.text, figure.value])).toEqual([
      ["Twenty-seven", 27],
      ["two", 2],
      ["a thousand", 1000],
    ]);
  });

  test("a measurement written in words is a figure that needs its source, a count of our own is not", () => {
    expect(measuresInWords("The effect of an awareness session had gone within two weeks.")).toBe(true);
    expect(measuresInWords("Two lessons follow, and there are two ways to find out.")).toBe(false);
  });
});
