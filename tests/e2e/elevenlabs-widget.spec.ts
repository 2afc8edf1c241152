import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { expect, test, type Page, type Request } from "@playwright/test";
import { agentKey } from "../../playwright.config";
import { agentOrigin, defaultLaunchArgs } from "./support/call-widget";

/**
 * ElevenLabs' own widget, `<elevenlabs-convai>` from its npm package
 * (@elevenlabs/convai-widget-embed, served by this test's page, never from a CDN), against the
 * local agent with a signed URL alone. The widget would fetch its configuration from
 * ElevenLabs' API by agent id, sending the signature there; the page passes the configuration
 * the agent serves (GET /v1/convai/agents/{id}/widget) in `override-config` instead, as the
 * README's "ElevenLabs' widget" describes. Nothing of the call may reach any other host.
 */
const widgetScript = readFileSync(require.resolve("@elevenlabs/convai-widget-embed/dist/index.js"));
const agentId = "it-helpdesk-mfa-reset";
let server: Server;
let pageOrigin: string;
/** The signed URL each page was given, to look for in the network log. */
const issued: string[] = [];

test.use({ launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: [...defaultLaunchArgs, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", "--autoplay-policy=no-user-gesture-required"] } });

test.beforeAll(async () => {
  server = createServer(async (request, response) => {
    if (request.url === "/widget.js") return void response.writeHead(200, { "content-type": "text/javascript" }).end(widgetScript);
    // What a site's backend does: mint the signed URL and fetch the widget's configuration from the agent.
    const signed = await fetch(`${agentOrigin}/v1/convai/conversation/get-signed-url?agent_id=${agentId}`, { headers: { "xi-api-key": agentKey } });
    const { signed_url: signedUrl } = (await signed.json()) as { signed_url: string };
    const { widget_config: config } = (await (await fetch(`${agentOrigin}/v1/convai/agents/${agentId}/widget`)).json()) as { widget_config: unknown };
    issued.push(signedUrl);
    const attribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(
      `<!doctype html><html lang="en"><title>ElevenLabs' widget on the local agent</title>` +
        `<elevenlabs-convai default-expanded="true" signed-url="${attribute(signedUrl)}" override-config="${attribute(JSON.stringify(config))}"></elevenlabs-convai>` +
        `<script type="module" src="/widget.js"></script></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  pageOrigin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

/** Every request the page makes, and none that leaves this machine. */
async function openWidget(page: Page): Promise<{ requests: Request[]; signedUrl: string }> {
  const requests: Request[] = [];
  page.on("request", (request) => requests.push(request));
  await page.route(/^(?!https?:\/\/127\.0\.0\.1[:/]|wss?:\/\/127\.0\.0\.1[:/]|data:|blob:)/, (route) => route.abort());
  await page.goto(pageOrigin);
  await expect(page.getByRole("textbox", { name: "Text message input" })).toBeVisible({ timeout: 15_000 });
  return { requests, signedUrl: issued.at(-1)! };
}

function expectNothingSentElsewhere(requests: Request[], signedUrl: string, conversationIds: string[]): void {
  const signature = new URL(signedUrl).searchParams.get("conversation_signature")!;
  const elsewhere = requests.map((request) => request.url()).filter((url) => ![pageOrigin, agentOrigin].includes(new URL(url).origin) && !url.startsWith("data:"));
  expect(elsewhere, "requests to any other host").toEqual([]);
  for (const request of requests) {
    const sent = `${request.url()} ${request.postData() ?? ""}`;
    if (new URL(request.url()).origin === agentOrigin) continue;
    expect(sent).not.toContain(signature);
    for (const id of conversationIds) expect(sent).not.toContain(id);
  }
}

function conversationIds(frames: string[]): string[] {
  return frames.flatMap((frame) => /"conversation_id":"([^"]+)"/.exec(frame)?.[1] ?? []);
}

test("ElevenLabs' widget, with the agent's signed URL and the configuration the agent serves, holds a typed conversation and shows each typed line once", async ({ page }) => {
  const frames: string[] = [];
  page.on("websocket", (socket) => socket.on("framereceived", ({ payload }) => frames.push(String(payload))));
  const { requests, signedUrl } = await openWidget(page);
  const input = page.getByRole("textbox", { name: "Text message input" });

  const lines = ["Who is this, please?", "Why do you need my code?"];
  let agentLines = 0;
  for (const line of lines) {
    await input.fill(line);
    await page.keyboard.press("Enter");
    await expect.poll(() => frames.filter((frame) => frame.includes('"type":"agent_response"')).length, { timeout: 15_000 }).toBeGreaterThan(agentLines);
    agentLines = frames.filter((frame) => frame.includes('"type":"agent_response"')).length;
    // Whatever arrives after the reply (an echo would come before it) is on screen by now.
    await page.waitForTimeout(500);
    await expect(page.getByText(line, { exact: true }), `'${line}' shown once`).toHaveCount(1);
  }
  const reply = JSON.parse(frames.filter((frame) => frame.includes('"type":"agent_response"')).at(-1)!) as { agent_response_event: { agent_response: string } };
  await expect(page.getByText(reply.agent_response_event.agent_response, { exact: true })).toHaveCount(1);
  expect(frames.some((frame) => frame.includes('"type":"user_transcript"')), "no echo of a typed line").toBe(false);
  expectNothingSentElsewhere(requests, signedUrl, conversationIds(frames));
});

test("ElevenLabs' widget starts a voice call with the local agent and shows the caller's greeting", async ({ page, context }) => {
  await context.grantPermissions(["microphone"], { origin: pageOrigin });
  const frames: string[] = [];
  page.on("websocket", (socket) => socket.on("framereceived", ({ payload }) => frames.push(String(payload))));
  const { requests, signedUrl } = await openWidget(page);
  await page.getByRole("button", { name: "Start a call" }).click();
  await expect(page.getByRole("button", { name: "End" })).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => frames.some((frame) => frame.includes('"type":"audio"')), { timeout: 15_000 }).toBe(true);
  await expect(page.getByText(/from the service desk/)).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "End" }).click();
  expectNothingSentElsewhere(requests, signedUrl, conversationIds(frames));
});
