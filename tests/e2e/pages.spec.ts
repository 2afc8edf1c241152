import { expect, test } from "@playwright/test";
import { routes } from "./routes";
import { movedWhileParsing } from "./support/first-screen-while-parsing";

for (const route of routes) {
  test(`${route.path} is pre-rendered with its heading, title, canonical and JSON-LD of the expected types`, async ({ page }) => {
    const html = await (await page.goto(route.path))!.text();
    expect(html).toContain(route.heading.replace(/&/g, "&amp;").replace(/'/g, "&#x27;"));
    expect(html).toMatch(/<link rel="canonical" href="https:\/\/www\.mockingbird\.example[^"]*"/);
    expect(html).toContain('type="application/ld+json"');
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.heading);
    await expect(page).toHaveTitle(route.title);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const types = blocks.flatMap((block) => (JSON.parse(block)["@graph"] as Array<{ "@type": string }>).map((node) => node["@type"]));
    expect(types.sort()).toEqual([...route.types].sort());
  });

  test(`${route.path} loads without console errors or CSP violations`, async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (message) => message.type() === "error" && problems.push(message.text()));
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(route.path);
    // Hydration and link prefetches run after load; give them an idle moment to report.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
    expect(problems).toEqual([]);
  });

  test.describe(() => {
    test.use({ javaScriptEnabled: false });
    test(`${route.path}'s first screen on a phone stays put while its HTML arrives`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(route.path);
      await page.evaluate(() => document.fonts.ready);
      expect(await movedWhileParsing(page)).toEqual([]);
    });
  });
}

test("the team page shows initials when a photo fails to load and logs the failure", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  await page.route("**/team/*.svg", (route) => route.abort());
  await page.goto("/team");
  await expect(page.getByText("MS", { exact: true })).toBeVisible();
  await expect(page.getByText("RA", { exact: true })).toBeVisible();
  expect(errors.some((text) => /Team photo of Maya Sterling failed to load: \S*\/team\/\S+\.svg/.test(text))).toBe(true);
});

test("an unknown path answers 404 with the not-found page and logs the path", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  const response = await page.goto("/no-such-page?from=test");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Oops! Page not found");
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");
  expect(errors).toContain("404: no page at /no-such-page?from=test");
});
