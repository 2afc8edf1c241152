/**
 * `npm run bench:pages`: for every route, the JavaScript (gzip) a visitor downloads before
 * any interaction, split into the Next.js framework floor and the project's own code, plus
 * the HTML size. The floor is measured, not guessed: a bare App Router page built with the
 * same Next.js and React versions. Budget: own code <= 20 KB gzip on any route.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Browser } from "playwright-core";
import { chromiumArgs, chromiumPath, freePort, waitForHttp } from "../lib/serve";
import { spawn } from "node:child_process";

const budgetBytes = 20 * 1024;
const routes = ["/", "/embed/call", "/manifesto", "/product", "/blog", "/blog/byod-vishing-problem", "/team", "/join-beta", "/privacy", "/terms"];

type Weight = { js: number; html: number; scripts: number };

async function measure(browser: Browser, url: string): Promise<Weight> {
  const page = await browser.newPage();
  const bodies: Promise<number>[] = [];
  let html = 0;
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type === "script") bodies.push(response.body().then((body) => gzipSync(body, { level: 9 }).length).catch(() => 0));
    if (type === "document") bodies.push(response.body().then((body) => ((html = gzipSync(body, { level: 9 }).length), 0)));
  });
  await page.goto(url, { waitUntil: "load" });
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3000 })));
  const sizes = await Promise.all(bodies);
  await page.close();
  return { js: sizes.reduce((sum, size) => sum + size, 0), html, scripts: sizes.filter((size) => size > 0).length };
}

async function serve(dir: string, run: (origin: string) => Promise<void>) {
  const port = await freePort();
  const child = spawn("npx", ["next", "start", dir, "--hostname", "127.0.0.1", "--port", String(port)], {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: "ignore",
    detached: true,
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${origin}/`, 60_000);
    await run(origin);
  } finally {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
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
  execFileSync("bash", ["scripts/build-if-stale.sh"], { stdio: "inherit" });
  console.log("Measuring the framework floor (bare Next.js page, same versions)...");
  const floorDir = buildBareApp();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    let floor: Weight = { js: 0, html: 0, scripts: 0 };
    await serve(floorDir, async (origin) => {
      floor = await measure(browser, `${origin}/`);
    });
    const rows: string[][] = [];
    let worst = 0;
    await serve(process.cwd(), async (origin) => {
      for (const route of routes) {
        const weight = await measure(browser, `${origin}${route}`);
        const own = Math.max(0, weight.js - floor.js);
        worst = Math.max(worst, own);
        rows.push([route, kb(weight.js), kb(floor.js), kb(own), own <= budgetBytes ? "ok" : "OVER", kb(weight.html)]);
      }
    });
    const header = ["route", "JS total", "floor", "own code", "budget", "HTML"];
    const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
    const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join("  ");
    console.log(`\nJS and HTML before any interaction (gzip -9), own-code budget ${kb(budgetBytes)}\n`);
    console.log(line(header));
    for (const row of rows) console.log(line(row));
    console.log(`\nworst own code: ${kb(worst)} (${worst <= budgetBytes ? "within" : "over"} budget)`);
    if (worst > budgetBytes) process.exitCode = 1;
  } finally {
    await browser.close();
    rmSync(floorDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
