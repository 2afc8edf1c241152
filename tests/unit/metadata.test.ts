/** @jest-environment node */
import { buildPageMetadata, staticPageMetadata } from "@/lib/seo/metadata";
import { site } from "@/content/site";
import { siteOrigin } from "@/lib/config/site-links";

const base = { path: "/product", title: "Product", description: "A description of the product page that is long enough." };

describe("page metadata helper", () => {
  it("makes the canonical URL absolute on the site origin", () => {
    expect(buildPageMetadata(base).alternates?.canonical).toBe(`${siteOrigin}/product`);
  });

  it("declares en-US, en-GB, en and x-default alternates pointing at the canonical URL", () => {
    const languages = buildPageMetadata(base).alternates?.languages as Record<string, string>;
    expect(Object.keys(languages).sort()).toEqual(["en", "en-GB", "en-US", "x-default"]);
    expect(new Set(Object.values(languages))).toEqual(new Set([`${siteOrigin}/product`]));
  });

  it("uses the page's generated 1200x630 share image for Open Graph and Twitter", () => {
    const metadata = buildPageMetadata(base);
    const og = (metadata.openGraph?.images as Array<{ url: string; width: number; height: number }>)[0];
    expect(og).toMatchObject({ url: `${siteOrigin}/og/product.png`, width: 1200, height: 630 });
    expect(metadata.twitter).toMatchObject({ card: "summary_large_image" });
    expect((metadata.twitter?.images as Array<{ url: string }>)[0]?.url).toBe(og?.url);
  });

  it("indexes pages with unlimited snippets and previews unless noindex is set", () => {
    const robots = buildPageMetadata(base).robots as Record<string, unknown>;
    expect(robots).toMatchObject({ index: true, follow: true, "max-snippet": -1, "max-image-preview": "large", "max-video-preview": -1 });
    expect(buildPageMetadata({ ...base, noindex: true }).robots).toMatchObject({ index: false, follow: false });
  });

  it("adds the site's default keywords after the page's own, without duplicates", () => {
    const keywords = buildPageMetadata({ ...base, keywords: ["vishing simulation", "custom"] }).keywords as string[];
    expect(keywords.slice(0, 2)).toEqual(["vishing simulation", "custom"]);
    expect(keywords.filter((keyword) => keyword === "vishing simulation")).toHaveLength(1);
  });

  it("runs titles through the template except the home page's complete title", () => {
    expect(staticPageMetadata("/product").title).toBe("Product: AI Vishing Simulation Platform");
    expect(staticPageMetadata("/").title).toEqual({ absolute: expect.stringContaining(site.name) });
  });
});
