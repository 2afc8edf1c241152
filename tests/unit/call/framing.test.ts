import { EMBED_PATH, embedFrameAncestors, isEmbeddablePath } from "@/lib/security/framing";

describe("isEmbeddablePath", () => {
  it("allows the embeddable call widget, with or without a trailing slash", () => {
    expect(EMBED_PATH).toBe("/embed/call");
    expect(isEmbeddablePath("/embed/call")).toBe(true);
    expect(isEmbeddablePath("/embed/call/")).toBe(true);
  });

  it("refuses every other path", () => {
    for (const path of ["/", "", "/embed", "/embed/", "/embed/call/more", "/embed/caller", "/blog", "/EMBED/CALL"]) {
      expect(isEmbeddablePath(path)).toBe(false);
    }
  });
});

describe("embedFrameAncestors", () => {
  it("is only 'self' when no origins are listed", () => {
    expect(embedFrameAncestors({})).toEqual(["'self'"]);
    expect(embedFrameAncestors({ EMBED_ALLOWED_ORIGINS: "" })).toEqual(["'self'"]);
  });

  it("adds each listed http(s) origin, trimmed and reduced to its origin", () => {
    expect(embedFrameAncestors({ EMBED_ALLOWED_ORIGINS: " https://partner.example/path?q=1 , http://localhost:3000/ " })).toEqual([
      "'self'",
      "https://partner.example",
      "http://localhost:3000",
    ]);
  });

  it("lists an origin once however often it is given", () => {
    expect(embedFrameAncestors({ EMBED_ALLOWED_ORIGINS: "https://a.example,https://A.example/,https://a.example:443" })).toEqual(["'self'", "https://a.example"]);
  });

  it("drops entries that are not http(s) origins", () => {
    expect(embedFrameAncestors({ EMBED_ALLOWED_ORIGINS: "*,https:,ftp://files.example,javascript:alert(1),not a url,,data:text/html,x" })).toEqual(["'self'"]);
  });

  // The module promises that "a typo can never widen the list to a wildcard".
  it("drops wildcard hosts, which would let any site frame the widget", () => {
    expect(embedFrameAncestors({ EMBED_ALLOWED_ORIGINS: "https://*,https://*.partner.example" })).toEqual(["'self'"]);
  });

  it("drops hosts carrying CSP separators, which would break out of frame-ancestors", () => {
    expect(embedFrameAncestors({ EMBED_ALLOWED_ORIGINS: "https://a.example;script-src,https://b.example%3Bx" })).toEqual(["'self'"]);
  });
});
