import { render, screen } from "@testing-library/react";
import { SourcedFigure } from "@/components/home/sourced-figure";
import { homeContent } from "@/content/home";

const figure = (value: string) => {
  const found = homeContent.panel.figures.find((entry) => entry.value === value);
  if (!found) throw new Error(`no figure ${value}`);
  return found;
};

test("a relayed figure names its one source and who reported it, as content/FACTS.md attributes it", () => {
  const { container } = render(<SourcedFigure figure={figure("442%")} />);
  expect(container.querySelector("figcaption")?.textContent).toBe("rise in vishing from the first half of 2024 to the second, according to CrowdStrike, as reported by SecureLogix (opens in a new tab).");
  expect(screen.getByRole("link", { name: /SecureLogix/ })).toHaveAttribute("href", figure("442%").source.url);
});

test("a figure from its own publisher keeps its Source link", () => {
  const { container } = render(<SourcedFigure figure={figure("1 in 599")} />);
  expect(container.querySelector("figcaption")?.textContent).toMatch(/according to voice-security vendor Pindrop\. Source: Pindrop \(opens in a new tab\)$/);
});
