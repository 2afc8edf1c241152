/** @jest-environment node */
import { readFileSync } from "node:fs";
import path from "node:path";
import { sources, type SourceId } from "@/content/sources";
import { mayPostDate } from "@/lib/editorial/citation-dates";
import { allPosts } from "@/lib/blog/posts";
import { renderArticle } from "@/lib/blog/markdown";
import { factKinds, unknownFacts, unsourcedSentences, type FactKind } from "@/lib/editorial/ledger";
import { ledgerCorpus, rulesFor, staleClaims } from "@/scripts/ledger/corpus";
import { ledgerCommand, ledgerText } from "@/scripts/ledger/ledger";

/**
 * The claims ledger (docs/claims-ledger.md, `npm run ledger`): every sentence of content/ that
 * states a fact about the world carries the id of a source of content/sources.ts, or says it is
 * our view. lib/editorial/ledger.ts reads the sentences; scripts/ledger/corpus.ts says which and
 * with which ids.
 */

const corpus = ledgerCorpus();
const unsourced = unsourcedSentences(corpus, (entry) => {
  const { rules, kinds } = rulesFor(entry);
  return { rules, kinds: kinds === "names" ? ["name"] : undefined };
});
const ofKind = (kind: FactKind) => unsourced.filter((entry) => entry.signals.some((signal) => signal.kind === kind)).map((entry) => `${entry.page} (${entry.where}): "${entry.signals.find((signal) => signal.kind === kind)?.phrase}" in: ${entry.sentence}`);

describe("every factual sentence carries a source's id or says it is our view", () => {
  const described: Record<FactKind, string> = {
    figure: "a figure",
    name: "a named organization, person or incident that is not ours",
    trend: "a trend",
    superlative: "a superlative or an absolute",
    comparison: "a comparison",
    cause: "a cause",
  };
  test.each(factKinds.map((kind) => [described[kind], kind] as const))("no sentence states %s without one", (_described, kind) => {
    expect(ofKind(kind)).toEqual([]);
  });

  test("every id a sentence carries is a source of content/sources.ts", () => {
    expect(unknownFacts(corpus, Object.keys(sources)).map((entry) => `${entry.page}: ${entry.facts.join(", ")} in: ${entry.sentence}`)).toEqual([]);
  });

  test("no article rests a sentence on a source that may be newer than the text it stands in, a month or a year counting as its last day", () => {
    const late = corpus.flatMap((entry) =>
      entry.knownBy === undefined
        ? []
        : entry.facts.flatMap((id) => {
            const date = sources[id as SourceId]?.date;
            return date && mayPostDate(date, entry.knownBy as string) ? [`${entry.page}: ${id} (${date}) in a text of ${entry.knownBy}: ${entry.sentence}`] : [];
          }),
    );
    expect(late).toEqual([]);
  });

  test("every claim a page's module lists still stands in that page's prose", () => {
    expect(staleClaims()).toEqual([]);
  });
});

describe("the ledger page", () => {
  test(`docs/claims-ledger.md is what \`${ledgerCommand}\` writes`, () => {
    const committed = readFileSync(path.join(process.cwd(), "docs", "claims-ledger.md"), "utf8");
    expect(committed === ledgerText() ? "up to date" : `docs/claims-ledger.md differs from the content: run \`${ledgerCommand}\``).toBe("up to date");
  });
});

describe("fact markers", () => {
  test("the renderer removes a marker and the space before it", () => {
    expect(renderArticle("Voice phishing rose {fact:crowdstrikeVishing}. It did.").html).toBe("<p>Voice phishing rose. It did.</p>\n");
  });

  test("no rendered article, its summaries included, shows a marker", () => {
    const shown = allPosts().flatMap((post) => [post.html, post.title, post.description, post.excerpt, post.imageAlt].filter((text) => /\{fact:/.test(text)).map(() => post.slug));
    expect(shown).toEqual([]);
  });
});
