/**
 * `npm run bench:widget`: what the call widget costs and how fast it connects, against the
 * production build (`next start`) and the local voice agent, in Debian's Chromium with a fake
 * microphone.
 * - JS before intent: the page's scripts, and how many bytes of them are the voice SDK (must be 0).
 * - JS on intent: the gzip bytes the page fetches when the visitor hovers Start Call.
 * - Start Call -> 'Connected': p50/p95 over 20 calls, each on a fresh page and a fresh cache,
 *   clicked without hovering first, so the lazy chunk's download is included.
 * Run `npm run build` first.
 */
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type Page } from "playwright-core";
import { numberOption } from "../lib/cli-options";
import { percentile } from "../lib/stats";
import { idle, timeCall } from "../lib/call-timing";
import { chromiumArgs, chromiumPath, startLocalAgent, startProductionServer } from "../lib/serve";

const calls = numberOption("calls", 20);
const agentKey = "bench-widget-agent-key";
/** A string only the voice SDK contains: how a chunk is recognised as the SDK. */
const sdkMarker = "conversation_initiation_client_data";

type Script = { url: string; gzip: number; sdk: boolean };

function recordScripts(page: Page): Promise<Script>[] {
  const scripts: Promise<Script>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.push(
      response
        .body()
        .then((body) => ({ url: response.url(), gzip: gzipSync(body, { level: 9 }).length, sdk: body.includes(sdkMarker) }))
        .catch(() => ({ url: response.url(), gzip: 0, sdk: false })),
    );
  });
  return scripts;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function weigh(browser: Browser, origin: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = recordScripts(page);
  await page.goto(`${origin}/`, { waitUntil: "load" });
  await idle(page);
  const before = await Promise.all(scripts.splice(0));
  await page.getByRole("button", { name: "Start Call" }).hover();
  await page.waitForLoadState("networkidle");
  const onIntent = await Promise.all(scripts.splice(0));
  await context.close();
  return { before, onIntent };
}

async function main() {
  const agent = await startLocalAgent({ LOCAL_AGENT_API_KEY: agentKey });
  let site: Awaited<ReturnType<typeof startProductionServer>> | undefined;
  let browser: Browser | undefined;
  try {
    site = await startProductionServer({
      LOCAL_AGENT_URL: agent.origin,
      LOCAL_AGENT_API_KEY: agentKey,
      SIGNED_URL_LIMIT_PER_MINUTE: "10000",
      SIGNED_URL_LIMIT_PER_DAY: "100000",
      SIGNED_URL_DAILY_CAP: "100000",
    });
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [...chromiumArgs, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
    });
    const { before, onIntent } = await weigh(browser, site.origin);
    const sum = (list: Script[]) => list.reduce((total, script) => total + script.gzip, 0);
    console.log("JavaScript (gzip -9), Home page");
    console.log(`  before intent: ${kb(sum(before))} in ${before.length} scripts; voice SDK: ${kb(sum(before.filter((script) => script.sdk)))}`);
    console.log(`  on intent (hover Start Call): ${kb(sum(onIntent))} in ${onIntent.length} scripts; voice SDK inside: ${onIntent.some((script) => script.sdk) ? "yes" : "no"}`);
    for (const script of onIntent) console.log(`    ${kb(script.gzip).padStart(9)}  ${new URL(script.url).pathname}`);

    console.log(`\nStart Call -> 'Connected', ${calls} calls, fresh page and cache each, lazy chunk included (target p50 <= 600 ms)`);
    const times: number[] = [];
    for (let call = 0; call < calls; call++) times.push(await timeCall(browser, site.origin));
    console.log(`  p50 ${percentile(times, 50).toFixed(0)} ms  p95 ${percentile(times, 95).toFixed(0)} ms  min ${Math.min(...times).toFixed(0)} ms  max ${Math.max(...times).toFixed(0)} ms`);
  } finally {
    await browser?.close();
    site?.stop();
    agent.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
