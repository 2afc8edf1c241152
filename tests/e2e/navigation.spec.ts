import { expect, test, type Page } from "@playwright/test";
import { site } from "../../content/site";
import { configuredLinks } from "../../lib/config/site-links";

/**
 * Whether the menu button is exposed as expanded, read from Chromium's accessibility tree
 * (what a screen reader gets). The button has no aria-expanded (HTML forbids it beside
 * popovertarget): the browser derives the state from the popover, and Playwright's
 * toBeExpanded() and aria snapshots read only the attribute, so this asks the browser.
 */
async function menuButtonExposedExpanded(page: Page): Promise<boolean | undefined> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: 'button[popovertarget="site-menu"]:not([popovertargetaction])' });
    const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false });
    const expanded = nodes[0]?.properties?.find((property) => property.name === "expanded");
    return expanded === undefined ? undefined : expanded.value.value === true;
  } finally {
    await cdp.detach();
  }
}

const pageViews = (page: Page) =>
  page.evaluate(() => (window.vaq ?? []).filter(([kind]) => kind === "pageview").map(([, data]) => (data as { path: string }).path));

test.describe("desktop header", () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("links to every section, the one-pager, email and both calls to action", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    const nav = header.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Read our manifesto" })).toHaveAttribute("href", "/manifesto");
    await expect(nav.getByRole("link", { name: "Product" })).toHaveAttribute("href", "/product");
    await expect(nav.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
    await expect(nav.getByRole("link", { name: "Team" })).toHaveAttribute("href", "/team");
    await expect(header.getByRole("link", { name: "One-pager" })).toHaveAttribute("download", /\.pdf$/);
    await expect(header.getByRole("link", { name: "Email us" })).toHaveAttribute("href", `mailto:${site.email}`);
    const book = header.getByRole("link", { name: /Book a Free Consultation/ });
    await expect(book).toHaveAttribute("href", configuredLinks.booking);
    await expect(book).toHaveAttribute("target", "_blank");
    await expect(header.getByRole("link", { name: "Request Platform Access" })).toHaveAttribute("href", "/join-beta");
  });

  test("the one-pager download is a real PDF", async ({ request }) => {
    const response = await request.get(site.onePagerPath);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/pdf");
    expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");
  });

  test("the footer has its four columns, the year with all rights reserved and the supported-by strip", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const column of ["Company", "Product", "Resources", "Legal"]) {
      await expect(footer.getByRole("navigation", { name: column })).toBeVisible();
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    await expect(footer).toContainText("All rights reserved");
    await expect(footer.getByRole("link", { name: /Twitter/ })).toHaveAttribute("href", configuredLinks.twitter);
    await expect(footer.getByRole("link", { name: /LinkedIn/ })).toHaveAttribute("href", configuredLinks.linkedin);
    await expect(footer).toContainText(site.supportedBy);
  });

  test("a route change scrolls instantly to the top", async ({ page }) => {
    await page.goto("/product");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole("contentinfo").getByRole("link", { name: "Team" }).click();
    await expect(page).toHaveURL("/team");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("page views fire with path and query on load and on client-side navigation", async ({ page }) => {
    await page.goto("/?utm_source=test");
    await expect.poll(() => pageViews(page)).toEqual(["/?utm_source=test"]);
    await page.getByRole("banner").getByRole("link", { name: "Product" }).click();
    await expect(page).toHaveURL("/product");
    await page.evaluate(() => window.history.pushState(null, "", "/product?plan=enterprise"));
    await expect.poll(() => pageViews(page)).toEqual(["/?utm_source=test", "/product", "/product?plan=enterprise"]);
  });

  test("no request leaves the site before the visitor acts", async ({ page, baseURL }) => {
    const foreign: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (!["data:", "blob:"].includes(url.protocol) && url.origin !== new URL(baseURL!).origin) foreign.push(request.url());
    });
    await page.goto("/");
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
    expect(foreign).toEqual([]);
  });
});

test.describe("mobile menu at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("opens full screen from the menu button with focus inside", async ({ page }) => {
    await page.goto("/");
    await expect.poll(() => menuButtonExposedExpanded(page)).toBe(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Site menu" });
    await expect(menu).toBeVisible();
    await expect.poll(() => menuButtonExposedExpanded(page)).toBe(true);
    const box = await menu.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 375, height: 740 });
    expect(await page.evaluate(() => !!document.activeElement?.closest("#site-menu"))).toBe(true);
  });

  test("keeps keyboard focus inside while open", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    for (let step = 0; step < 15; step++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest("#site-menu"))).toBe(true);
    }
  });

  test("closes on Escape and returns focus to the menu button", async ({ page }) => {
    await page.goto("/");
    const button = page.getByRole("button", { name: "Open menu" });
    await button.click();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Site menu" })).toBeHidden();
    await expect(button).toBeFocused();
    await expect.poll(() => menuButtonExposedExpanded(page)).toBe(false);
  });

  test("closes when a link is chosen", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Site menu" }).getByRole("link", { name: "Read our manifesto" }).click();
    await expect(page).toHaveURL("/manifesto");
    await expect(page.getByRole("dialog", { name: "Site menu" })).toBeHidden();
  });

  test("opens without JavaScript too", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 }, baseURL });
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Site menu" }).getByRole("link", { name: "Product" })).toBeVisible();
    await context.close();
  });
});
