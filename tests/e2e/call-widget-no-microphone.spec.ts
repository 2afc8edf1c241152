import { expect, test } from "@playwright/test";
import { defaultLaunchArgs, defaultLaunchOptions, expectFailure, microphoneUse, openCallWidget, recordMicrophone, text } from "./support/call-widget";

/**
 * The machine has no audio input and Chromium gets no fake device, only
 * --use-fake-ui-for-media-stream (which would grant a microphone if there were one):
 * getUserMedia fails with NotFoundError.
 */
test.use({ launchOptions: { ...defaultLaunchOptions, args: [...defaultLaunchArgs, "--use-fake-ui-for-media-stream"] } });

test("a computer without a microphone shows 'No microphone found'", async ({ page }) => {
  await recordMicrophone(page);
  const widget = await openCallWidget(page);
  await widget.startButton.click();
  await expectFailure(widget, text.errors.microphoneMissing);
  // Nothing was refused, so there is nothing to re-allow.
  await expect(widget.microphoneHelp).toHaveCount(0);
  expect(await microphoneUse(page)).toEqual({ calls: 1, tracks: 0, live: 0 });
});

test("a voice call that fails to start from the keyboard gives the focus back to Start Call", async ({ page }) => {
  const widget = await openCallWidget(page);
  await widget.startButton.focus();
  await page.keyboard.press("Enter");
  await expectFailure(widget, text.errors.microphoneMissing);
  await expect(widget.startButton).toBeFocused();
});
