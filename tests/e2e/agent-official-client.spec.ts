import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { chromium, expect, test, type Browser } from "@playwright/test";
import { startLocalAgent } from "../../testkit/servers/local-agent";
import { heardAsSpoken, spokenLine, writeSpeechWav } from "./support/call-widget";

/**
 * The local voice agent speaks ElevenLabs' protocol: the official client, unmodified, in
 * Chromium with a fake microphone, connects to it, hears the greeting and gets the
 * visitor's spoken line back as a transcript.
 */
const apiKey = "e2e-agent-key";
let dir: string;
let stopAgent: (() => void) | undefined;
let agentOrigin: string;
let page: Server;
let pageOrigin: string;
let browser: Browser;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dir = mkdtempSync(path.join(tmpdir(), "official-client-"));
  const wav = path.join(dir, "visitor.wav");
  // The greeting plays first; the visitor answers after it.
  writeSpeechWav(wav, 6000, 3000, spokenLine);

  const bundle = await build({
    entryPoints: [path.join(__dirname, "fixtures", "official-client-page.ts")],
    bundle: true,
    format: "esm",
    platform: "browser",
    write: false,
    logLevel: "silent",
  });
  const script = bundle.outputFiles[0]!.text;
  page = createServer((request, response) => {
    if (request.url?.startsWith("/client.js")) {
      response.writeHead(200, { "content-type": "text/javascript" }).end(script);
      return;
    }
    response.writeHead(200, { "content-type": "text/html" }).end('<!doctype html><title>client</title><script type="module" src="/client.js"></script>');
  });
  await new Promise<void>((resolve) => page.listen(0, "127.0.0.1", resolve));
  pageOrigin = `http://127.0.0.1:${(page.address() as { port: number }).port}`;

  ({ origin: agentOrigin, stop: stopAgent } = await startLocalAgent({ LOCAL_AGENT_API_KEY: apiKey, LOG_LEVEL: process.env.AGENT_TEST_LOG_LEVEL ?? "warn" }));

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-audio-capture=${wav}%noloop`,
      "--autoplay-policy=no-user-gesture-required",
    ],
  });
});

test.afterAll(async () => {
  await browser?.close();
  stopAgent?.();
  await new Promise((resolve) => page?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

test("the official ElevenLabs client holds a voice call with the local agent and gets the visitor's words back", async () => {
  test.setTimeout(60_000);
  const response = await fetch(`${agentOrigin}/v1/convai/conversation/get-signed-url?agent_id=it-helpdesk-mfa-reset`, { headers: { "xi-api-key": apiKey } });
  const { signed_url: signedUrl } = (await response.json()) as { signed_url: string };
  const context = await browser.newContext({ permissions: ["microphone"] });
  const tab = await context.newPage();
  await tab.goto(`${pageOrigin}/?signedUrl=${encodeURIComponent(signedUrl)}`);
  const events = () => tab.evaluate(() => (window as unknown as { events: Array<Record<string, unknown>> }).events);

  await expect.poll(async () => (await events()).some((event) => event.kind === "status" && event.status === "connected"), { timeout: 15_000 }).toBe(true);
  await expect.poll(async () => (await events()).some((event) => event.kind === "message" && event.source === "ai"), { timeout: 15_000 }).toBe(true);
  await expect
    .poll(
      async () => {
        const heard = (await events()).filter((event) => event.kind === "message" && event.source === "user").map((event) => String(event.message));
        return heard.some((transcript) => heardAsSpoken(transcript)) ? "heard" : heard;
      },
      { message: `the visitor's transcript is '${spokenLine}', give or take two words`, timeout: 30_000 },
    )
    .toBe("heard");
  expect((await events()).filter((event) => event.kind === "error" || event.kind === "start-failed")).toEqual([]);
  await context.close();
});
