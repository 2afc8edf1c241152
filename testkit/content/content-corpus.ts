import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { Marked, type Token, type Tokens } from "marked";
import { isoFromDateText } from "@/lib/blog/dates";
import { withoutFactMarkers, withoutMarkersIn } from "@/lib/blog/markdown";
import { splitAtUpdate } from "@/lib/blog/updates";
import { plainText } from "@/lib/editorial/text";

export { externalLinks, internalLinks, plainText } from "@/lib/editorial/text";

const root = path.join(__dirname, "../..");
export const blogDir = path.join(root, "content", "blog");
export const factsPath = path.join(root, "content", "FACTS.md");

/** A paragraph, list item, quote or heading of an article, as Markdown. */
export type Block = { kind: string; text: string; part: "original" | "update" };

export type Article = {
  file: string;
  slug: string;
  id: number;
  date: string;
  publishedTime: string;
  updated?: string;
  modifiedTime?: string;
  readingTime?: string;
  frontmatter: Record<string, unknown>;
  /** The body as a reader gets it, fact markers removed. */
  markdown: string;
  /** The body and frontmatter as written, with their fact markers (`{fact:id}`), which only the claims ledger reads. */
  written: { markdown: string; frontmatter: Record<string, unknown> };
  blocks: Block[];
};

export function blocksOf(markdown: string, part: Block["part"]): Block[] {
  const blocks: Block[] = [];
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === "list") for (const item of (token as Tokens.List).items) blocks.push({ kind: "list item", text: item.text, part });
      else if (token.type === "paragraph" || token.type === "heading" || token.type === "blockquote") blocks.push({ kind: token.type, text: (token as Tokens.Paragraph).text, part });
    }
  };
  walk(new Marked().lexer(markdown));
  return blocks;
}

let cache: Article[] | undefined;

/** Every article of content/blog, with its body split into blocks and into what was written on its date and its update. */
export function articles(): Article[] {
  if (cache) return cache;
  cache = readdirSync(blogDir)
    .filter((name) => name.endsWith(".md"))
    .map((name) => {
      const { data, content } = matter(readFileSync(path.join(blogDir, name), "utf8"), {});
      const { original, update } = splitAtUpdate(withoutFactMarkers(content));
      return {
        file: `content/blog/${name}`,
        slug: data.slug,
        id: data.id,
        date: data.date,
        publishedTime: isoFromDateText(data.date) as string,
        updated: data.updated,
        modifiedTime: data.updated ? (isoFromDateText(data.updated) as string) : undefined,
        readingTime: data.readingTime,
        frontmatter: withoutMarkersIn(data),
        markdown: withoutFactMarkers(content),
        written: { markdown: content, frontmatter: data },
        blocks: [...blocksOf(original, "original"), ...(update ? blocksOf(update.markdown, "update") : [])],
      };
    });
  return cache;
}

export function firstSentence(markdown: string): string {
  const text = plainText(markdown);
  return text.slice(0, (text.search(/[.!?](\s|$)/) + 1) || text.length);
}
