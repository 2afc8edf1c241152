import { render } from "@testing-library/react";
import { AudioBars, barMotion } from "@/components/product/audio-bars";

describe("AudioBars", () => {
  it("renders exactly seven bars inside a container hidden from assistive technology", () => {
    const { container } = render(<AudioBars />);
    const root = container.firstElementChild as HTMLElement;
    expect(root).toHaveAttribute("aria-hidden", "true");
    const bars = root.querySelectorAll("[data-bar]");
    expect(bars).toHaveLength(7);
    expect(root.children).toHaveLength(7);
  });

  it("staggers the animation and stands still when reduced motion is requested", () => {
    const { container } = render(<AudioBars />);
    const bars = Array.from(container.querySelectorAll<HTMLElement>("[data-bar]"));
    const delays = bars.map((bar) => bar.style.animationDelay);
    expect(new Set(delays).size).toBe(7);
    for (const bar of bars) {
      expect(bar.className).toContain("animate-bar");
      expect(bar.className).toContain("motion-reduce:animate-none");
      expect(bar.style.height).toMatch(/%$/);
    }
  });

  it("moves for less than five seconds and only after the page has settled (WCAG 2.2.2)", () => {
    const { container } = render(<AudioBars />);
    const bars = Array.from(container.querySelectorAll<HTMLElement>("[data-bar]"));
    const seconds = (value: string) => Number(value.replace(/s$/, ""));
    for (const bar of bars) {
      expect(seconds(bar.style.animationDelay)).toBeGreaterThanOrEqual(barMotion.startSeconds);
      expect(Number(bar.style.animationIterationCount)).toBe(barMotion.cycles);
    }
    const lastStop = Math.max(...bars.map((bar) => seconds(bar.style.animationDelay) + seconds(bar.style.animationDuration) * Number(bar.style.animationIterationCount)));
    const firstStart = Math.min(...bars.map((bar) => seconds(bar.style.animationDelay)));
    expect(lastStop - firstStart).toBeLessThan(5);
  });
});
