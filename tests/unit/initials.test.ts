import { initialsOf } from "@/lib/initials";

describe("initialsOf", () => {
  it.each([
    ["Maya Sterling", "MS"],
    ["  Maya   Sterling  ", "MS"],
    ["Maya\tSterling\n", "MS"],
    ["maya sterling", "MS"],
    ["Maya", "M"],
    ["  maya  ", "M"],
    ["Maya Rose Sterling", "MS"],
    ["Jean-Luc Picard", "JP"],
    ["Élodie Ørsted", "ÉØ"],
    ["анна петрова", "АП"],
    ["Σοφία Παπαδοπούλου", "ΣΠ"],
    ["李 小龙", "李小"],
    ["Maya\u00a0Sterling", "MS"],
    ["(Maya) Sterling", "MS"],
    ["Maya Sterling - 2", "MS"],
  ])("%j -> %j", (name, expected) => {
    expect(initialsOf(name)).toBe(expected);
  });

  it("keeps a letter with a combining accent as one initial", () => {
    expect(initialsOf("e\u0301mile zola")).toBe("ÉZ");
  });

  it("returns an empty string when the name has no letters", () => {
    expect(initialsOf("")).toBe("");
    expect(initialsOf("   ")).toBe("");
    expect(initialsOf("42 -")).toBe("");
  });
});
