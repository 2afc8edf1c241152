import { expect, test, type Page } from "@playwright/test";
import { routeServiceDouble } from "@mockingbird/testkit/browser/service-double-route";
import type { ServiceDoubleSession } from "@mockingbird/testkit/fakes/elevenlabs-service";
import { agentSocketPattern, callWidget, expectFailure, expectIdle, openingLine, signedUrlPattern, startTypedCall, text } from "./support/call-widget";

/**
 * The error catalogue, each provoked for real against the production build: the signed-URL
 * service's answers are replaced with page.route, and the call's socket is answered by the
 * double of ElevenLabs' service (testkit/fakes/elevenlabs-service), which the test closes the way
 * the service would. Typed calls keep the
 * microphone out of it (its errors have their own files).
 */

test.beforeEach(async ({ page }) => {
  await page.goto("/");
});

test("a signed-URL service error shows 'Failed to get signed URL' with the service's reason", async ({ page }) => {
  await page.route(signedUrlPattern, (route) => route.fulfill({ status: 500, json: { error: "Upstream exploded" } }));
  const widget = callWidget(page);
  await widget.typedButton.click();
  await expectFailure(widget, text.errors.signedUrlFailed("Upstream exploded"));
});

test("an answer without a signed URL shows 'No signed URL received from server'", async ({ page }) => {
  await page.route(signedUrlPattern, (route) => route.fulfill({ status: 200, json: {} }));
  const widget = callWidget(page);
  await widget.typedButton.click();
  await expectFailure(widget, text.errors.noSignedUrl);
});

test("a typed call that fails to start from the keyboard gives the focus back to 'Reply by typing instead'", async ({ page }) => {
  await page.route(signedUrlPattern, (route) => route.fulfill({ status: 200, json: {} }));
  const widget = callWidget(page);
  await widget.typedButton.focus();
  await page.keyboard.press("Enter");
  await expectFailure(widget, text.errors.noSignedUrl);
  await expect(widget.typedButton).toBeFocused();
});

/** The call's socket answered by the double of the service; the test then closes it as the service would. */
async function serviceDouble(page: Page, refuse?: { code: number; reason: string }): Promise<() => ServiceDoubleSession> {
  const sessions = await routeServiceDouble(page, agentSocketPattern, { greeting: openingLine, answer: () => [], ...(refuse ? { refuse } : {}) });
  return () => {
    expect(sessions, "one call socket").toHaveLength(1);
    return sessions[0]!;
  };
}

test("a call the service refuses before it starts shows the page's words for the refusal, not the service's reason", async ({ page }) => {
  await serviceDouble(page, { code: 1008, reason: "Override for field 'first_message' is not allowed by config." });
  const widget = callWidget(page);
  await widget.typedButton.click();
  await expectFailure(widget, text.closes.callerUnavailable);
});

test("the server closing a connected call with a code the page does not know shows 'The connection was closed by the server.'", async ({ page }) => {
  const socket = await serviceDouble(page);
  const widget = callWidget(page);
  await startTypedCall(widget);
  socket().close(4000, "Application detail 42");
  await expectFailure(widget, text.errors.serverClosed);
});

test("the server closing a connected call with a reason shows the page's words for it, never the reason", async ({ page }) => {
  const socket = await serviceDouble(page);
  const widget = callWidget(page);
  await startTypedCall(widget);
  socket().close(1001, "Server shutting down");
  await expectFailure(widget, text.closes.restarting);
});

test("the server closing a connected call with code 1000 ends it normally, without an error", async ({ page }) => {
  const socket = await serviceDouble(page);
  const widget = callWidget(page);
  await startTypedCall(widget);
  socket().close(1000, "Call ended");
  await expectIdle(widget);
  await expect(widget.alert).toBeEmpty();
  await expect(widget.status).toHaveText(`${text.status.ended}. ${text.status.debriefReady}`);
  // What was said stays readable after the call.
  await expect(widget.agentLines).toHaveCount(1);
});
