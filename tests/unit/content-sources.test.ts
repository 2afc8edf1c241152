/** @jest-environment node */
import { readFileSync } from "node:fs";
import { homeContent } from "@/content/home";
import { manifesto } from "@/content/manifesto";
import { sourceForUrl, sources, type Source, type SourceDate } from "@/content/sources";
import { articles, externalLinks, factsPath } from "./support/content-corpus";

const factsLines = readFileSync(factsPath, "utf8").split("\n");
const registered: [string, Source][] = Object.entries(sources);

/** The earliest day a date of the given precision can mean: FACTS.md's "2025" may be any day of 2025. */
function earliestDay(date: SourceDate): string {
  const [year, month = "01", day = "01"] = date.split("-");
  return `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
}

describe("the source list and FACTS.md", () => {
  test.each(registered)("%s is on a line of FACTS.md with the date recorded for it", (_id, source) => {
    const address = source.readAt ?? source.url;
    const line = factsLines.find((text) => text.includes(address));
    expect(line).toBeDefined();
    if (source.factsDate !== null) expect(line).toContain(source.factsDate);
    if (source.date !== null && source.datedBy !== "url") expect(source.factsDate).toContain(source.date.slice(0, 4));
    if (source.datedBy === "url") expect(source.url).toContain(`/${source.date}/`);
    if (source.date === null) expect(source.factsDate === null || /n\/s/.test(source.factsDate)).toBe(true);
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

  test.each(articles().map((article) => [article.slug, article] as const))("%s cites no source FACTS.md dates after what the article claims to know", (_slug, article) => {
    const late: string[] = [];
    for (const block of article.blocks) {
      const knownBy = block.part === "update" ? (article.modifiedTime as string) : article.publishedTime;
      for (const url of externalLinks(block.text)) {
        const source = sourceForUrl(url);
        if (source?.date && earliestDay(source.date) > knownBy.slice(0, 10)) late.push(`${url} (FACTS.md: ${source.factsDate}) in a ${block.part === "update" ? `section updated ${article.updated}` : `text dated ${article.date}`}`);
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
