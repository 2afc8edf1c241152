/** @jest-environment node */
import { documentsWithSection, pagesTelling, sharedPassages, topicsOverBudget, type Place, type Topic } from "@/lib/editorial/repetition";

const caesars: Topic = { id: "caesars", urls: ["https://example.com/caesars"], mentions: [/\bCaesars\b/], about: ["helpdesk"] };
const places: Place[] = [
  { page: "helpdesk", text: "Caesars paid.", links: ["https://example.com/caesars"] },
  { page: "guide", text: "The hackers called the help desk.", links: ["https://example.com/caesars"] },
  { page: "must-have", text: "In the Caesars breach, a call did it.", links: [] },
  { page: "salesforce", text: "As at Caesars, the caller posed as staff.", links: [] },
  { page: "coach", text: 'A slide said "Caesars" once.', links: [] },
];

describe("the repetition budget", () => {
  test("a page tells a topic by linking one of its sources or by naming it outside a quotation", () => {
    expect(pagesTelling(caesars, places)).toEqual(["helpdesk", "guide", "must-have", "salesforce"]);
  });

  test("a topic told on more pages than the budget, besides the pages about it, is over budget", () => {
    expect(topicsOverBudget([caesars], places, 2)).toEqual([{ topic: "caesars", pages: ["guide", "must-have", "salesforce"] }]);
    expect(topicsOverBudget([caesars], places, 3)).toEqual([]);
  });

  test("finds a run of words two pages share, reporting a repeated sentence once", () => {
    const shared = sharedPassages(
      [
        { page: "intro", text: "Reporting drills down by campaign, pretext, user group and call outcome." },
        { page: "product", text: "Dashboards drill down by campaign, pretext, user group and call outcome." },
      ],
      8,
    );
    expect(shared).toEqual([{ words: "down by campaign pretext user group and call", pages: ["intro", "product"] }]);
  });

  test("a run repeated within one page, or split by a sentence end, or inside a quotation is not shared", () => {
    expect(
      sharedPassages(
        [
          { page: "a", text: "One two three four five six seven eight. One two three four five six seven eight." },
          { page: "b", text: 'One two three four. Five six seven eight nine. "Ten eleven twelve thirteen fourteen fifteen sixteen seventeen"' },
          { page: "c", text: '"Ten eleven twelve thirteen fourteen fifteen sixteen seventeen"' },
        ],
        8,
      ),
    ).toEqual([]);
  });

  test("names the documents with a section whose heading matches a format", () => {
    const documents = [
      { page: "a", headings: ["Why it matters", "Practical takeaways for this week", "Join the beta"] },
      { page: "b", headings: ["Where human red-teamers still add value"] },
      { page: "c", headings: [] },
    ];
    expect(documentsWithSection(documents, /takeaways/i)).toEqual(["a"]);
  });
});
