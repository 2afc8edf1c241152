import { manifesto, type Citation, type SourcedFigure } from "@/content/manifesto";

const { sections } = manifesto;
const bars = sections.flatMap((section) => (section.bar ? [section.bar] : []));
const figures: SourcedFigure[] = [
  ...bars.map((bar) => bar.figure),
  ...sections.flatMap((section) => section.figures ?? []),
];
const citations: Citation[] = [
  ...figures.map((figure) => figure.citation),
  ...sections.flatMap((section) => (section.quote ? [section.quote.citation] : [])),
];

describe("manifesto content", () => {
  it("has the four sections in order", () => {
    expect([...manifesto.sections.map((section) => section.heading), manifesto.plan.heading]).toEqual([
      "The New Threat",
      "The Evidence is Clear",
      "A Critical Gap",
      "It's Time to Train for the Fight You're Actually In",
    ]);
  });

  it("has the three numbered points in order", () => {
    expect(manifesto.plan.points.map((point) => point.title)).toEqual([
      "Build Deepfake Immunity",
      "Spar with an AI That Thinks",
      "Precision Insights, Zero Hassle",
    ]);
  });

  it("cites a source URL and publisher for every figure and quote", () => {
    expect(figures.length).toBeGreaterThan(0);
    for (const citation of citations) {
      expect(new URL(citation.url).protocol).toBe("https:");
      expect(citation.publisher.trim()).not.toBe("");
    }
  });

  it("keeps every number inside a sourced figure: the prose has none", () => {
    const prose = [
      manifesto.lede,
      ...sections.flatMap((section) => [section.heading, ...section.paragraphs]),
      manifesto.plan.intro,
      ...manifesto.plan.points.flatMap((point) => [point.title, point.body]),
      manifesto.closing.heading,
      manifesto.closing.body,
    ];
    for (const text of prose) expect(text).not.toMatch(/\d/);
  });

  it("draws the red evidence bar in 'The Evidence is Clear' at the width of the figure it shows", () => {
    expect(bars).toHaveLength(1);
    expect(sections.find((section) => section.bar)?.heading).toBe("The Evidence is Clear");
    const [bar] = bars;
    expect(bar?.percent).toBe(82);
    expect(bar?.figure.value).toBe(`${bar?.percent}%`);
  });

  it("states the 442% vishing rise as half-year on half-year, not year on year", () => {
    const vishing = figures.find((figure) => figure.value === "442%");
    expect(vishing?.statement).toMatch(/first and second half of 2024/);
    expect(vishing?.citation.origin).toMatch(/CrowdStrike/);
  });
});
