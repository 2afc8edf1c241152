import { expect, test, type Response } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { callWidget, expectIdle } from "./support/call-widget";

/**
 * The voice SDK ships in a chunk of its own that the page requests only when the visitor
 * shows intent (hover, focus or touch of Start Call). Nothing, at any point, leaves the
 * machine: every request goes to the site or the local agent on 127.0.0.1.
 */

/** A string only the voice SDK contains: the first frame it sends on a call's socket. */
const SDK_MARKER = "conversation_initiation_client_data";

test("the voice SDK chunk is requested only on intent, and no request leaves 127.0.0.1", async ({ page }) => {
  const requested: string[] = [];
  const scripts = new Map<string, Promise<Response | null>>();
  page.on("request", (request) => {
    requested.push(request.url());
    if (new URL(request.url()).pathname.endsWith(".js")) scripts.set(request.url(), request.response());
  });
  page.on("websocket", (socket) => requested.push(socket.url()));
  const bodyOf = async (url: string) => (await (await scripts.get(url))?.body())?.toString("utf8") ?? "";

  await page.goto("/");
  await page.waitForLoadState("networkidle");
  const beforeIntent = [...scripts.keys()];
  expect(beforeIntent.length, "the page loads its own scripts").toBeGreaterThan(0);
  for (const url of beforeIntent) expect(await bodyOf(url), `${url} is loaded before intent`).not.toContain(SDK_MARKER);

  const widget = callWidget(page);
  await widget.startButton.hover();
  await expect.poll(() => [...scripts.keys()].filter((url) => !beforeIntent.includes(url)).length, { message: "hovering Start Call loads new chunks" }).toBeGreaterThan(0);
  await page.waitForLoadState("networkidle");
  const onIntent = [...scripts.keys()].filter((url) => !beforeIntent.includes(url));
  const sdkChunks: string[] = [];
  for (const url of onIntent) if ((await bodyOf(url)).includes(SDK_MARKER)) sdkChunks.push(url);
  expect(sdkChunks, "the voice SDK is in a chunk loaded on intent").not.toHaveLength(0);

  // A whole call adds the signed-URL request and the agent's socket: still all local.
  await widget.typedButton.click();
  await expect(widget.connectedBadge).toBeVisible({ timeout: 20_000 });
  await widget.endButton.click();
  await expectIdle(widget);
  expect(requested.some((url) => url.startsWith("ws://127.0.0.1:"))).toBe(true);
  expect(requested.filter((url) => !/^(data|blob):/.test(url) && new URL(url).hostname !== new URL(baseURL).hostname)).toEqual([]);
});
