/** @jest-environment node */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { callWidgetText } from "@/content/call/shell";
import { dataStatements } from "@/content/legal/data-practices";
import { supportedBrowsers } from "@/content/legal/facts";
import { productFaq } from "@/content/product";

/**
 * Where data is kept, who may use the demo, which browsers a call needs and which providers
 * process data each live once, in content/legal. A page that words one of them itself can
 * drift from the legal texts, so any such wording outside content/legal fails here.
 */
const root = path.join(__dirname, "../..");

function filesUnder(dir: string, extensions: readonly string[]): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const relative = path.join(dir, name);
    if (statSync(path.join(root, relative)).isDirectory()) return relative === "content/legal" ? [] : filesUnder(relative, extensions);
    return extensions.some((extension) => name.endsWith(extension)) ? [relative] : [];
  });
}

/** Every page's own words: content (but the legal model, the sign-off registry and the fact sheet of outside sources), routes and components. */
const pageSources = [...filesUnder("content", [".ts", ".md", ".json"]), ...filesUnder("app", [".tsx", ".ts"]), ...filesUnder("components", [".tsx", ".ts"])].filter(
  (file) => !["content/launch-signoff.ts", "content/FACTS.md"].includes(file),
);

const statements: Record<string, RegExp> = {
  "where data is kept": /London cloud region|data residency|\b(stored|kept|held|hosted)\b[^.;\n]{0,50}\bin (a |the )?(London|United Kingdom|UK|United States|US|EU)\b/i,
  "who may use the demo": /\bunder[- ]1\d\b|\b1\d years\b|\b1\d or older\b|\bminimum age\b|years of age/i,
  "which browsers": /\b(from|in|on|with) (any|every|whatever) (web )?(browser|device)\b|\b(Chrome|Edge|Firefox|Safari), (Chrome|Edge|Firefox|Safari)(, (Chrome|Edge|Firefox|Safari))*,? (or|and) (Chrome|Edge|Firefox|Safari)\b/i,
  "which sub-processors": /\bsub-?processors?\b[^.\n]{0,80}\b(ElevenLabs|Supabase|Redis)\b|\b(ElevenLabs|Supabase)\b[^.\n]{0,80}\bsub-?processors?\b/i,
};

describe("the legal facts have one home", () => {
  test("the scan covers the pages' sources", () => {
    expect(pageSources).toEqual(expect.arrayContaining(["content/product.ts", "content/blog/byod-vishing-problem.md", "content/pages.json", "content/call/shell.ts"]));
  });

  test.each(Object.entries(statements))("no page outside content/legal states %s in its own words", (_fact, pattern) => {
    const offenders = pageSources.flatMap((file) =>
      readFileSync(path.join(root, file), "utf8")
        .split("\n")
        .filter((line) => pattern.test(line))
        .map((line) => `${file}: ${line.trim().slice(0, 160)}`),
    );
    expect(offenders).toEqual([]);
  });

  test("the product FAQ says where data is kept in the legal model's words", () => {
    expect(productFaq.some((entry) => JSON.stringify(entry).includes(dataStatements.storage))).toBe(true);
  });

  test("the call widget names the supported browsers from the legal model", () => {
    expect(callWidgetText.errors.unsupportedBrowser).toContain(supportedBrowsers);
  });
});
