import { expect, test, type Frame } from "@playwright/test";
import { baseURL, partnerOrigin } from "../../playwright.config";
import { EMBED_PATH } from "../../lib/security/framing";
import { routes } from "./routes";
import { callWidget, startTypedCall, text } from "./support/call-widget";
import { startPartnerSite } from "@mockingbird/testkit/fakes/partner-site";

/**
 * /embed/call is the widget alone, for an <iframe allow="microphone"> on the sites listed in
 * EMBED_ALLOWED_ORIGINS (playwright.config.ts lists the partner site's origin). Only that path
 * may be framed; every other page keeps frame-ancestors 'none' and X-Frame-Options DENY.
 */

const allowedOrigin = partnerOrigin;

const frameAncestors = (csp: string | undefined) => /(?:^|;)\s*frame-ancestors ([^;]*)/.exec(csp ?? "")?.[1]?.trim().split(/\s+/) ?? [];

test("the embed page renders only the call widget, without the site's header, navigation or footer", async ({ page }) => {
  await page.goto(EMBED_PATH);
  const widget = callWidget(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.heading);
  await expect(widget.startButton).toBeVisible();
  await expect(widget.typedButton).toBeVisible();
  await expect(page.getByRole("banner")).toHaveCount(0);
  await expect(page.getByRole("navigation")).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("region")).toHaveCount(1);
});

test("the embed page may be framed by itself and the allow-listed origin, and sends no X-Frame-Options", async ({ request }) => {
  const headers = (await request.get(EMBED_PATH)).headers();
  expect(frameAncestors(headers["content-security-policy"]).sort()).toEqual(["'self'", allowedOrigin].sort());
  expect(headers["x-frame-options"]).toBeUndefined();
});

test("every other route keeps frame-ancestors 'none' and X-Frame-Options DENY", async ({ request }) => {
  for (const path of [...routes.map((route) => route.path), "/embed", "/embed/call/more", "/no-such-page"]) {
    const headers = (await request.get(path)).headers();
    expect(frameAncestors(headers["content-security-policy"]), path).toEqual(["'none'"]);
    expect(headers["x-frame-options"], path).toBe("DENY");
  }
});

test.describe("framed by an allow-listed site", () => {
  let site: { close(): Promise<void> } | undefined;

  test.beforeAll(async () => {
    site = await startPartnerSite(allowedOrigin, baseURL, EMBED_PATH);
  });

  test.afterAll(async () => {
    await site?.close();
  });

  test("the widget shows inside the iframe and a typed call connects there; the home page refuses to be framed", async ({ page }) => {
    await page.goto(`${allowedOrigin}/`);
    const frame = page.frameLocator('iframe[title="Call widget"]');
    const widget = callWidget(frame);
    await expect(widget.startButton).toBeVisible();
    const embedded = page.frames().find((candidate: Frame) => candidate.url() === `${baseURL}${EMBED_PATH}`);
    expect(await embedded?.evaluate(() => (document as Document & { featurePolicy?: { allowsFeature(name: string): boolean } }).featurePolicy?.allowsFeature("microphone"))).toBe(true);

    await startTypedCall(widget);
    await widget.endButton.click();
    await expect(widget.startButton).toBeVisible();

    // The home page's own frame was blocked by the browser, not rendered.
    const homeFrame = await (await page.locator('iframe[title="Home page"]').elementHandle())?.contentFrame();
    await expect.poll(() => homeFrame?.url()).toMatch(/^chrome-error:/);
    await expect(page.frameLocator('iframe[title="Home page"]').getByRole("button", { name: text.buttons.start })).toHaveCount(0);
  });
});
