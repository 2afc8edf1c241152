/**
 * Runs Lighthouse (Node >= 22: the project's Node) over a list of URLs, several times
 * each, in one process and one Chrome, and prints one JSON line per run. Called by
 * scripts/quality/lighthouse.ts; one Chrome and one process save ~5 s per run over the CLI.
 *
 *   node audit.mjs <runs> <chromePath> <url> [<url> ...]
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const [runsArg, chromePath, ...urls] = process.argv.slice(2);
const runs = Number(runsArg);
const onlyCategories = ["performance", "accessibility", "best-practices", "seo"];
const chromeFlags = [
  ...["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-dev-shm-usage"],
  // The audited origin is the gate's own nginx with a certificate made for the run.
  "--ignore-certificate-errors",
];

const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
try {
  for (const url of urls) {
    for (let run = 0; run < runs; run++) {
      let result;
      // Lighthouse sometimes fails to record a trace (NO_NAVSTART, NO_FCP under load): retry that run.
      for (let attempt = 0; attempt < 3 && !result; attempt++) {
        const outcome = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories });
        if (outcome && !outcome.lhr.runtimeError) result = outcome.lhr;
      }
      if (!result) throw new Error(`Lighthouse could not audit ${url}`);
      const failed = Object.entries(result.audits)
        .filter(([, audit]) => audit.scoreDisplayMode === "binary" && audit.score === 0)
        .map(([id, audit]) => `${id}: ${audit.title}`);
      const metrics = Object.fromEntries(
        ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"].map((id) => [id, result.audits[id]?.numericValue ?? null]),
      );
      const scores = Object.fromEntries(onlyCategories.map((category) => [category, Math.round((result.categories[category]?.score ?? 0) * 100)]));
      process.stdout.write(`${JSON.stringify({ url, run, scores, metrics, failed })}\n`);
    }
  }
} finally {
  await chrome.kill();
}
