/** @jest-environment node */
import { unsupportedChannels, type Channel } from "@/lib/editorial/channels";

const channels: Channel[] = [
  { name: "phone", said: /\bphone calls?\b|\bcalled\b/i, inSource: /\bcall(?:s|ed)?\b|\bphone\b/i },
  { name: "email", said: /\bemails?\b/i, inSource: /\bemails?\b/i },
];
const entries: Record<string, string[]> = {
  "https://example.org/hearing": ["Co-op said its attackers had impersonated an employee and answered security questions to trigger an account reset."],
  "https://example.org/caesars": ["The hackers posed as an employee and called the IT help desk to change a password."],
};
const entriesOf = (url: string) => entries[url] ?? [];

describe("the channel check", () => {
  test("flags a cited sentence that names a channel its source does not", () => {
    const markdown = "Co-op's attackers got in with one phone call to the help desk, [as reported](https://example.org/hearing).";
    expect(unsupportedChannels([{ where: "partnership", markdown }], channels, entriesOf)).toEqual([
      { where: "partnership", channel: "phone", sentence: "Co-op's attackers got in with one phone call to the help desk, as reported." },
    ]);
  });

  test("accepts a channel the cited source names", () => {
    const markdown = "The attackers called the IT help desk, [according to the WSJ](https://example.org/caesars).";
    expect(unsupportedChannels([{ where: "guide", markdown }], channels, entriesOf)).toEqual([]);
  });

  test("checks each sentence against the sources it links itself, not its neighbours'", () => {
    const markdown = "The attackers called the help desk ([WSJ](https://example.org/caesars)). Co-op's were let in by email ([hearing](https://example.org/hearing)).";
    expect(unsupportedChannels([{ where: "x", markdown }], channels, entriesOf).map((found) => found.channel)).toEqual(["email"]);
  });

  test("holds a sentence without a link to the sources of its passage", () => {
    const markdown = "Phone calls can move money. Two retailers described that to MPs, [as reported](https://example.org/hearing).";
    expect(unsupportedChannels([{ where: "partnership", markdown }], channels, entriesOf)).toMatchObject([{ channel: "phone", sentence: "Phone calls can move money." }]);
  });

  test("leaves passages that cite nothing, and quotations, alone", () => {
    expect(unsupportedChannels([{ where: "x", markdown: "Call back on a known number." }], channels, entriesOf)).toEqual([]);
    const markdown = 'The CEO said it was "one phone call", [as reported](https://example.org/hearing).';
    expect(unsupportedChannels([{ where: "x", markdown }], channels, entriesOf)).toEqual([]);
  });
});
