import { expect, test, type Page, type WebSocketRoute } from "@playwright/test";
import { agentSocketPattern, callWidget, expectFailure, expectIdle, signedUrlPattern, startTypedCall, text } from "./support/call-widget";

/**
 * The error catalogue, each provoked for real against the production build: the signed-URL
 * service's answers are replaced with page.route, and the agent's socket is relayed through
 * page.routeWebSocket so the test can close it the way a server would. Typed calls keep the
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

/** Relays the call's socket to the real agent; the test then closes the page side as the server would. */
async function relayAgentSocket(page: Page): Promise<() => WebSocketRoute> {
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(agentSocketPattern, (socket) => {
    socket.connectToServer();
    sockets.push(socket);
  });
  return () => {
    expect(sockets, "one call socket").toHaveLength(1);
    return sockets[0]!;
  };
}

test("the server closing a connected call without code 1000 shows 'The connection was closed by the server.'", async ({ page }) => {
  const socket = await relayAgentSocket(page);
  const widget = callWidget(page);
  await startTypedCall(widget);
  await socket().close({ code: 1011 });
  await expectFailure(widget, text.errors.serverClosed);
});

test("the server closing a connected call with a reason shows that reason", async ({ page }) => {
  const socket = await relayAgentSocket(page);
  const widget = callWidget(page);
  await startTypedCall(widget);
  await socket().close({ code: 1011, reason: "The agent had an internal error." });
  await expectFailure(widget, "The agent had an internal error.");
});

test("the server closing a connected call with code 1000 ends it normally, without an error", async ({ page }) => {
  const socket = await relayAgentSocket(page);
  const widget = callWidget(page);
  await startTypedCall(widget);
  await socket().close({ code: 1000, reason: "Call ended" });
  await expectIdle(widget);
  await expect(widget.alert).toBeEmpty();
  await expect(widget.status).toHaveText(text.status.ended);
  // What was said stays readable after the call.
  await expect(widget.agentLines).toHaveCount(1);
});
