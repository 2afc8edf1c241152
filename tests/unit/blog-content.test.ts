/** @jest-environment node */
import { readFileSync } from "node:fs";
import { homeContent } from "@/content/home";
import { companyNewsTag } from "@/content/house-style";
import { launchSignoff, signedOff } from "@/content/launch-signoff";
import { manifesto } from "@/content/manifesto";
import { site } from "@/content/site";
import { sourceForUrl } from "@/content/sources";
import { countWords, wordsPerMinute } from "@/lib/blog/reading-time";
import { splitAtUpdate, updateMismatch } from "@/lib/blog/updates";
import { figureText, measuresInWords } from "@/lib/editorial/figures";
import { articles, externalLinks, factsPath, firstSentence, internalLinks, plainText, type Article } from "@mockingbird/testkit/content/content-corpus";

const all = articles();
const bySlug = new Map(all.map((article) => [article.slug, article]));
const each = all.map((article) => [article.slug, article] as const);

/** A reader who has seen a figure three times has seen it enough (cases and sentences: tests/unit/house-style.test.tsx). */
const maxRepeats = 3;

describe("article length", () => {
  test.each(each)("%s is 700 to 1,500 words", (_slug, article) => {
    const words = countWords(article.markdown);
    expect(words).toBeGreaterThanOrEqual(700);
    expect(words).toBeLessThanOrEqual(1500);
  });

  test.each(each.filter(([, article]) => article.readingTime))("%s states a reading time within a minute of its length", (_slug, article) => {
    const stated = Number.parseInt(article.readingTime as string, 10);
    expect(Math.abs(stated - countWords(article.markdown) / wordsPerMinute)).toBeLessThanOrEqual(1);
  });
});

describe("every article earns its place", () => {
  test("no two articles open with the same words, and none opens with a generalization about 'most' programs", () => {
    const openings = all.map((article) => plainText(article.markdown).split(" ").slice(0, 5).join(" ").toLowerCase());
    expect(new Set(openings).size).toBe(openings.length);
    for (const article of all) expect(firstSentence(article.markdown)).not.toMatch(/^Most\b/);
  });

  test(`each percentage appears in at most ${maxRepeats} places across the articles, Home and the manifesto`, () => {
    const documents: [string, string][] = [
      ...all.map((article): [string, string] => [article.slug, article.markdown]),
      ["home", homeContent.panel.figures.map((figure) => `${figure.value} ${figure.claim}`).join(" ")],
      [
        "manifesto",
        manifesto.sections
          .flatMap((section) => [...(section.figures ?? []), ...(section.bar ? [section.bar.figure] : [])])
          .map((figure) => `${figure.value}${figure.statement}`)
          .join(" "),
      ],
    ];
    const places = new Map<string, Set<string>>();
    for (const [name, text] of documents) for (const [figure] of text.matchAll(/\d[\d,.]*%/g)) places.set(figure, (places.get(figure) ?? new Set()).add(name));
    const repeated = [...places].filter(([, names]) => names.size > maxRepeats).map(([figure, names]) => `${figure}: ${[...names].join(", ")}`);
    expect(repeated).toEqual([]);
  });
});


describe("every figure is sourced where it stands", () => {
  const citesSource = (text: string) => externalLinks(text).some((url) => sourceForUrl(url));

  test.each(each)("%s links a listed source in every paragraph or list item that states a figure", (_slug, article) => {
    const unsourced = article.blocks
      .filter((block) => /\d/.test(figureText(block.text)) || measuresInWords(block.text))
      // A block quotation is attributed by the paragraph that introduces it.
      .filter((block) => !citesSource(block.text) && !(block.kind === "blockquote" && citesSource(article.blocks[article.blocks.indexOf(block) - 1]?.text ?? "")))
      .map((block) => block.text.slice(0, 100));
    expect(unsourced).toEqual([]);
  });
});

