/** @jest-environment node */

/** The site-links module as a deployment with these NEXT_PUBLIC_* values loads it. */
async function siteLinksWith(env: Record<string, string>) {
  const saved = process.env;
  process.env = { ...saved, ...env };
  try {
    let loaded: typeof import("@/lib/config/site-links") | undefined;
    await jest.isolateModulesAsync(async () => {
      loaded = await import("@/lib/config/site-links");
    });
    if (!loaded) throw new Error("lib/config/site-links did not load");
    return loaded;
  } finally {
    process.env = saved;
  }
}

const deployment = {
  NEXT_PUBLIC_SITE_URL: "https://preview.mockingbird.test/",
  NEXT_PUBLIC_BOOKING_URL: "https://book.mockingbird.test/demo",
  NEXT_PUBLIC_DOCS_URL: "https://docs.mockingbird.test",
  NEXT_PUBLIC_TWITTER_URL: "https://twitter.com/mockingbird_test",
  NEXT_PUBLIC_LINKEDIN_URL: "https://www.linkedin.com/company/mockingbird-test",
};

test("a page content links to by name leads where the deployment configures it", async () => {
  const { hrefOf } = await siteLinksWith(deployment);
  expect(hrefOf({ configured: "booking" })).toBe(deployment.NEXT_PUBLIC_BOOKING_URL);
  expect(hrefOf({ configured: "docs" })).toBe(deployment.NEXT_PUBLIC_DOCS_URL);
  expect(hrefOf({ configured: "twitter" })).toBe(deployment.NEXT_PUBLIC_TWITTER_URL);
  expect(hrefOf({ configured: "linkedin" })).toBe(deployment.NEXT_PUBLIC_LINKEDIN_URL);
});

test("a path or a mailto: address written in content is its own address", async () => {
  const { hrefOf } = await siteLinksWith(deployment);
  expect(hrefOf("/join-beta")).toBe("/join-beta");
  expect(hrefOf("mailto:hello@mockingbird.test?subject=Support%20request")).toBe("mailto:hello@mockingbird.test?subject=Support%20request");
});

test("the site's origin, its host and its absolute URLs follow NEXT_PUBLIC_SITE_URL", async () => {
  const { absoluteUrl, siteHost, siteOrigin } = await siteLinksWith(deployment);
  expect(siteOrigin).toBe("https://preview.mockingbird.test");
  expect(siteHost).toBe("preview.mockingbird.test");
  expect(absoluteUrl("/blog/rss.xml")).toBe("https://preview.mockingbird.test/blog/rss.xml");
});
