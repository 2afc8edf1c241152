/** How the call benchmarks time a demo call in Chromium (with a fake microphone granted). */
import type { Browser, Page } from "playwright-core";

/** Resolves when the page's main thread is idle (or after 3 s). */
export const idle = (page: Page) => page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3000 })));

/**
 * Start Call -> 'Connected' on a fresh page and cache, clicked without hovering first, so the
 * lazy call chunk's download is included; the call is ended before returning.
 */
export async function timeCall(browser: Browser, origin: string): Promise<number> {
  const context = await browser.newContext({ permissions: ["microphone"] });
  const page = await context.newPage();
  await page.goto(`${origin}/`, { waitUntil: "load" });
  await idle(page);
  const button = page.getByRole("button", { name: "Start Call" });
  // dispatchEvent, not click(): a real pointer would hover first and preload the chunk.
  const started = await page.evaluate(() => performance.now());
  await button.dispatchEvent("click");
  await page.getByText("Connected", { exact: true }).waitFor({ timeout: 20_000 });
  const connected = await page.evaluate(() => performance.now());
  await page.getByRole("button", { name: "End Call" }).click();
  await page.getByRole("button", { name: "Start Call" }).waitFor();
  await context.close();
  return connected - started;
}
