/** @jest-environment node */
import { tableUnder } from "@/lib/editorial/markdown-table";

const guide = `# Guide

## The voice agents

Set these:

| setting | value |
|---|---|
| Audio saving | off |
| Data retention | **0 days** |

## Later

| setting | value |
|---|---|
| Other | 1 |
`;

describe("a guide's table under a heading", () => {
  test("reads the first table under the heading as rows keyed by the header", () => {
    expect(tableUnder(guide, "The voice agents")).toEqual([
      { setting: "Audio saving", value: "off" },
      { setting: "Data retention", value: "**0 days**" },
    ]);
  });

  test("is undefined when the heading is missing or has no table before the next heading", () => {
    expect(tableUnder(guide, "Missing")).toBeUndefined();
    expect(tableUnder("## Empty\n\nText.\n\n## Next\n\n| a |\n|---|\n| 1 |\n", "Empty")).toBeUndefined();
  });
});
