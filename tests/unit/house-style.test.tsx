/** @jest-environment node */
import { renderToStaticMarkup } from "react-dom/server";
import OnePagerPage from "@/app/one-pager/page";
import { dataStatements } from "@/content/legal/data-practices";
import { companyNewsTag, glossary, pitchPaths, repetitionBudget, takeawayHeading, vocabulary } from "@/content/house-style";
import { sources } from "@/content/sources";
import { topics } from "@/content/topics";
import { houseTermViolations } from "@/lib/editorial/glossary";
import { documentsEndingOnPitch, documentsWithSection, repeatedPhrases, sharedPassages, sharedSentences, topicsCitedTooOften, topicsOverBudget, type Topic } from "@/lib/editorial/repetition";
import { plainText } from "@/lib/editorial/text";
import { articles } from "@mockingbird/testkit/content/content-corpus";
import { siteCopy } from "@mockingbird/testkit/content/site-copy";

/**
 * The house style, held over everything a visitor reads (testkit/content/site-copy.ts): the
 * checks are pure functions in lib/editorial, the rules are data in content/house-style.ts and
 * content/topics.ts. Whether a sentence states a fact its source does not is the claims ledger's
 * (tests/unit/claims-ledger.test.ts).
 */

const copy = siteCopy();
const prose = copy.filter((part) => part.kind === "prose");
const readable = (text: string) => plainText(text);

describe("the house glossary", () => {
  test("every page, the one-pager's own words included, uses the house form of each term", () => {
    const onePager = renderToStaticMarkup(<OnePagerPage />).replace(/<[^>]+>/g, " ");
    const texts = [...copy.map((part) => ({ where: `${part.page} (${part.where})`, text: readable(part.text) })), { where: "one-pager", text: onePager }];
    const violations = texts.flatMap(({ where, text }) => houseTermViolations(text, glossary).map((violation) => `${where}: "${violation.found}" (house form: ${violation.use}) in "${violation.context}"`));
    expect(violations).toEqual([]);
  });
});

describe("the repetition budget", () => {
  const resolved: Topic[] = topics.map((topic) => ({ id: topic.id, urls: topic.sources.map((id) => sources[id].url), mentions: topic.mentions, about: topic.about }));
  const pagesThatTell = new Set([...articles().map((article) => article.slug), "/", "/manifesto", "/product"]);

  test("every cited source belongs to exactly one topic", () => {
    const counts = Object.keys(sources).map((id) => [id, topics.filter((topic) => (topic.sources as readonly string[]).includes(id)).length] as const);
    expect(counts.filter(([, count]) => count !== 1)).toEqual([]);
  });

  test(`a case or study is told on at most ${repetitionBudget.pagesPerTopic} pages besides the articles about it`, () => {
    const places = copy.filter((part) => pagesThatTell.has(part.page)).map((part) => ({ page: part.page, text: readable(part.text), links: part.links }));
    const over = topicsOverBudget(resolved, places, repetitionBudget.pagesPerTopic);
    expect(over.map((entry) => `${entry.topic}: ${entry.pages.join(", ")}`)).toEqual([]);
  });

  test(`no two pages share a run of ${repetitionBudget.sharedRunWords} words outside quotations and the titles of linked articles`, () => {
    const withoutArticleTitles = (markdown: string) => markdown.replace(/\[[^\]]*\]\(\/blog\/[^)]*\)/g, " … ");
    // The data model's statements are one text on every page that states them, by design (content/legal/data-practices.ts).
    const modelStatements = Object.values(dataStatements).flatMap((statement) => [statement, `${statement.charAt(0).toLowerCase()}${statement.slice(1)}`]);
    const withoutModelStatements = (text: string) => modelStatements.reduce((rest, statement) => rest.split(statement).join(" … "), text);
    const shared = sharedPassages(
      prose.map((part) => ({ page: part.page, text: withoutModelStatements(readable(withoutArticleTitles(part.text))) })),
      repetitionBudget.sharedRunWords,
    );
    expect(shared.map((passage) => `"${passage.words}": ${passage.pages.join(", ")}`)).toEqual([]);
  });

  test(`a case's sources are cited by at most ${repetitionBudget.citingPagesPerTopic} article besides the articles about it; others refer to the article that tells it`, () => {
    // Home and the manifesto show figures beside their sources by design; a case is retold in an article.
    const articleSlugs = new Set(articles().map((article) => article.slug));
    const places = copy.filter((part) => articleSlugs.has(part.page)).map((part) => ({ page: part.page, text: readable(part.text), links: part.links }));
    const over = topicsCitedTooOften(resolved, places, repetitionBudget.citingPagesPerTopic);
    expect(over.map((entry) => `${entry.topic}: ${entry.pages.join(", ")}`)).toEqual([]);
  });

  const tellingProse = () => prose.filter((part) => pagesThatTell.has(part.page)).map((part) => ({ page: part.page, text: readable(part.text.replace(/\[[^\]]*\]\(\/blog\/[^)]*\)/g, " … ")) }));

  test(`no pair of content words outside the site's vocabulary appears on more than ${repetitionBudget.phrasePages} pages`, () => {
    const repeated = repeatedPhrases(tellingProse(), { maxPages: repetitionBudget.phrasePages, vocabulary });
    expect(repeated.map((entry) => `"${entry.phrase}": ${entry.pages.join(", ")}`)).toEqual([]);
  });

  test(`no two pages share a sentence of ${repetitionBudget.sharedSentenceWords} words or more`, () => {
    const shared = sharedSentences(tellingProse(), repetitionBudget.sharedSentenceWords);
    expect(shared.map((entry) => `"${entry.words}": ${entry.pages.join(", ")}`)).toEqual([]);
  });

  test("each article ends on its own point, not on the product pitch, unless the company is its subject", () => {
    const documents = articles()
      .filter((article) => !(article.frontmatter.tags as string[]).includes(companyNewsTag))
      .map((article) => ({ page: article.slug, paragraphs: article.blocks.filter((block) => block.kind !== "heading").map((block) => block.text) }));
    expect(documentsEndingOnPitch(documents, pitchPaths)).toEqual([]);
  });

  test(`at most ${repetitionBudget.takeawaySections} articles have a section of takeaways`, () => {
    const documents = articles().map((article) => ({ page: article.slug, headings: article.blocks.filter((block) => block.kind === "heading").map((block) => block.text) }));
    expect(documentsWithSection(documents, takeawayHeading).length).toBeLessThanOrEqual(repetitionBudget.takeawaySections);
  });
});
