/** @jest-environment node */
import { pagePathFromShareImage, shareImagePath } from "@/lib/seo/share-image";
import { pageViewPath } from "@/lib/analytics/page-view";
import { wantsReadableSitemap } from "@/lib/seo/readable-sitemap";
import { withStylesheet, stylesheetInstruction } from "@/scripts/build/sitemap-stylesheet";

describe("share images", () => {
  it("live at /og/<page>.png, with home for the root", () => {
    expect(shareImagePath("/")).toBe("/og/home.png");
    expect(shareImagePath("/blog/byod-vishing-problem")).toBe("/og/blog/byod-vishing-problem.png");
  });

  it("resolve back to their page and refuse anything else", () => {
    expect(pagePathFromShareImage(["home.png"])).toBe("/");
    expect(pagePathFromShareImage(["blog", "x.png"])).toBe("/blog/x");
    expect(pagePathFromShareImage(["..", "x.png"])).toBeNull();
    expect(pagePathFromShareImage(["product.jpg"])).toBeNull();
  });
});

describe("page views", () => {
  it("report the path with its query", () => {
    expect(pageViewPath("/product", "x=1&y=2")).toBe("/product?x=1&y=2");
    expect(pageViewPath("/product", "?x=1")).toBe("/product?x=1");
  });

  it("report the bare path when there is no query", () => {
    expect(pageViewPath("/team", "")).toBe("/team");
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
