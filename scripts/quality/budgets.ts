/**
 * Budget gate (`npm run bench -- pages` records the same table): for every route, before the
 * visitor does anything,
 * - the JavaScript (gzip) downloaded, split into the Next.js framework floor and the project's
 *   own code: own code <= 20 KB gzip (the idle island carries only what it shows and what its
 *   own steps report; what only a running call needs loads on intent). The floor is measured,
 *   not guessed: a bare App Router page built with the same Next.js and React versions;
 * - no byte of the voice SDK (it loads on intent);
 * - no request to any host but the site's own.
 * Exits 1 when a route breaks any of them.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Browser } from "playwright-core";
import { chromiumArgs, chromiumPath } from "@mockingbird/testkit/browser/chromium";
import { startFigures } from "@mockingbird/testkit/figures/record";
import { startProductionServer } from "@mockingbird/testkit/servers/next-start";
import { serverBuildIsStale } from "../build/when-stale";
import { npmStep, runStep } from "../lib/run-step";
import { ownJsBudgetBytes as budgetBytes } from "./js-budget";
import { qualityRoutes } from "./routes";

/** A string only the voice SDK contains. */
const sdkMarker = "conversation_initiation_client_data";

type Weight = { js: number; html: number; scripts: number; sdk: number; foreignHosts: string[] };

async function measure(browser: Browser, url: string): Promise<Weight> {
  const page = await browser.newPage();
  const bodies: Promise<{ gzip: number; sdk: boolean; initial: boolean }>[] = [];
  const foreignHosts = new Set<string>();
  const origin = new URL(url).origin;
  let html = 0;
  // The page's own load: everything requested until the load event. Next.js prefetches linked
  // routes when idle, at a moment that depends on machine load, so those count only for the
  // SDK and foreign-host checks, never for the page's weight.
  let loaded = false;
  const initialRequests = new WeakSet<object>();
  page.on("request", (request) => {
    if (!loaded) initialRequests.add(request);
    const requested = new URL(request.url());
    if (requested.protocol.startsWith("http") && requested.origin !== origin) foreignHosts.add(requested.host);
  });
  page.on("response", (response) => {
    const request = response.request();
    const initial = initialRequests.has(request);
    if (request.resourceType() === "script")
      bodies.push(
        response
          .body()
          .then((body) => ({ gzip: gzipSync(body, { level: 9 }).length, sdk: body.includes(sdkMarker), initial }))
          .catch(() => ({ gzip: 0, sdk: false, initial })),
      );
    if (request.resourceType() === "document") bodies.push(response.body().then((body) => ((html = gzipSync(body, { level: 9 }).length), { gzip: 0, sdk: false, initial })));
  });
  await page.goto(url, { waitUntil: "load" });
  loaded = true;
  // Idle prefetches included: no SDK byte and no foreign host there either.
  await page.waitForLoadState("networkidle");
  const sizes = await Promise.all(bodies);
  await page.close();
  const pageScripts = sizes.filter((size) => size.initial);
  return {
    js: pageScripts.reduce((sum, size) => sum + size.gzip, 0),
    html,
    scripts: pageScripts.filter((size) => size.gzip > 0).length,
    sdk: sizes.filter((size) => size.sdk).reduce((sum, size) => sum + size.gzip, 0),
    foreignHosts: [...foreignHosts],
  };
}

async function serve(dir: string, run: (origin: string) => Promise<void>) {
  const server = await startProductionServer({}, dir);
  try {
    await run(server.origin);
  } finally {
    server.stop();
  }
}

/** A bare App Router page inside the project, so Turbopack resolves the same node_modules. */
function buildBareApp(): string {
  const dir = path.resolve(".bench-floor");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, "app"), { recursive: true });
  writeFileSync(
    path.join(dir, "app", "layout.tsx"),
    'export default function L({ children }: { children: React.ReactNode }) { return <html lang="en"><body>{children}</body></html>; }\n',
  );
  writeFileSync(path.join(dir, "app", "page.tsx"), "export default function P() { return <h1>Floor</h1>; }\n");
  // Its own (empty) config, or Next.js would find the site's one level up.
  writeFileSync(path.join(dir, "next.config.mjs"), "export default {};\n");
  execFileSync("npx", ["next", "build", dir], { stdio: "ignore", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  return dir;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  if (serverBuildIsStale()) runStep(npmStep("build"));
  const figures = startFigures("pages");
  console.log("Measuring the framework floor (bare Next.js page, same versions)...");
  const floorDir = buildBareApp();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    let floor: Weight = { js: 0, html: 0, scripts: 0, sdk: 0, foreignHosts: [] };
    await serve(floorDir, async (origin) => {
      floor = await measure(browser, `${origin}/`);
    });
    const rows: string[][] = [];
    const failures: string[] = [];
    let worst = 0;
    await serve(process.cwd(), async (origin) => {
      for (const route of qualityRoutes) {
        const weight = await measure(browser, `${origin}${route}`);
        const own = Math.max(0, weight.js - floor.js);
        worst = Math.max(worst, own);
        if (own > budgetBytes) failures.push(`${route}: own JS ${kb(own)} is over the ${kb(budgetBytes)} budget`);
        if (weight.sdk > 0) failures.push(`${route}: ${kb(weight.sdk)} of the voice SDK loads before intent`);
        if (weight.foreignHosts.length > 0) failures.push(`${route}: requests to ${weight.foreignHosts.join(", ")} before the visitor acts`);
        const thirdParty = weight.foreignHosts.length === 0 ? "none" : weight.foreignHosts.join(" ");
        rows.push([route, kb(weight.js), kb(floor.js), kb(own), own <= budgetBytes ? "ok" : "OVER", kb(weight.sdk), thirdParty, kb(weight.html)]);
      }
    });
    const header = ["route", "JS total", "floor", "own code", "budget", "voice SDK", "other hosts", "HTML"];
    const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
    const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join("  ");
    console.log(`\nJS and HTML before any interaction (gzip -9), own-code budget ${kb(budgetBytes)}\n`);
    console.log(line(header));
    for (const row of rows) console.log(line(row));
    const worstRoute = rows.find((row) => row[3] === kb(worst))?.[0] ?? "";
    console.log(`\nworst own code: ${kb(worst)} (${worst <= budgetBytes ? "within" : "over"} budget)`);
    for (const failure of failures) console.error(`BUDGET: ${failure}`);
    const htmlSizes = rows.map((row) => Number.parseFloat(row[7]!));
    figures.record({
      tables: [{ id: "routes", title: `JS and HTML before any interaction (gzip -9), own-code budget ${kb(budgetBytes)}`, columns: header, rows: rows.map((row) => row.map((value, column) => (column === 0 ? `\`${value}\`` : value))) }],
      headlines: [
        { figure: "JS before interaction, Next.js floor (a bare page, same versions)", value: `${kb(floor.js)} gzip` },
        { figure: "own JS over the floor, worst route", value: `${kb(worst)} gzip (\`${worstRoute}\`; budget ${kb(budgetBytes)})` },
        { figure: "HTML per page (gzip)", value: `${Math.min(...htmlSizes).toFixed(1)} to ${Math.max(...htmlSizes).toFixed(1)} KB` },
      ],
      failures,
    });
    if (failures.length > 0) process.exitCode = 1;
  } finally {
    await browser.close();
    rmSync(floorDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
