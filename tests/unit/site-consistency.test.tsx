import { render } from "@testing-library/react";
import OnePagerPage from "@/app/one-pager/page";
import { homeContent } from "@/content/home";
import { joinBeta } from "@/content/join-beta";
import { privacyPolicyFor } from "@/content/legal/privacy";
import { termsOfServiceFor } from "@/content/legal/terms";
import type { LegalDocument } from "@/content/legal/types";
import { manifesto } from "@/content/manifesto";
import { featureHighlights, productCta, productFaq, productHero, productIntro } from "@/content/product";
import { teamPage } from "@/content/team";
import { siteHost } from "@/lib/config/site-links";
import { articles, plainText } from "@mockingbird/testkit/content/content-corpus";
import { siteCopy } from "@mockingbird/testkit/content/site-copy";

/** The legal texts as this deployment serves them. */
const privacyPolicy = privacyPolicyFor({ websiteHost: siteHost });
const termsOfService = termsOfServiceFor({ websiteHost: siteHost });

/**
 * Rules that keep the pages, the articles and the legal texts telling one story. Each names the
 * contradiction it would have caught.
 */

const legalText = (doc: LegalDocument) => [doc.intro, ...doc.sections.flatMap((section) => section.blocks.flatMap((block) => (block.type === "p" ? [block.text] : block.items)))];

/** Every paragraph-sized piece of copy on the site, named by where it appears. */
const copy: [string, string][] = [
  ...Object.values(homeContent.secondary.steps).map((step): [string, string] => ["Home", step.body]),
  ["Home", homeContent.subline],
  ["Home", homeContent.cta.body],
  ["Home", homeContent.demo.body],
  ["Product", productHero.subtitle],
  ["Product", productIntro.body],
  ["Product", productCta.body],
  ...featureHighlights.flatMap((feature) => [...feature.description, ...feature.bullets].map((text): [string, string] => ["Product", text])),
  ...productFaq.map((item): [string, string] => ["Product FAQ", item.answer]),
  ...manifesto.sections.flatMap((section) => section.paragraphs.map((text): [string, string] => ["Manifesto", text])),
  ...manifesto.plan.points.map((point): [string, string] => ["Manifesto", point.body]),
  ...joinBeta.intro.map((text): [string, string] => ["Join beta", text]),
  ["Team", teamPage.expertise.body],
  ...legalText(privacyPolicy).map((text): [string, string] => ["Privacy", text]),
  ...legalText(termsOfService).map((text): [string, string] => ["Terms", text]),
  ...articles().flatMap((article) => article.blocks.map((block): [string, string] => [article.slug, plainText(block.text)])),
];

const sentences = copy.flatMap(([where, text]) => text.split(/(?<=[.;!?])\s+/).map((sentence): [string, string] => [where, sentence]));

const matching = (pattern: RegExp, within = sentences) => within.filter(([, text]) => pattern.test(text)).map(([where, text]) => `${where}: ${text}`);

describe("one story across the site", () => {
  test("wherever a page offers cloned voices, the same paragraph or item requires the owner's consent", () => {
    // Home, Product, Join beta, the site's and pages' descriptions, the manifesto's plan, and articles where they point to the feature.
    const offers = siteCopy()
      .filter((part) => part.kind === "prose" && (["/", "/product", "/join-beta", "site-wide"].includes(part.page) || part.where.startsWith("pages.json") || part.where.startsWith("plan") || /\(\/product#voice-cloning\)/.test(part.text)))
      .filter((part) => /\bclon(?:e|ed|es|ing)\b|\breplicas?\b/i.test(part.text));
    expect(offers.length).toBeGreaterThan(5);
    for (const part of offers) expect(`${part.page} (${part.where}): ${part.text}`).toMatch(/consent/i);
  });

  test("no page says training teaches people to detect a fake voice: the articles' point is that the tell is the request", () => {
    expect(matching(/\b(?:learn|learns|teach|teaches|train|trains|trained)\b[^.?]*\b(?:spot|detect|recogni[sz]e|tell)\b[^.?]*\b(?:fake|cloned|synthetic|deepfake)\s+voices?\b/i)).toEqual([]);
    expect(homeContent.subline).toMatch(/the tell is the request, not the voice/);
  });

  test("coaching is the seed's one-to-one voice coaching in the browser, never immediate coaching for everyone after a call", () => {
    expect(matching(/coach/i).filter((line) => /\b(immediate|immediately|everyone gets|after (every|each) (failed )?call|right after the call)\b/i.test(line))).toEqual([]);
    expect(copy.some(([where, text]) => where === "Home" && /one-to-one with an AI voice coach in the browser/.test(text))).toBe(true);
  });

  test("calls are offered in many languages: no page limits them to English", () => {
    expect(matching(/English is supported today|only in English|English only/i)).toEqual([]);
    const languages = productFaq.find((item) => /languages/i.test(item.question));
    expect(languages?.answer).toMatch(/many languages/);
  });

  test("no page promises AI callers always stay within scope, since the Terms say AI output can be inaccurate", () => {
    expect(matching(/AI-generated conversations can be unpredictable and may occasionally be inaccurate/, sentences.filter(([where]) => where === "Terms"))).toHaveLength(1);
    expect(matching(/\b(every|each) call (stays|remains|keeps)\b|\balways (stays|remains|keeps) (inside|within)\b/i)).toEqual([]);
  });

  test("custom playbooks are never contradicted by 'no scripts to write'", () => {
    expect(matching(/no scripts to write/i)).toEqual([]);
    expect(matching(/custom playbooks?/i).length).toBeGreaterThan(0);
  });

  test("simulated calls go to work contact details: every mention of personal phone numbers says not to call them", () => {
    expect(matching(/target only Participants[^.]*work contact details/)).toHaveLength(1);
    const personalNumbers = matching(/personal (mobile |phone )?numbers?/i);
    expect(personalNumbers.length).toBeGreaterThan(0);
    for (const line of personalNumbers) expect(line).toMatch(/\b(not|never|without|no)\b/i);
  });
});

describe("the one-pager", () => {
  test("prints every paragraph of every feature, including the voice-cloning consent", () => {
    const { container } = render(<OnePagerPage />);
    const text = (container.textContent ?? "").replace(/\s+/g, " ");
    for (const feature of featureHighlights) for (const paragraph of feature.description) expect(text).toContain(paragraph);
    expect(text).toMatch(/Cloning a real person's voice always requires that person's explicit consent/);
  });

  test("prints the home page's sourced figure with its source", () => {
    const { container } = render(<OnePagerPage />);
    const figure = homeContent.panel.figures[0];
    expect(container.textContent).toContain(figure?.claim);
    expect(container.textContent).toContain(figure?.source.url);
  });
});
