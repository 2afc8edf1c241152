/**
 * Runs Lighthouse (Node >= 22: the project's Node) once on each URL given, in the order given,
 * in one process and one Chrome, and prints one JSON line per audit. Called by
 * scripts/quality/lighthouse.ts, which passes the site's routes interleaved with the framework's
 * floor (each URL as often as it is to be audited), so that both see the same machine; one Chrome
 * and one process save ~5 s per audit over the CLI.
 *
 *   node audit.mjs <chromePath> '[{"url": "...", "categories": ["performance", ...]}, ...]'
 *
 * A URL audited for performance alone (the floor: only its timing is a yardstick) is loaded and
 * traced exactly as one audited for every category: the other categories' gatherers run after the
 * trace has stopped, so they cost time (about a second an audit here) and change no timing.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const [chromePath, list] = process.argv.slice(2);
/** @type {{ url: string, categories: string[] }[]} */
const requests = JSON.parse(list);
// The full-page screenshot only illustrates Lighthouse's HTML report, which nothing here reads.
// Skipping its audit alone still takes the screenshot (1.5 s an audit here); the setting does not.
// Taken after the trace has stopped, it changes no score.
const screenshotless = { disableFullPageScreenshot: true, skipAudits: ["full-page-screenshot"] };
const chromeFlags = [
  ...["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-dev-shm-usage"],
  // The audited origins are the gate's own servers with a certificate made for the run.
  "--ignore-certificate-errors",
];

const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
try {
  for (const [index, { url, categories: onlyCategories }] of requests.entries()) {
    const startedAt = Date.now();
    let result;
    // Lighthouse sometimes fails to record a trace (NO_NAVSTART, NO_FCP under load): retry that audit.
    for (let attempt = 0; attempt < 3 && !result; attempt++) {
      // The same load and trace settings for every URL, the floor's included: its timing is the site's yardstick.
      const outcome = await lighthouse(
        url,
        { port: chrome.port, output: "json", logLevel: "error" },
        { extends: "lighthouse:default", settings: { ...screenshotless, onlyCategories } },
      );
      if (outcome && !outcome.lhr.runtimeError) result = outcome.lhr;
      // Say why, so that a run that gives up names the cause (a page gone mid-run, a trace lost to load).
      else process.stderr.write(`audit.mjs: ${url}, attempt ${attempt + 1}: ${outcome?.lhr.runtimeError?.code ?? "no result"} ${outcome?.lhr.runtimeError?.message ?? ""}\n`);
    }
    if (!result) throw new Error(`Lighthouse could not audit ${url}`);
    const failed = Object.entries(result.audits)
      .filter(([, audit]) => audit.scoreDisplayMode === "binary" && audit.score === 0)
      .map(([id, audit]) => `${id}: ${audit.title}`);
    const metrics = Object.fromEntries(
      ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"].map((id) => [id, result.audits[id]?.numericValue ?? null]),
    );
    const scores = Object.fromEntries(onlyCategories.map((category) => [category, Math.round((result.categories[category]?.score ?? 0) * 100)]));
    process.stdout.write(`${JSON.stringify({ index, url, scores, metrics, failed, ms: Date.now() - startedAt })}\n`);
  }
} finally {
  await chrome.kill();
}