describe("articles know only what was known on their date", () => {
  test.each(each)("%s links only to articles published on or before it", (_slug, article) => {
    const later = article.blocks.flatMap((block) =>
      internalLinks(block.text)
        .filter((href) => href.startsWith("/blog/"))
        .map((href) => bySlug.get(href.slice("/blog/".length).split("#")[0] as string))
        .filter((target): target is Article => Boolean(target))
        .filter((target) => target.publishedTime > (block.part === "update" ? (article.modifiedTime as string) : article.publishedTime))
        .map((target) => target.slug),
    );
    expect(later).toEqual([]);
  });

  test("an update section comes last, under a heading dated like the frontmatter's 'updated'", () => {
    expect(splitAtUpdate("Intro.\n\n## Update, May 2, 2026: later\n\nMore.").update?.date).toBe("May 2, 2026");
    expect(updateMismatch("Intro.\n\n## Update, May 2, 2026: later\n", "May 2, 2026")).toBeUndefined();
    expect(updateMismatch("Intro.", "May 2, 2026")).toMatch(/no "## Update, May 2, 2026/);
    expect(updateMismatch("Intro.\n\n## Update, May 2, 2026: later\n", undefined)).toMatch(/no updated date/);
    expect(updateMismatch("Intro.\n\n## Update, May 3, 2026: later\n", "May 2, 2026")).toMatch(/dated May 3, 2026/);
    expect(updateMismatch("A\n\n## Update, May 2, 2026: one\n\n## Update, May 9, 2026: two\n", "May 2, 2026")).toMatch(/more than one/);
  });
});

describe("quotes are real", () => {
  /** Our own suggested words, quoted as examples of what to say, not attributed to anyone. */
  const ownExamplePhrases = [
    "I'll call the service desk back on the published number.",
    "I'll call you back on the number in the directory",
    "does this sound right to you?",
    "I know her, I recognize the voice",
    "I saw them on video",
    "IT needs you to do something",
    "verified and reported",
    "did not fall for it.",
    "Can I call you back?",
    "I recognize the voice",
    "IT calling about a problem",
    "Keep this between us",
  ];
  const facts = readFileSync(factsPath, "utf8").toLowerCase().replace(/[“”]/g, '"').replace(/[‘’]/g, "'");

  test.each(each)("%s quotes four or more words only from FACTS.md, or as its own example phrases", (_slug, article) => {
    const quotes = [...plainText(article.markdown).matchAll(/["“]([^"”]+)["”]/g)].map((match) => (match[1] as string).trim());
    const invented = quotes
      .filter((quote) => quote.split(/\s+/).length >= 4)
      .filter((quote) => !ownExamplePhrases.includes(quote))
      .filter((quote) => !facts.includes(quote.toLowerCase().replace(/[.,;:]$/, "")));
    expect(invented).toEqual([]);
  });
});

describe("article endings", () => {
  /** The paragraphs and list items a reader finishes on, headings aside. */
  const lastParagraphs = (article: Article, count: number) =>
    article.blocks
      .filter((block) => block.kind !== "heading")
      .slice(-count)
      .map((block) => block.text);
  const normalized = (markdown: string) => plainText(markdown).toLowerCase().replace(/\s+/g, " ").trim();

  test("no two articles end on the same paragraph", () => {
    const endings = all.map((article) => normalized(lastParagraphs(article, 1)[0] ?? ""));
    expect(endings.filter((ending, index) => endings.indexOf(ending) !== index)).toEqual([]);
  });

  // The company's own news may close on the product; every other article closes on its own subject.
  test(`only articles tagged "${companyNewsTag}" mention the product in their last two paragraphs`, () => {
    const mentionsProduct = (markdown: string) => new RegExp(`\\b${site.name}\\b`, "i").test(plainText(markdown)) || /\]\(\/(?:product|join-beta)\b/.test(markdown);
    const closingOnProduct = all
      .filter((article) => !(article.frontmatter.tags as string[]).includes(companyNewsTag))
      .filter((article) => lastParagraphs(article, 2).some(mentionsProduct))
      .map((article) => article.slug);
    expect(closingOnProduct).toEqual([]);
  });
});

describe("the partnership article", () => {
  const partnership = bySlug.get("mockingbird-ai-cyber-helmets-partnership") as Article;

  test("names the partner the company has signed off", () => {
    expect(plainText(partnership.markdown)).toContain(signedOff(launchSignoff.partner));
    expect(launchSignoff.partner.usedIn.join(" ")).toContain(`/blog/${partnership.slug}`);
  });

  test("describes the partner neutrally, without praise", () => {
    expect(plainText(partnership.markdown)).not.toMatch(/\b(leading|award-winning|world-class|best-in-class|renowned|trusted|premier|innovative|cutting-edge|industry-leading|expert)\b/i);
  });

  test("says what the partnership offers, to whom, how it works and what a reader should ask", () => {
    const headings = partnership.blocks.filter((block) => block.kind === "heading").map((block) => block.text);
    expect(headings).toEqual(expect.arrayContaining(["Who it is for", "What each side brings", "How the two fit together", "What to ask before a pilot"]));
  });
});
