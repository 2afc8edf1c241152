/** @jest-environment node */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fontWeightRange, nonAsciiCharacters, printableAscii, siteTextDirs, subsetText, typographicExtras } from "../../scripts/lib/font-subset-text";

const root = path.resolve(__dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const file = path.join(dir, entry);
    return statSync(file).isDirectory() ? sources(file) : /\.(tsx?|css)$/.test(entry) ? [file] : [];
  });
}

describe("the self-hosted web font subset", () => {
  it("lists each character once, in order, and leaves emoji and control characters to the system", () => {
    expect(nonAsciiCharacters(["\u00e9\u00e9 \u{1F44D}\u{FE0F} \u0085 \u00c9", "\u00e9"])).toBe("\u00c9\u00e9");
  });

  it("keeps printable ASCII, the typographic marks and every other character of the copy, the pages and the components", () => {
    const text = subsetText(siteTextDirs.map((dir) => path.join(root, dir)));
    const site = ["content", "app", "components"].flatMap((dir) => sources(path.join(root, dir))).map((file) => readFileSync(file, "utf8"));
    expect(text.startsWith(printableAscii)).toBe(true);
    expect(text).toContain("\u201c");
    for (const character of [...typographicExtras, ...nonAsciiCharacters(site)]) expect(text).toContain(character);
  });

  it("keeps the weights the design uses: every Tailwind weight class is between normal and bold", () => {
    const weights: Record<string, number> = { thin: 100, extralight: 200, light: 300, normal: 400, medium: 500, semibold: 600, bold: 700, extrabold: 800, black: 900 };
    const used = new Set<number>();
    for (const file of [...sources(path.join(root, "app")), ...sources(path.join(root, "components"))]) {
      for (const match of readFileSync(file, "utf8").matchAll(/\bfont-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)\b/g)) used.add(weights[match[1]!]!);
    }
    expect(used.size).toBeGreaterThan(0);
    for (const weight of used) {
      expect(weight).toBeGreaterThanOrEqual(fontWeightRange.min);
      expect(weight).toBeLessThanOrEqual(fontWeightRange.max);
    }
  });
});
