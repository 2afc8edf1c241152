import { expect, type Page } from "@playwright/test";
import { movedWithin } from "./support/first-screen-while-parsing";
import { callWidget, expectGreetingCaptioned, expectIdle, holdSignedUrlRequest, openCallWidget, startTypedCall, text, voiceTest as test } from "./support/call-widget";

/**
 * The call panel holds still while the visitor reads it, at the sizes its first visit was made
 * at (issue #51): Start Call on the first screen of a 1280 x 800 window; no layout shift from the
 * page's load through a voice call's states (connecting, connected while the device lists load,
 * ended with its debrief); in each state no element of the panel moved by a later one (the
 * parse-cut check of pages.spec.ts, here on what the call renders); and the rating buttons
 * say what they rate in words, on a machine without an emoji font (this one has none).
 */

declare global {
  interface Window {
    __shifts?: string[];
  }
}

/** Records every layout shift not caused by the visitor's own input, naming what moved. */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
        if (entry.hadRecentInput) continue;
        const moved = (entry.sources ?? []).map((source) => {
          const node = source.node;
          return node instanceof Element ? `<${node.tagName.toLowerCase()} class="${node.getAttribute("class") ?? ""}"> "${(node.textContent ?? "").trim().slice(0, 40)}"` : String(node?.nodeName);
        });
        window.__shifts!.push(`${entry.value.toFixed(4)}: ${moved.join(", ")}`);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The browser lists the devices a second and a half late, as it did on the first visit (about 1 s after 'Connected'). */
async function slowDeviceLists(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const media = navigator.mediaDevices;
    const list = media.enumerateDevices.bind(media);
    media.enumerateDevices = () => new Promise((resolve) => setTimeout(() => resolve(list()), 1500));
  });
}

const shifts = (page: Page) => page.evaluate(() => window.__shifts ?? []);

/** The call panel, as the parse-cut check scopes it. */
const panel = 'section[aria-labelledby="call-widget-heading"]';

test("at 1280 x 800, Start Call is on Home's first screen, whole", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await page.evaluate(() => document.fonts.ready);
  await expect(callWidget(page).startButton).toBeInViewport({ ratio: 1 });
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} x ${viewport.height}, a voice call moves nothing while the visitor reads: connecting, connected while the device lists load, ended with its debrief`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    await recordLayoutShifts(page);
    await slowDeviceLists(page);
    await page.goto("/");
    await page.evaluate(() => document.fonts.ready);
    const widget = callWidget(page);
    await widget.root.scrollIntoViewIfNeeded();
    const devices = widget.root.getByTestId("call-devices");
    const captionsTop = async () => (await widget.captions.boundingBox())!.y;

    await test.step("idle", async () => {
      expect(await movedWithin(page, panel)).toEqual([]);
    });

    const hold = await holdSignedUrlRequest(page);
    // The call's chunk loads on intent: a visitor's pointer reaches Start Call before it clicks.
    // Clicked before the chunk is in (a tap on a slow phone), the panel changes twice, the second
    // time later than the click's 500 ms: the shift this test does not cover (see docs/call-widget.md).
    await widget.startButton.hover();
    await page.waitForLoadState("networkidle");
    await widget.startButton.click();
    let top = 0;
    await test.step("connecting: the device lists already stand in their place, disabled", async () => {
      await expect(widget.connectingBadge).toBeVisible();
      await expect(devices.getByRole("combobox").first()).toBeDisabled();
      top = await captionsTop();
      // Past the click's own 500 ms: any shift from here on counts.
      await page.waitForTimeout(700);
      expect(await movedWithin(page, panel)).toEqual([]);
    });
    hold.release();

    await test.step("connected, the device lists still loading: the captions have not moved", async () => {
      await expect(widget.connectedBadge).toBeVisible({ timeout: 20_000 });
      await expect(devices).toHaveAttribute("aria-busy", "true");
      expect(await captionsTop()).toBe(top);
      expect(await movedWithin(page, panel)).toEqual([]);
    });

    await test.step("connected, the device lists filled: the captions still have not moved", async () => {
      await expect(devices.getByRole("combobox", { name: "Microphone" })).toBeEnabled({ timeout: 10_000 });
      await expectGreetingCaptioned(widget);
      expect(await captionsTop()).toBe(top);
      expect(await movedWithin(page, panel)).toEqual([]);
    });

    await test.step("ended with its debrief", async () => {
      await widget.endButton.click();
      await expectIdle(widget);
      await expect(widget.debrief).toBeVisible();
      await page.waitForTimeout(700);
      expect(await movedWithin(page, panel)).toEqual([]);
    });

    expect(await shifts(page)).toEqual([]);
  });
}

test("on a 390 x 844 phone, the rating buttons say in words what they rate, with drawn icons and no emoji", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const widget = await openCallWidget(page);
  await startTypedCall(widget);
  const rating = widget.root.getByRole("group", { name: text.feedback.legend });
  await expect(rating).toBeVisible();
  await expect(rating.getByText(text.feedback.legend, { exact: true })).toBeVisible();
  for (const label of [text.buttons.like, text.buttons.dislike]) {
    const button = rating.getByRole("button", { name: label, exact: true });
    await expect(button).toHaveText(label);
    const icon = (await button.locator("svg").boundingBox())!;
    expect(icon.width).toBeGreaterThan(0);
    expect(icon.height).toBeGreaterThan(0);
  }
  // Nothing in the panel asks for an emoji font, which this machine lacks: such a character draws as a blank.
  expect(await widget.root.innerText()).not.toMatch(/\p{Emoji_Presentation}|\uFE0F/u);
  await widget.endButton.click();
  await expectIdle(widget);
});
