import { ledgerRules, legalFrame, ourVendors } from "@/content/house-style";
import { blogIndex } from "@/content/blog-index";
import { dataStatements } from "@/content/legal/data-practices";
import { manifesto } from "@/content/manifesto";
import { sourceIdForUrl, type Claim } from "@/content/sources";
import { factMarker, withoutFactMarkers } from "@/lib/blog/markdown";
import { splitAtUpdate } from "@/lib/blog/updates";
import { properNounsOf, type LedgerRules, type LedgerSentence } from "@/lib/editorial/ledger";
import { externalLinks, plainText, sentencesOf } from "@/lib/editorial/text";
import { articles, blocksOf } from "@mockingbird/testkit/content/content-corpus";
import { siteCopy, type CopyPart } from "@mockingbird/testkit/content/site-copy";

/**
 * Every sentence the claims ledger reads, with the source ids it carries: in an article, the
 * sources its links point to and its fact markers (`{fact:id}`); on the other pages, the source of
 * a figure or quotation, and the `claims` a module lists beside its prose (content/sources.ts's
 * Claim). What is read how:
 * - The articles, Home, Product, the manifesto, the team, the beta page, the blog's index, the
 *   sitemap, the footer, the pages' metadata and the call widget's page text are claims: every kind
 *   of fact counts.
 * - The privacy policy, the terms and the data model's statements that other pages quote are the
 *   policy: its figures are its terms, and a name counts unless it is one of the legal texts' own
 *   frame (content/house-style.ts's legalFrame).
 * - What a running call shows (status, errors, buttons, microphone help) reports the call's own
 *   state and is not read; nor are templates whose blanks a page fills (a topic's name, a count).
 */

export type Register = "claims" | "policy";
/** `knownBy`: for an article's sentence, the date (YYYY-MM-DD) of the text it stands in, its update's or the article's own; no source it rests on may be newer. */
export type CorpusSentence = LedgerSentence & { register: Register; knownBy?: string };

const policyPages = new Set(["/privacy", "/terms"]);
const readWidgetParts = /^(?:callWidgetPageText|callScenarios)\b/;
const templates = /^topicPage\.(?:title|description|intro)$|^articleCount$/;
const articleSlugs = () => new Set(articles().map((article) => article.slug));

/** The sentences a module lists as claims, by page: the only place a .ts page's prose carries a source id. */
function listedClaims(): Map<string, Claim[]> {
  return new Map<string, Claim[]>([["/manifesto", manifesto.sections.flatMap((section) => section.claims ?? [])]]);
}

const statementTexts = Object.values(dataStatements);
const quotesPolicy = (text: string) => statementTexts.some((statement) => text.includes(statement.slice(1, 40)));

function idsOf(markdown: string): string[] {
  const linked = externalLinks(markdown).map((url) => sourceIdForUrl(url) ?? `unlisted link ${url}`);
  const marked = Array.from(markdown.matchAll(factMarker), (match) => match[1] as string);
  return [...new Set([...linked, ...marked])];
}

function articleSentences(): CorpusSentence[] {
  return articles().flatMap((article) => {
    // The title is a heading and the image's alternative describes a picture: the summaries are the frontmatter's prose.
    const front = (["description", "excerpt"] as const).flatMap((field) =>
      sentencesOf(String(article.written.frontmatter[field])).map((sentence): CorpusSentence => ({ page: article.slug, where: field, sentence: plainText(withoutFactMarkers(sentence)), facts: idsOf(sentence), register: "claims", knownBy: article.publishedTime.slice(0, 10) })),
    );
    const { original, update } = splitAtUpdate(article.written.markdown);
    const blocks = [...blocksOf(original, "original"), ...(update ? blocksOf(update.markdown, "update") : [])].filter((block) => block.kind !== "heading");
    const body = blocks.flatMap((block, index) => {
      // A block quotation is attributed by the paragraph that introduces it.
      const introduced = block.kind === "blockquote" ? idsOf(blocks[index - 1]?.text ?? "") : [];
      return sentencesOf(block.text).map((sentence): CorpusSentence => {
        const own = idsOf(sentence);
        const knownBy = block.part === "update" ? (article.modifiedTime as string) : article.publishedTime;
        return { page: article.slug, where: `${block.kind} ${index + 1}`, sentence: plainText(withoutFactMarkers(sentence)), facts: own.length > 0 ? own : introduced, register: "claims", knownBy: knownBy.slice(0, 10) };
      });
    });
    return [...front, ...body];
  });
}

function pageSentences(): CorpusSentence[] {
  const slugs = articleSlugs();
  const claims = listedClaims();
  const cited = (part: CopyPart) => /\b(?:figure|figures\[\d+\]|quote)$/.test(part.where);
  return siteCopy()
    .filter((part) => part.kind === "prose" && !slugs.has(part.page))
    .filter((part) => part.page !== "call widget" || readWidgetParts.test(part.where))
    .filter((part) => !templates.test(part.where))
    .flatMap((part) => {
      const register: Register = policyPages.has(part.page) || quotesPolicy(part.text) ? "policy" : "claims";
      const sourceOfPart = cited(part) ? part.links.flatMap((url) => sourceIdForUrl(url) ?? []) : [];
      return sentencesOf(part.text.replace(/\s+/g, " ").trim()).map((sentence): CorpusSentence => {
        const listed = (claims.get(part.page) ?? []).filter((claim) => claim.sentence === sentence).map((claim) => claim.fact);
        return { page: part.page, where: part.where, sentence, facts: [...new Set([...sourceOfPart, ...listed])], register };
      });
    });
}

/** Every sentence the ledger reads, articles first, in the order a reader meets them. */
export function ledgerCorpus(): CorpusSentence[] {
  return [...articleSentences(), ...pageSentences()];
}

let knownNames: Set<string> | undefined;

/** The rules a sentence is read with: an article may name our vendors as facts, a page about our product names them as ours; the policy reads names only, its own frame aside. */
export function rulesFor(entry: { page: string; register: Register }): { rules: LedgerRules; kinds: "all" | "names" } {
  knownNames ??= properNounsOf(ledgerCorpus().map((sentence) => sentence.sentence));
  const onOurPages = !articleSlugs().has(entry.page);
  // The blog's topics are the site's own names for what it writes about ("Vishing Simulation").
  const ownNames = [...ledgerRules.ownNames, ...blogIndex.topics, ...(onOurPages ? ourVendors : []), ...(entry.register === "policy" ? legalFrame : [])];
  return { rules: { ...ledgerRules, ownNames, knownNames }, kinds: entry.register === "policy" ? "names" : "all" };
}

/** The listed claims whose sentence no longer stands on their page: a stale id. */
export function staleClaims(): string[] {
  const sentences = new Set(pageSentences().map((entry) => `${entry.page} ${entry.sentence}`));
  return [...listedClaims()].flatMap(([page, claims]) => claims.filter((claim) => !sentences.has(`${page} ${claim.sentence}`)).map((claim) => `${page}: "${claim.sentence}"`));
}
