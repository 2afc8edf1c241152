import { render } from "@testing-library/react";
import { AudioBars } from "@/components/product/audio-bars";

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

  it("exposes nothing to the accessibility tree", () => {
    const { container } = render(<AudioBars />);
    expect(container.textContent).toBe("");
  });
});
