import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import registry from "@/content/pages.json";
import { blogIndex } from "@/content/blog-index";
import { callLiveText } from "@/content/call/live";
import { microphoneHelp } from "@/content/call/microphone-help";
import { callWidgetPageText } from "@/content/call/page";
import { callScenarios } from "@/content/call/scenarios";
import { callWidgetText } from "@/content/call/shell";
import { homeContent } from "@/content/home";
import { joinBeta } from "@/content/join-beta";
import { privacyPolicyFor } from "@/content/legal/privacy";
import { termsOfServiceFor } from "@/content/legal/terms";
import type { LegalDocument } from "@/content/legal/types";
import { manifesto } from "@/content/manifesto";
import { footerColumns, headerActions, primaryNav } from "@/content/navigation";
import { featureHighlights, productCta, productFaq, productHero, productIntro } from "@/content/product";
import { site } from "@/content/site";
import { sitemapPage } from "@/content/sitemap";
import { team, teamPage } from "@/content/team";
import { siteHost } from "@/lib/config/site-links";
import { externalLinks } from "@/lib/editorial/text";
import { articles } from "./content-corpus";

/**
 * Everything a visitor reads, as pieces of copy named by the page they stand on: the articles
 * block by block (with their frontmatter), every page's content module, the legal texts, the
 * call widget's strings, the local agent's playbooks and the metadata of pages.json. The house-style
 * checks run over this.
 */
export type CopyPart = {
  /** An article's slug, a route ("/product") or "site-wide" for header, footer and metadata. */
  page: string;
  /** Where on the page, for messages. */
  where: string;
  /** Markdown in articles, plain text elsewhere. */
  text: string;
  /** Sources this piece cites (a manifesto paragraph cites its section's sourced figures, printed beside it). */
  links: readonly string[];
  /** Prose is held to the claim and repetition rules; labels (buttons, keywords, names) only to the glossary. */
  kind: "prose" | "label";
};

/** Keys whose strings are addresses, identifiers or file names, not copy. */
const notCopy = new Set(["id", "slug", "href", "url", "path", "image", "imageUrl", "linkedinUrl", "logoPath", "onePagerPath", "themeColor", "origin", "email", "readAt", "fileName", "_comment", "changefreq"]);

