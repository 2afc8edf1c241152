import {
  colourOf,
  expectGreetingCaptioned,
  expectIdle,
  expectSpokenLineCaptioned,
  holdSignedUrlRequest,
  hueName,
  microphoneUse,
  openCallWidget,
  recordMicrophone,
  text,
  voiceTest as test,
} from "./support/call-widget";
import { expect } from "@playwright/test";

/**
 * Voice calls from the Home page against the production build and the local voice agent.
 * Chromium's fake microphone plays synthesized speech (support/call-widget.ts).
 */

test("a voice call connects, captions the caller's greeting and the visitor's spoken line, and End Call releases the microphone", async ({ page }) => {
  test.setTimeout(60_000);
  await recordMicrophone(page);
  const widget = await openCallWidget(page);
  const hold = await holdSignedUrlRequest(page);

  await widget.startButton.click();
  await test.step("connecting", async () => {
    await expect(widget.connectingButton).toBeDisabled();
    await expect(widget.connectingBadge).toBeVisible();
    expect(hueName(await colourOf(widget.connectingBadge, "backgroundColor"))).toBe("yellow");
    await expect(widget.simulationLabel).toBeVisible();
    await expect(widget.status).toHaveText(text.status.connecting);
  });
  hold.release();

  await test.step("connected", async () => {
    await expect(widget.connectedBadge).toBeVisible({ timeout: 20_000 });
    await expect(widget.connectingBadge).toHaveCount(0);
    expect(hueName(await colourOf(widget.connectedBadge, "backgroundColor"))).toBe("green");
    await expect(widget.endButton).toBeEnabled();
    // The button's colour eases over 300 ms.
    await expect.poll(async () => hueName(await colourOf(widget.endButton, "backgroundColor"))).toBe("red");
    await expect(widget.simulationLabel).toBeVisible();
    await expect(widget.status).toHaveText(text.status.connected);
  });

  await test.step("the greeting is captioned as the caller's while it plays", async () => {
    await expectGreetingCaptioned(widget);
  });

  await test.step("the visitor's spoken line is captioned as theirs", async () => {
    await expectSpokenLineCaptioned(widget.visitorLines);
  });

  await test.step("End Call", async () => {
    const before = await microphoneUse(page);
    expect(before.tracks).toBeGreaterThan(0);
    expect(before.live).toBeGreaterThan(0);
    await widget.endButton.click();
    await expectIdle(widget);
    await expect(widget.status).toHaveText(`${text.status.ended}. ${text.status.debriefReady}`);
    await expect(widget.alert).toBeEmpty();
    await expect.poll(async () => (await microphoneUse(page)).live, { message: "every microphone track has readyState 'ended'" }).toBe(0);
  });
});

test("keyboard only: Tab reaches Start Call with a visible focus ring and Enter starts the call", async ({ page }) => {
  const widget = await openCallWidget(page);
  const startIsFocused = () => widget.startButton.evaluate((button) => button === document.activeElement);

  for (let presses = 0; presses < 80 && !(await startIsFocused()); presses++) await page.keyboard.press("Tab");
  await expect(widget.startButton).toBeFocused();

  const outline = await widget.startButton.evaluate((button) => {
    const style = getComputedStyle(button);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe("none");
  expect(outline.width).toBeGreaterThan(0);

  await page.keyboard.press("Enter");
  await expect(widget.connectedBadge).toBeVisible({ timeout: 20_000 });
  // The same button, now End Call, keeps the focus: Enter ends the call too.
  await expect(widget.endButton).toBeFocused();
  await page.keyboard.press("Enter");
  await expectIdle(widget);
  await expect(widget.alert).toBeEmpty();
});
