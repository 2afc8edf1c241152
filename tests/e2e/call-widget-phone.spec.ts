import { expect } from "@playwright/test";
import { callMarks } from "../../lib/call/call-marks";
import { callWidget, expectIdle, openCallWidget, startTypedCall, startVoiceCall, text, voiceTest as test } from "./support/call-widget";

/**
 * The call on phones (the phone-390, iphone and android projects of playwright.config.ts):
 * the first screen of Home leads to it, and calls work one after another in the same page,
 * including on iOS, where the page hands the SDK an audio context unlocked in the tap and the
 * SDK resamples the caller's audio with the self-hosted resampler.
 */

test("the first screen of Home offers the call without any layout shift, and following it brings Start Call into view", async ({ page }) => {
  await page.addInitScript(() => {
    window.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) window.__shift! += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto("/");
  const link = page.getByRole("link", { name: text.heading });
  await expect(link).toBeInViewport();
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
  expect(await page.evaluate(() => window.__shift)).toBe(0);

  await link.click();
  await expect(page).toHaveURL(/#try-a-call$/);
  // The link lands on the scenario picker, the first thing a call asks for.
  await expect(callWidget(page).root.getByRole("radio").first()).toBeInViewport();
});

test("on a 390 x 844 phone, following the first screen's link shows the scenario picker and Start Call together", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.getByRole("link", { name: text.heading }).click();
  const widget = callWidget(page);
  await expect(widget.root.getByRole("radio").first()).toBeInViewport();
  await expect(widget.startButton).toBeInViewport();
});

test("on a 390 x 844 phone, the debrief comes into view when the call ends, with why it ended", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const widget = await openCallWidget(page);
  await startTypedCall(widget);
  await widget.endButton.click();
  await expect(widget.debrief.getByRole("heading", { level: 3 })).toBeInViewport();
  await expect(widget.debrief.getByTestId("call-ending")).toBeInViewport();
  await expect(widget.debrief.getByTestId("call-ending")).toHaveText(`${text.debrief.ended}. ${text.debrief.endings.visitor}`);
});

test("two voice calls in a row in one page both connect and play the caller, with nothing from another origin and no CSP violation", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const foreign: string[] = [];
  const violations: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith("http") && url.origin !== new URL(baseURL!).origin) foreign.push(request.url());
  });
  page.on("console", (message) => /Content Security Policy|Refused to/i.test(message.text()) && violations.push(message.text()));
  const widget = await openCallWidget(page);

  for (const call of [1, 2]) {
    await test.step(`call ${call}`, async () => {
      await startVoiceCall(widget);
      await expect
        .poll(() => page.evaluate((name) => performance.getEntriesByName(name).length, callMarks.firstAudio), { timeout: 20_000, message: "the caller's audio was scheduled" })
        .toBe(1);
      await expect(page.locator("body > audio")).toHaveCount(1);
      await widget.endButton.click();
      await expectIdle(widget);
      await expect(widget.alert).toBeEmpty();
    });
  }
  expect(foreign).toEqual([]);
  expect(violations).toEqual([]);
});
