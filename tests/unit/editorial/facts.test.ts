/** @jest-environment node */
import { factStated, factsEntry } from "@/lib/editorial/facts";

const facts = [
  "## 1. The rise of AI-driven voice attacks",
  "- **Six campaigns.** — Source: ZDNET, https://example.org/zdnet",
  "  - The same ZDNET piece adds that victims were pushed to open remote sessions, usually via Quick Assist.",
  "  - Another outlet disagrees — https://example.org/other",
  "- **Next entry.** — Source: https://example.org/next",
].join("\n");

test("an entry is the line with the address and the sub-points under it that cite nothing else", () => {
  expect(factsEntry(facts, "https://example.org/zdnet")).toEqual([
    "- **Six campaigns.** — Source: ZDNET, https://example.org/zdnet",
    "  - The same ZDNET piece adds that victims were pushed to open remote sessions, usually via Quick Assist.",
  ]);
});

test("what a line states leaves out its attribution, whose titles are not the fact", () => {
  expect(factStated('- At the hearing Co-op said its attackers impersonated an employee — Source: Computer Weekly, "M&S calls for reporting", https://example.org/cw')).toBe("- At the hearing Co-op said its attackers impersonated an employee");
  expect(factStated("  - Co-author Grant Ho told the WSJ: it did not help. — TechSpot (2025-09-07), https://example.org/ts")).toBe("- Co-author Grant Ho told the WSJ: it did not help.");
  expect(factStated('- It came from impersonation — Source: Bloomberg, https://example.org/b ; Computer Weekly, "M&S calls for reporting" (2025), https://example.org/cw')).toBe("- It came from impersonation");
  expect(factStated("- The ransom was $15m — Source: Computer Weekly, https://example.org/cw . The hackers called the help desk — https://example.org/py")).toBe("- The ransom was $15m . The hackers called the help desk");
});
