/** @jest-environment node */
import { documentsEndingOnPitch, documentsWithSection, pagesTelling, repeatedPhrases, sharedPassages, sharedSentences, topicsCitedTooOften, topicsOverBudget, type Place, type Topic } from "@/lib/editorial/repetition";

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

  test("flags a pair of content words on more pages than the budget, unless it is the site's vocabulary", () => {
    const pages = ["a", "b", "c", "d"].map((page) => ({ page, text: `A familiar voice can be cloned at the help desk on page ${page}.` }));
    expect(repeatedPhrases(pages, { maxPages: 3, vocabulary: ["help desk"] })).toEqual([{ phrase: "familiar voice", pages: ["a", "b", "c", "d"] }]);
    expect(repeatedPhrases(pages.slice(0, 3), { maxPages: 3, vocabulary: [] })).toEqual([]);
  });

  test("flags a short sentence that stands on two pages, which an eight-word run misses", () => {
    const shared = sharedSentences(
      [
        { page: "helpdesk", text: "Practice the call. That is what Mockingbird is for." },
        { page: "manifesto", text: "People learn by meeting pressure. That is what Mockingbird is for." },
      ],
      4,
    );
    expect(shared).toEqual([{ words: "that is what mockingbird is for", pages: ["helpdesk", "manifesto"] }]);
  });

  test("names the documents whose last paragraph pitches the product or the beta", () => {
    const documents = [
      { page: "guide", paragraphs: ["Advice.", "If you want to see a call, [join our beta](/join-beta)."] },
      { page: "byod", paragraphs: ["Advice with [playbooks](/product#playbooks).", "The phone in an employee's pocket is part of the attack surface."] },
    ];
    expect(documentsEndingOnPitch(documents, ["/product", "/join-beta"])).toEqual(["guide"]);
  });

  test("flags a case whose sources are linked by more pages than the budget besides the pages about it", () => {
    const retold: Place[] = [
      { page: "guide", text: "Ferrari's executive asked about a book.", links: ["https://example.com/caesars"] },
      { page: "coach", text: "A Ferrari executive asked a question.", links: ["https://example.com/caesars"] },
      { page: "helpdesk", text: "Caesars' 8-K.", links: ["https://example.com/caesars"] },
      { page: "byod", text: "As our guide tells, Caesars was called.", links: [] },
    ];
    expect(topicsCitedTooOften([caesars], retold, 1)).toEqual([{ topic: "caesars", pages: ["guide", "coach"] }]);
    expect(topicsCitedTooOften([caesars], retold.slice(1), 1)).toEqual([]);
  });
});
