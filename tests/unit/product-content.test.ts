import { featureHighlights, featureIds, productCta, productFaq } from "@/content/product";

describe("Product page content", () => {
  it("lists the six highlights in the specified order", () => {
    expect(featureHighlights.map((feature) => feature.id)).toEqual([
      "campaign-scheduling",
      "voice-cloning",
      "ai-agents",
      "playbooks",
      "ai-coaching",
      "reporting",
    ]);
    expect(featureIds).toEqual(featureHighlights.map((feature) => feature.id));
  });

  it("alternates the illustration side from one block to the next, starting unreversed", () => {
    featureHighlights.forEach((feature, index) => {
      expect(feature.reversed).toBe(index % 2 === 1);
    });
  });

  it("gives every highlight a title, copy, bullets and alt text", () => {
    for (const feature of featureHighlights) {
      expect(feature.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(feature.title.trim()).not.toBe("");
      expect(feature.label.trim()).not.toBe("");
      expect(feature.description.length).toBeGreaterThan(0);
      feature.description.forEach((paragraph) => expect(paragraph.trim()).not.toBe(""));
      expect(feature.bullets.length).toBeGreaterThanOrEqual(2);
      expect(feature.bullets.length).toBeLessThanOrEqual(4);
      expect(feature.alt.trim().length).toBeGreaterThan(10);
    }
  });

  it("has four or five non-empty, distinct FAQ items", () => {
    expect(productFaq.length).toBeGreaterThanOrEqual(4);
    expect(productFaq.length).toBeLessThanOrEqual(5);
    for (const item of productFaq) {
      expect(item.question.trim()).not.toBe("");
      expect(item.question.trim().endsWith("?")).toBe(true);
      expect(item.answer.trim()).not.toBe("");
    }
    expect(new Set(productFaq.map((item) => item.question)).size).toBe(productFaq.length);
  });

  it("uses the exact closing call-to-action heading", () => {
    expect(productCta.title).toBe("Ready to strengthen your organization against vishing attacks?");
    expect(productCta.button).toBe("Book a Free Consultation");
  });
});
