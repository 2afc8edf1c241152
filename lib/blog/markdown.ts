import { Marked, type Tokens } from "marked";

export class ArticleBodyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArticleBodyError";
  }
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function slugifyHeading(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]+>/g, "")
    .replace(/&[a-z]+;/g, "")
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .trim()
    .replace(/\s+/g, "-");
}

/**
 * A fact marker: `{fact:sourceId}`, written inside a sentence of an article (before its closing
 * stop) that rests on a source it does not link. The claims ledger reads it; a reader never sees
 * it: the renderer removes it, with the space before it, before anything else reads the text.
 */
export const factMarker = /\s*\{fact:([A-Za-z0-9]+)\}/g;

/** The article as a reader gets it: every fact marker removed. */
export function withoutFactMarkers(markdown: string): string {
  return markdown.replace(factMarker, "");
}

/** Frontmatter as a reader gets it: the fact markers of its text fields (a description, an excerpt) removed. */
export function withoutMarkersIn<T extends Record<string, unknown>>(data: T): T {
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, typeof value === "string" ? withoutFactMarkers(value) : value])) as T;
}

/** Links in articles are either site paths or absolute https URLs: anything else is a writing mistake. */
export function checkArticleLink(href: string): "internal" | "external" {
  if (href.startsWith("/") && !href.startsWith("//")) return "internal";
  if (/^https:\/\/[^\s/]+\.[^\s/]+/.test(href)) return "external";
  throw new ArticleBodyError(`link "${href}" must be an internal path or an absolute https URL`);
}

/**
 * Article Markdown to HTML. Raw HTML is refused rather than passed through, headings get
 * anchor ids, and external links open in a new tab with the cue screen readers need.
 */
export function renderArticle(markdown: string, file = "article"): { html: string; headings: { id: string; text: string }[] } {
  const headings: { id: string; text: string }[] = [];
  const seen = new Map<string, number>();
  const marked = new Marked({ gfm: true, async: false });
  marked.use({
    renderer: {
      html(token: Tokens.HTML | Tokens.Tag) {
        throw new ArticleBodyError(`${file}: raw HTML is not allowed in articles (${token.raw.trim().slice(0, 40)})`);
      },
      heading(token: Tokens.Heading) {
        if (token.depth === 1) throw new ArticleBodyError(`${file}: use ## headings; the page renders the title as the only h1`);
        const text = this.parser.parseInline(token.tokens);
        const base = slugifyHeading(text) || "section";
        const count = seen.get(base) ?? 0;
        seen.set(base, count + 1);
        const id = count === 0 ? base : `${base}-${count}`;
        if (token.depth === 2) headings.push({ id, text: text.replace(/<[^>]+>/g, "") });
        return `<h${token.depth} id="${id}">${text}</h${token.depth}>\n`;
      },
      link(token: Tokens.Link) {
        let kind: "internal" | "external";
        try {
          kind = checkArticleLink(token.href);
        } catch (error) {
          throw new ArticleBodyError(`${file}: ${(error as Error).message}`);
        }
        const text = this.parser.parseInline(token.tokens);
        const title = token.title ? ` title="${escapeHtml(token.title)}"` : "";
        if (kind === "internal") return `<a href="${escapeHtml(token.href)}"${title}>${text}</a>`;
        return `<a href="${escapeHtml(token.href)}"${title} target="_blank" rel="noopener noreferrer">${text}<span class="sr-only"> (opens in a new tab)</span></a>`;
      },
      image() {
        throw new ArticleBodyError(`${file}: images belong in the frontmatter, not the body`);
      },
    },
  });
  const html = marked.parse(withoutFactMarkers(markdown)) as string;
  return { html, headings };
}
