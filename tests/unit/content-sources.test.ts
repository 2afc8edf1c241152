/** @jest-environment node */
import { readFileSync } from "node:fs";
import { homeContent } from "@/content/home";
import { manifesto } from "@/content/manifesto";
import { sourceForUrl, sources, type Source } from "@/content/sources";
import { mayPostDate } from "@/lib/editorial/citation-dates";
import { factsEntry } from "@/lib/editorial/facts";
import { figureInEntries, figuresIn, wordedFiguresIn } from "@/lib/editorial/figures";
import { articles, externalLinks, factsPath } from "@mockingbird/testkit/content/content-corpus";

const facts = readFileSync(factsPath, "utf8");
const factsLines = facts.split("\n");
const registered: [string, Source][] = Object.entries(sources);

/** The FACTS.md entry of a source: the lines that carry its address, with their sub-points. */
const entryLines = (source: Source) => factsEntry(facts, source.readAt ?? source.url);

/** The number of the FACTS.md section ("## 3. …") a line stands in. */
function sectionOf(lineIndex: number): number | undefined {
  for (let index = lineIndex; index >= 0; index -= 1) {
    const heading = /^## (\d+)\./.exec(factsLines[index] as string);
    if (heading) return Number(heading[1]);
    if (/^## /.test(factsLines[index] as string)) return undefined;
  }
  return undefined;
}

describe("the source list and FACTS.md", () => {
  test.each(registered)("%s is on a line of FACTS.md with the date recorded for it", (_id, source) => {
    const line = entryLines(source)[0];
    expect(line).toBeDefined();
    const dateLine = source.reportLine ? factsLines.find((text) => text.includes(source.reportLine as string)) : line;
    if (source.factsDate !== null) expect(dateLine).toContain(source.factsDate);
    if (source.date !== null && source.datedBy !== "url") expect(source.factsDate).toContain(source.date.slice(0, 4));
    if (source.datedBy === "url") expect(source.url).toContain(`/${source.date}/`);
    if (source.date === null) expect(source.factsDate === null || /n\/s/.test(source.factsDate)).toBe(true);
  });

  test.each(registered)("%s stands in the FACTS.md section its entry names", (_id, source) => {
    const named = [...source.facts.matchAll(/§(\d+)/g)].map((match) => Number(match[1]));
    const found = factsLines.flatMap((text, index) => (text.includes(source.readAt ?? source.url) ? [sectionOf(index)] : []));
    expect(named.length).toBeGreaterThan(0);
    expect(found.some((section) => section !== undefined && named.includes(section))).toBe(true);
  });

  test("a link that differs from the address FACTS.md read is the https form or the original of the same page", () => {
    for (const [, source] of registered.filter(([, entry]) => entry.readAt)) {
      const readPath = (source.readAt as string).replace(/^https?:\/\/[^/]+/, "");
      const linkPath = source.url.replace(/^https:\/\/[^/]+/, "");
      expect(source.url.startsWith("https://")).toBe(true);
      expect(readPath.replace(/\/$/, "").endsWith(linkPath.replace(/\/$/, ""))).toBe(true);
    }
  });

  test("no two entries link to the same address", () => {
    const urls = registered.map(([, source]) => source.url);
    expect(new Set(urls).size).toBe(urls.length);
  });
});

describe("citations", () => {
  test("every external link in an article is a source listed in content/sources.ts", () => {
    const unknown = articles().flatMap((article) => externalLinks(article.markdown).filter((url) => !sourceForUrl(url)).map((url) => `${article.file}: ${url}`));
    expect(unknown).toEqual([]);
  });

  test("every figure on Home and in the manifesto cites a listed source", () => {
    const citations = [
      ...homeContent.panel.figures.map((figure) => figure.source.url),
      ...manifesto.sections.flatMap((section) => [
        ...(section.figures ?? []).map((figure) => figure.citation.url),
        ...(section.bar ? [section.bar.figure.citation.url] : []),
        ...(section.quote ? [section.quote.citation.url] : []),
      ]),
    ];
    expect(citations.length).toBeGreaterThan(5);
    for (const url of citations) expect(sourceForUrl(url)).toBeDefined();
  });

  test.each(articles().map((article) => [article.slug, article] as const))("%s cites no source that may be newer than what the article claims to know, a month or a year counting as its last day", (_slug, article) => {
    const late: string[] = [];
    for (const block of article.blocks) {
      const knownBy = block.part === "update" ? (article.modifiedTime as string) : article.publishedTime;
      for (const url of externalLinks(block.text)) {
        const source = sourceForUrl(url);
        if (source?.date && mayPostDate(source.date, knownBy)) late.push(`${url} (FACTS.md: ${source.factsDate}) in a ${block.part === "update" ? `section updated ${article.updated}` : `text dated ${article.date}`}`);
      }
    }
    expect(late).toEqual([]);
  });

  test("an undated source is called undated where an article cites it", () => {
    const unmarked = articles().flatMap((article) =>
      article.blocks
        .filter((block) => externalLinks(block.text).some((url) => sourceForUrl(url)?.date === null))
        .filter((block) => !/\bundated\b/i.test(block.text))
        .map((block) => `${article.file}: ${block.text.slice(0, 80)}…`),
    );
    expect(unmarked).toEqual([]);
  });

  test("the practical guide links the FBI's family-code-word advice to the report of it, not only to the page that dates it", () => {
    const guide = articles().find((article) => article.slug === "practical-guide-vishing-defense");
    const block = guide?.blocks.find((candidate) => /secret word or phrase/.test(candidate.text));
    expect(externalLinks(block?.text ?? "")).toContain(sources.fbiFamilyPsa.url);
  });
});

describe("FACTS.md and the citations do not drift apart", () => {
  /** Each passage that states a figure, with the FACTS.md lines of the sources it cites. */
  const passages: { where: string; text: string; entries: string[] }[] = [
    ...articles().flatMap((article) =>
      article.blocks.map((block, index) => {
        // A block quotation is attributed by the paragraph that introduces it.
        const links = block.kind === "blockquote" ? externalLinks(article.blocks[index - 1]?.text ?? "") : externalLinks(block.text);
        return { where: `${article.slug}: ${block.text.slice(0, 60)}…`, text: block.text, entries: links.flatMap((url) => (sourceForUrl(url) ? entryLines(sourceForUrl(url) as Source) : [])) };
      }),
    ),
    ...homeContent.panel.figures.map((figure) => ({ where: `Home: ${figure.value}`, text: `${figure.value} ${figure.claim}`, entries: entryLines(figure.source) })),
    ...manifesto.sections.flatMap((section) =>
      [...(section.bar ? [section.bar.figure] : []), ...(section.figures ?? [])].map((figure) => ({
        where: `Manifesto: ${figure.value}`,
        text: `${figure.value}${figure.statement}`,
        entries: entryLines(sourceForUrl(figure.citation.url) as Source),
      })),
    ),
  ];

  test("every figure a passage states is on the FACTS.md lines of the sources it cites", () => {
    const unsupported = passages.flatMap((passage) => figuresIn(passage.text).filter((figure) => !figureInEntries(figure, passage.entries)).map((figure) => `${passage.where} states ${figure.text}`));
    expect(unsupported).toEqual([]);
  });

  test("a figure written in words in a passage that cites a source is in that source's entry in the same words", () => {
    const inWords = (figure: { text: string }, entries: string[]) => entries.some((entry) => entry.replace(/\*\*/g, "").toLowerCase().includes(figure.text.toLowerCase()));
    const unsupported = passages
      .filter((passage) => passage.entries.length > 0)
      .flatMap((passage) => wordedFiguresIn(passage.text).filter((figure) => !inWords(figure, passage.entries)).map((figure) => `${passage.where} states "${figure.text}"`));
    expect(unsupported).toEqual([]);
  });
});