/** Every string of a content value, named by its key path; functions are called with a sample argument. */
function stringsOf(value: unknown, where: string): { where: string; text: string }[] {
  if (typeof value === "string") return [{ where, text: value }];
  if (typeof value === "function") return stringsOf((value as (sample: number) => unknown)(30), where);
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsOf(item, `${where}[${index}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => (notCopy.has(key) ? [] : stringsOf(item, where ? `${where}.${key}` : key)));
  }
  return [];
}

/** A module's strings as parts of one page: sentences of two words or more are prose, shorter ones labels. */
function moduleCopy(page: string, value: unknown, where = ""): CopyPart[] {
  return stringsOf(value, where).map((entry) => ({ page, where: entry.where, text: entry.text, links: [], kind: /\S+\s+\S+\s+\S+/.test(entry.text) && /[.?!:]$/.test(entry.text.trim()) ? "prose" : "label" }));
}

const legalCopy = (page: string, doc: LegalDocument): CopyPart[] => [
  { page, where: "intro", text: doc.intro, links: [], kind: "prose" },
  ...doc.sections.flatMap((section) => [
    { page, where: section.id, text: section.heading, links: [], kind: "label" as const },
    ...section.blocks.flatMap((block) => (block.type === "p" ? [block.text] : block.items)).map((text) => ({ page, where: section.id, text, links: [], kind: "prose" as const })),
  ]),
  ...(doc.contactNote ? [{ page, where: "contact", text: doc.contactNote, links: [], kind: "prose" as const }] : []),
];

function articleCopy(): CopyPart[] {
  return articles().flatMap((article) => [
    ...(["title", "description", "excerpt", "imageAlt"] as const).map((field) => ({ page: article.slug, where: field, text: String(article.frontmatter[field]), links: [], kind: "prose" as const })),
    ...article.blocks.map((block, index) => ({
      page: article.slug,
      where: `${block.kind} ${index + 1}`,
      text: block.text,
      // A block quotation is attributed by the paragraph that introduces it.
      links: block.kind === "blockquote" ? externalLinks(article.blocks[index - 1]?.text ?? "") : externalLinks(block.text),
      kind: block.kind === "heading" ? ("label" as const) : ("prose" as const),
    })),
  ]);
}

function manifestoCopy(): CopyPart[] {
  const page = "/manifesto";
  return [
    { page, where: "lede", text: manifesto.lede, links: [], kind: "prose" },
    ...manifesto.sections.flatMap((section): CopyPart[] => {
      const figures = [...(section.bar ? [section.bar.figure] : []), ...(section.figures ?? [])];
      const cited = [...figures.map((figure) => figure.citation.url), ...(section.quote ? [section.quote.citation.url] : [])];
      return [
        { page, where: section.id, text: section.heading, links: [], kind: "label" },
        ...section.paragraphs.map((text): CopyPart => ({ page, where: section.id, text, links: cited, kind: "prose" })),
        ...figures.map((figure): CopyPart => ({ page, where: `${section.id} figure`, text: `${figure.value}${figure.statement}`, links: [figure.citation.url], kind: "prose" })),
        ...(section.quote ? [{ page, where: `${section.id} quote`, text: `“${section.quote.text}”`, links: [section.quote.citation.url], kind: "prose" as const }] : []),
        ...(section.bar ? [{ page, where: `${section.id} bar`, text: section.bar.label, links: [], kind: "label" as const }] : []),
      ];
    }),
    ...moduleCopy(page, manifesto.plan, "plan"),
    ...moduleCopy(page, manifesto.closing, "closing"),
  ];
}

function homeCopy(): CopyPart[] {
  const { panel, ...rest } = homeContent;
  return [
    ...moduleCopy("/", rest),
    ...moduleCopy("/", { heading: panel.heading, lessons: panel.lessons }, "panel"),
    ...panel.figures.map((figure, index): CopyPart => ({ page: "/", where: `panel.figures[${index}]`, text: `${figure.value} ${figure.claim}`, links: [figure.source.url], kind: "prose" })),
  ];
}

function metadataCopy(): CopyPart[] {
  return registry.pages.flatMap((entry) => moduleCopy(entry.path, { title: entry.title, shareTitle: entry.shareTitle, description: entry.description, keywords: entry.keywords }, "pages.json"));
}

/**
 * The local voice agent's playbooks: the caller's lines become the call's captions and the debrief is
 * shown in the widget, so a visitor reads them. They are the caller's words, manipulative on purpose,
 * so they are held to the glossary only.
 */
function playbookCopy(): CopyPart[] {
  const dir = path.join(__dirname, "../../agent/playbooks");
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .flatMap((name) => stringsOf(JSON.parse(readFileSync(path.join(dir, name), "utf8")), name).map((entry): CopyPart => ({ page: "call widget (local agent)", where: entry.where, text: entry.text, links: [], kind: "label" })));
}

let cache: CopyPart[] | undefined;

export function siteCopy(): CopyPart[] {
  cache ??= [
    ...articleCopy(),
    ...homeCopy(),
    ...moduleCopy("/product", { productHero, productIntro, featureHighlights, productFaq, productCta }),
    ...manifestoCopy(),
    ...moduleCopy("/join-beta", joinBeta),
    ...moduleCopy("/team", { teamPage, team }),
    ...moduleCopy("/blog", blogIndex),
    ...moduleCopy("/sitemap", sitemapPage),
    ...legalCopy("/privacy", privacyPolicyFor({ websiteHost: siteHost })),
    ...legalCopy("/terms", termsOfServiceFor({ websiteHost: siteHost })),
    ...moduleCopy("call widget", { callWidgetPageText, callWidgetText, callLiveText, microphoneHelp, callScenarios }),
    ...moduleCopy("site-wide", { tagline: site.tagline, description: site.description, keywords: site.keywords, supportedBy: site.supportedBy, primaryNav, headerActions, footerColumns }),
    ...metadataCopy(),
    ...playbookCopy(),
  ];
  return cache;
}
