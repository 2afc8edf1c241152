/** @jest-environment node */
import { pagePathFromShareImage } from "@/lib/seo/share-image";
import { wantsReadableSitemap } from "@/lib/seo/readable-sitemap";
import { withStylesheet, stylesheetInstruction } from "@/scripts/build/sitemap-stylesheet";

describe("share images", () => {
  it("resolve back to their page and refuse anything else", () => {
    expect(pagePathFromShareImage(["home.png"])).toBe("/");
    expect(pagePathFromShareImage(["blog", "x.png"])).toBe("/blog/x");
    expect(pagePathFromShareImage(["..", "x.png"])).toBeNull();
    expect(pagePathFromShareImage(["product.jpg"])).toBeNull();
  });
});

describe("sitemap for people", () => {
  it("is not shown to crawlers, which send no fetch metadata", () => {
    expect(wantsReadableSitemap(new Headers({ accept: "text/html,application/xml;q=0.9" }))).toBe(false);
  });

  it("links the XSL stylesheet once, after the XML declaration", () => {
    const xml = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset></urlset>';
    const styled = withStylesheet(xml);
    expect(styled.split("\n").slice(0, 2)).toEqual(['<?xml version="1.0" encoding="UTF-8"?>', stylesheetInstruction]);
    expect(withStylesheet(styled)).toBe(styled);
  });
});
