import { expect, test } from "@playwright/test";
import { callWidget, expectGreetingCaptioned, expectIdle, expectSpokenLineCaptioned, openingLine, recordMicrophone, sendTypedReply, text, voiceTest } from "../e2e/support/call-widget";
import { agentOrigin, anonKey, cdnOrigin, functionOrigin } from "@mockingbird/testkit/export-suite/endpoints";

/**
 * The demo call of the static export, end to end: the page served by the CDN runtime asks
 * supabase/functions/elevenlabs-auth (under Deno) for a signed URL, and the call runs with the
 * local voice agent the function hands it to.
 */

const functionUrl = `${functionOrigin}/functions/v1/elevenlabs-auth`;

test("a typed call from the static page gets its signed URL from the Edge Function and talks with the agent", async ({ page }) => {
  const signedUrlRequests: string[] = [];
  page.on("request", (request) => request.url().startsWith(functionOrigin) && request.method() === "POST" && signedUrlRequests.push(request.url()));
  await recordMicrophone(page);
  await page.goto("/");
  const widget = callWidget(page);
  await widget.typedButton.click();
  await expect(widget.connectedBadge).toBeVisible({ timeout: 20_000 });
  expect(signedUrlRequests).toEqual([functionUrl]);
  await expect(widget.agentLines.first()).toHaveText(`${text.captions.agent}: ${openingLine}`, { timeout: 20_000 });
  await sendTypedReply(widget, "what is this about");
  await expect(widget.agentLines).toHaveCount(2, { timeout: 20_000 });
  await widget.endButton.click();
  await expectIdle(widget);
  await expect(widget.alert).toBeEmpty();
});

voiceTest("a voice call with the microphone connects through the Edge Function and captions the visitor's spoken line", async ({ page }) => {
  voiceTest.setTimeout(60_000);
  await recordMicrophone(page);
  await page.goto("/");
  const widget = callWidget(page);
  await widget.startButton.click();
  await expect(widget.connectedBadge).toBeVisible({ timeout: 20_000 });
  await expectGreetingCaptioned(widget);
  await expectSpokenLineCaptioned(widget.visitorLines);
  await widget.endButton.click();
  await expectIdle(widget);
});

test("the Edge Function answers the CDN's origin and refuses any other", async ({ request }) => {
  const ask = (origin: string) =>
    request.post(functionUrl, {
      headers: { origin, authorization: `Bearer ${anonKey}`, apikey: anonKey, "content-type": "application/json" },
      data: { scenario: "it-helpdesk-mfa-reset" },
    });
  const allowed = await ask(cdnOrigin);
  expect(allowed.status()).toBe(200);
  expect(allowed.headers()["access-control-allow-origin"]).toBe(cdnOrigin);
  expect(new URL(((await allowed.json()) as { signedUrl: string }).signedUrl).host).toBe(new URL(agentOrigin).host);
  const refused = await ask("https://evil.example");
  expect(refused.status()).toBe(403);
});
