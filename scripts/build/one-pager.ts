/**
 * `npm run one-pager`: prints the internal /one-pager page with Chromium into
 * public/mockingbird-one-pager.pdf, the file behind the header's One-pager download.
 */
import { chromium } from "playwright-core";
import { chromiumArgs, chromiumPath } from "@mockingbird/testkit/browser/chromium";
import { startProductionServer } from "@mockingbird/testkit/servers/next-start";
import { npmStep, runStep } from "../lib/run-step";
import { serverBuildIsStale } from "./when-stale";
import { site } from "../../content/site";

async function main() {
  if (serverBuildIsStale()) runStep(npmStep("build"));
  const server = await startProductionServer();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const page = await browser.newPage();
    await page.goto(`${server.origin}/one-pager`, { waitUntil: "networkidle" });
    await page.emulateMedia({ media: "print" });
    const output = `public${site.onePagerPath}`;
    await page.pdf({ path: output, format: "A4", printBackground: true, margin: { top: "0", bottom: "0", left: "0", right: "0" } });
    const pages = await page.evaluate(() => Math.ceil(document.documentElement.scrollHeight / (297 * 96 / 25.4)));
    console.log(`one-pager: wrote ${output} (${pages} A4 page${pages === 1 ? "" : "s"})`);
  } finally {
    await browser.close();
    server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
