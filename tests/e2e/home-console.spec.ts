import { expect, test, type ConsoleMessage } from "@playwright/test";

/**
 * Home's console stays quiet: no error and no warning while it loads, hydrates and prefetches the
 * pages its links lead to. A prefetched page's payload can carry preload hints for its images
 * (React's for any eager <img>), and Chrome warns about each preloaded image unused 3 s after the
 * load event; the desktop header's "Blog" link once cost two such warnings on every load.
 */
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`Home at ${viewport.width}x${viewport.height} loads without a console error or warning`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const messages: string[] = [];
    page.on("console", (message: ConsoleMessage) => ["error", "warning"].includes(message.type()) && messages.push(`${message.type()}: ${message.text()}`));
    page.on("pageerror", (error) => messages.push(`uncaught: ${error.message}`));
    await page.goto("/", { waitUntil: "load" });
    await page.waitForLoadState("networkidle");
    // Chrome judges preloads 3 s after the load event, whatever else happens: only time shows them.
    await page.waitForTimeout(4_000);
    expect(messages).toEqual([]);
  });
}
