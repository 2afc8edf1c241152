import { expect, test } from "@playwright/test";
import { microphoneHelp, type BrowserFamily } from "../../content/call/microphone-help";
import { defaultLaunchArgs, defaultLaunchOptions, expectFailure, expectFits, microphoneUse, openCallWidget, recordMicrophone, text } from "./support/call-widget";

/**
 * A microphone exists (Chromium's fake device) but the browser context was given no
 * permission to it and there is no --use-fake-ui-for-media-stream: headless Chromium then
 * refuses getUserMedia with NotAllowedError, as a browser does after the visitor clicks Block.
 */
test.use({ launchOptions: { ...defaultLaunchOptions, args: [...defaultLaunchArgs, "--use-fake-device-for-media-stream"] } });

/** The browser each project presents itself as (playwright.config.ts). */
const familyOfProject: Record<string, BrowserFamily> = { chromium: "chrome", "phone-390": "chrome", iphone: "safari-ios", android: "chrome-android" };

test("a refused microphone shows 'Microphone access denied' and the browser's steps to allow it again", async ({ page }) => {
  const help = microphoneHelp[familyOfProject[test.info().project.name] ?? "chrome"];
  await recordMicrophone(page);
  const widget = await openCallWidget(page);
  await widget.startButton.click();
  await expectFailure(widget, text.errors.microphoneDenied);

  await expect(widget.microphoneHelp).toBeVisible();
  await expect(widget.microphoneHelp.getByRole("heading")).toHaveText(`${text.microphoneHelp.heading} (${help.browser})`);
  await expect(widget.microphoneHelp.getByRole("listitem")).toHaveText([...help.steps]);
  await expect(widget.microphoneHelp).toContainText(text.microphoneHelp.typedHint);
  expect(await microphoneUse(page)).toEqual({ calls: 1, tracks: 0, live: 0 });

  // The way out the help offers works: a typed call needs no microphone.
  await widget.typedButton.click();
  await expect(widget.connectedBadge).toBeVisible({ timeout: 20_000 });
  await expect(widget.microphoneHelp).toHaveCount(0);
  await expect(widget.alert).toBeEmpty();
});

test("the microphone help fits 320 px with nothing to scroll sideways", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const widget = await openCallWidget(page);
  await widget.startButton.click();
  await expectFailure(widget, text.errors.microphoneDenied);
  await expect(widget.microphoneHelp).toBeVisible();
  await expectFits(page, "the microphone help");
});
