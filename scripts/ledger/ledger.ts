import { readFileSync } from "node:fs";
import path from "node:path";
import { ledgerRules } from "@/content/house-style";
import { sources, type Source } from "@/content/sources";
import { factsEntry, factStated } from "@/lib/editorial/facts";
import { isOurView, renderLedger, type LedgerSource } from "@/lib/editorial/ledger";
import { ledgerCorpus } from "./corpus";

export const ledgerCommand = "npm run ledger";

/** What the ledger shows of each source: its publisher, its FACTS.md entry's name and its words there (its `words`, else its entry's lines without their attributions). */
export function ledgerSources(): LedgerSource[] {
  const facts = readFileSync(path.join(process.cwd(), "content", "FACTS.md"), "utf8");
  return (Object.entries(sources) as [string, Source][]).map(([id, source]) => ({
    id,
    name: source.origin ? `${source.origin}, via ${source.publisher}` : source.publisher,
    entry: `FACTS.md ${source.facts}`,
    words: source.words ? [source.words] : factsEntry(facts, source.readAt ?? source.url).map((line) => factStated(line).replace(/^\s*- /, "")),
  }));
}

/** The ledger page as `npm run ledger` writes it. */
export function ledgerText(): string {
  const corpus = ledgerCorpus();
  return renderLedger({
    claims: corpus.filter((entry) => entry.facts.length > 0),
    views: corpus.filter((entry) => isOurView(entry.sentence, ledgerRules.opinion)),
    sources: ledgerSources(),
    command: ledgerCommand,
  });
}
