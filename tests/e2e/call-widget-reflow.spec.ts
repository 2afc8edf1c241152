import { expect } from "@playwright/test";
import { routeServiceDouble } from "@mockingbird/testkit/browser/service-double-route";
import type { DoubleScript } from "@mockingbird/testkit/fakes/elevenlabs-service";
import { agentSocketPattern, expectFits, heldFirmDebrief, holdSignedUrlRequest, openCallWidget, signedUrlPattern, startVoiceCall, text, voiceTest as test } from "./support/call-widget";

/**
 * WCAG 2.2 reflow (1.4.10): at 320 CSS px (a small phone, or a desktop zoomed to 400%) every
 * state of the call widget fits the width, with nothing to scroll sideways. The call's socket
 * is answered by the double of the service. Firefox and WebKit: tests/engines.
 */
test.use({ viewport: { width: 320, height: 640 } });

const script: DoubleScript = {
  greeting: "Hi there, it's Dave from the service desk. Someone's trying your account: can you read me the code we just sent?",
  answer: () => [{ clientTool: "show_red_flag_debrief", parameters: heldFirmDebrief }, { say: "Perfect, thanks. That's all I needed." }, { endCall: true }],
};

test("the widget fits 320 px in every state: idle, connecting, a typed call, the debrief after it, an error, and a voice call", async ({ page }) => {
  await routeServiceDouble(page, agentSocketPattern, script);
  const held = await holdSignedUrlRequest(page);
  const widget = await openCallWidget(page);
  await widget.root.scrollIntoViewIfNeeded();
  await expectFits(page, "idle");

  await widget.typedButton.click();
  await expect(widget.connectingBadge).toBeVisible();
  await expectFits(page, "connecting");
  held.release();

  await expect(widget.agentLines).toHaveCount(1, { timeout: 20_000 });
  await expectFits(page, "a typed call");
  await widget.replyBox.fill("the code is four seven two nine one eight");
  await widget.sendButton.click();
  await expect(widget.debrief).toBeVisible({ timeout: 15_000 });
  await expect(widget.startButton).toBeEnabled({ timeout: 15_000 });
  await expectFits(page, "the debrief");

  await page.unroute(signedUrlPattern);
  await page.route(signedUrlPattern, (route) => route.fulfill({ status: 503, json: { error: "The voice service is temporarily unavailable, please try again in a few minutes" } }));
  await widget.typedButton.click();
  await expect(widget.alert).toContainText(text.errors.signedUrlFailed(""), { timeout: 15_000 });
  await expectFits(page, "an error");
  await page.unroute(signedUrlPattern);

  await startVoiceCall(widget);
  await expect(widget.agentLines.first()).toBeVisible({ timeout: 20_000 });
  await expectFits(page, "a voice call");
  await widget.endButton.click();
});
