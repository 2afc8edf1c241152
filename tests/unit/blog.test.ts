/** @jest-environment node */
import { readFileSync } from "node:fs";
import path from "node:path";
import { isoFromDateText } from "@/lib/blog/dates";
import { ArticleError, defaultAuthor, defaultKeywords, parseFrontmatter } from "@/lib/blog/frontmatter";
import { checkArticleLink, renderArticle } from "@/lib/blog/markdown";
import { newestFirst } from "@/lib/blog/order";
import { loadPost } from "@/lib/blog/posts";
import { countWords, fallbackReadingTime, readingTime } from "@/lib/blog/reading-time";

const fixture = (name: string) => readFileSync(path.join(__dirname, "fixtures/blog", name), "utf8");

const validFrontmatter = {
  id: 1,
  title: "A valid article title",
  slug: "a-valid-article",
  date: "July 10, 2025",
  description: "A description long enough to satisfy the schema for article metadata in tests.",
  tags: ["BYOD"],
  excerpt: "An excerpt that is long enough for a card.",
  image: "/blog/a-valid-article.svg",
  imageAlt: "An illustration of a phone",
};

describe("article frontmatter", () => {
  it("fails with the file and field named when a field is missing", () => {
    expect(() => loadPost("content/blog/missing-date.md", fixture("missing-date.md"))).toThrow(ArticleError);
    expect(() => loadPost("content/blog/missing-date.md", fixture("missing-date.md"))).toThrow(/content\/blog\/missing-date\.md: invalid frontmatter\n {2}- date:/);
  });

  it("names every bad field at once", () => {
    expect(() => parseFrontmatter("x.md", { ...validFrontmatter, slug: "Bad Slug", readingTime: "soon" })).toThrow(/slug:[\s\S]*readingTime: must look like "6 min read"/);
  });

  it("refuses fields the schema does not know", () => {
    expect(() => parseFrontmatter("x.md", { ...validFrontmatter, autor: "typo" })).toThrow(/x\.md/);
  });

  it("defaults the author to the Mockingbird team and the keywords to the default set", () => {
    const data = parseFrontmatter("x.md", validFrontmatter);
    expect(data.author).toBe(defaultAuthor);
    expect(data.keywords).toEqual(defaultKeywords);
  });

  it("requires the slug to match the file name", () => {
    const raw = fixture("missing-date.md").replace("slug: missing-date", "slug: another-slug").replace("tags:", 'date: "May 7, 2025"\ntags:');
    expect(() => loadPost("content/blog/missing-date.md", raw)).toThrow(/slug "another-slug" must match the file name/);
  });
});

describe("article updates", () => {
  const raw = (frontmatter: string, body: string) =>
    `---\nid: 3\ntitle: "An article that was updated"\nslug: updated-article\ndate: "June 5, 2025"\n${frontmatter}description: "A description long enough to satisfy the schema for article metadata in tests."\ntags: ["BYOD"]\nexcerpt: "An excerpt that is long enough for a card."\nimage: /blog/byod-vishing-problem.svg\nimageAlt: "An illustration of a phone"\n---\n${body}`;

  it("fails with the file named when the update section and the updated date disagree", () => {
    expect(() => loadPost("content/blog/updated-article.md", raw('updated: "November 23, 2026"\n', "No update section.\n"))).toThrow(/content\/blog\/updated-article\.md: sets updated/);
    expect(() => loadPost("content/blog/updated-article.md", raw("", "Text.\n\n## Update, November 23, 2026: later\n"))).toThrow(/no updated date/);
  });

  it("refuses an updated date that is not after the article's date", () => {
    expect(() => parseFrontmatter("x.md", { ...validFrontmatter, updated: "July 1, 2025" })).toThrow(/updated: must be later than the article's date/);
  });
});

describe("article dates", () => {
  it("parse the date text to ISO 8601", () => {
    expect(isoFromDateText("July 10, 2025")).toBe("2025-07-10T00:00:00.000Z");
    expect(isoFromDateText("April 29, 2025")).toBe("2025-04-29T00:00:00.000Z");
  });

  it("reject text that is not a real date", () => {
    expect(isoFromDateText("February 30, 2025")).toBeNull();
    expect(isoFromDateText("2025-07-10")).toBeNull();
    expect(isoFromDateText("Julember 1, 2025")).toBeNull();
  });
});

describe("reading time", () => {
  const words = (count: number) => Array.from({ length: count }, () => "word").join(" ");

  it("is computed from the words at 225 per minute", () => {
    expect(readingTime(words(1125))).toBe("5 min read");
    expect(readingTime(words(100))).toBe("1 min read");
  });

  it("uses an explicit reading time when the article sets one", () => {
    expect(readingTime(words(1125), "6 min read")).toBe("6 min read");
  });

  it("falls back to 8 min read only when there is nothing to count", () => {
    expect(readingTime("")).toBe(fallbackReadingTime);
  });

  it("counts link text but not link targets or markup", () => {
    expect(countWords("## Heading\n\nSee [the report](https://example.com/a-b-c) now.")).toBe(5);
  });
});

describe("article order", () => {
  it("puts the newest first and, on the same day, the higher id first", () => {
    const posts = [
      { id: 6, publishedTime: "2025-06-05T00:00:00.000Z" },
      { id: 9, publishedTime: "2025-07-10T00:00:00.000Z" },
      { id: 8, publishedTime: "2025-06-05T00:00:00.000Z" },
      { id: 5, publishedTime: "2025-06-12T00:00:00.000Z" },
    ];
    expect(newestFirst(posts).map((post) => post.id)).toEqual([9, 5, 8, 6]);
  });
});

describe("article bodies", () => {
  it("accept internal paths and absolute https links only", () => {
    expect(checkArticleLink("/product#playbooks")).toBe("internal");
    expect(checkArticleLink("https://www.example.com/report")).toBe("external");
    expect(() => checkArticleLink("http://example.com")).toThrow(/absolute https URL/);
    expect(() => checkArticleLink("//example.com")).toThrow();
    expect(() => checkArticleLink("javascript:alert(1)")).toThrow();
  });

  it("open external links in a new tab and say so", () => {
    const { html } = renderArticle("[Report](https://www.example.com/r)");
    expect(html).toContain('target="_blank" rel="noopener noreferrer"');
    expect(html).toContain("(opens in a new tab)");
  });

  it("give headings anchor ids and list the sections", () => {
    const { html, headings } = renderArticle("## What happened\n\ntext\n\n## What happened\n");
    expect(html).toContain('<h2 id="what-happened">');
    expect(headings.map((heading) => heading.id)).toEqual(["what-happened", "what-happened-1"]);
  });

  it("refuse raw HTML, h1 headings and inline images", () => {
    expect(() => renderArticle("<script>x</script>", "a.md")).toThrow(/a\.md: raw HTML/);
    expect(() => renderArticle("# Title", "a.md")).toThrow(/only h1/);
    expect(() => renderArticle("![x](/x.png)", "a.md")).toThrow(/frontmatter/);
  });
});
