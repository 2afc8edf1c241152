import { defineConfig, devices } from "@playwright/test";
import mainConfig from "./playwright.config";
import { agentKey, agentOrigin, cdnOrigin, functionOrigin } from "./tests/e2e-export/endpoints";

/**
 * The static export as CDN visitors get it: out/ served by Cloudflare's local Pages runtime
 * (wrangler pages dev, workerd), the demo call's signed URL from the Supabase Edge Function
 * under Deno with its limits in a real PostgreSQL, the call itself with the local voice agent;
 * Debian's Chromium.
 * Build first: `npm run build:export:e2e` (npm test does).
 */
const port = (origin: string) => new URL(origin).port;
// The newest date the bundled workerd supports; a later one makes wrangler fall back with a warning and look for updates online.
const compatibilityDate = "2026-04-26";

export default defineConfig({
  testDir: "tests/e2e-export",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never", outputFolder: "playwright-report-export" }]],
  outputDir: "test-results-export",
  timeout: 30_000,
  globalSetup: "./tests/e2e-export/global-setup.ts",
  use: { ...mainConfig.use, baseURL: cdnOrigin },
  projects: [{ name: "cdn-chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    {
      command: "node --import tsx agent/src/main.ts",
      url: `${agentOrigin}/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      env: { AGENT_HOST: "127.0.0.1", AGENT_PORT: port(agentOrigin), LOCAL_AGENT_API_KEY: agentKey, LOG_LEVEL: "warn" },
    },
    {
      // A throwaway PostgreSQL with the migrations, and the function under Deno using it.
      command: "node --import tsx tests/e2e-export/edge-function-server.ts",
      port: Number(port(functionOrigin)),
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      // SIGTERM lets it stop the database and delete its data.
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    },
    {
      command: `node_modules/.bin/wrangler pages dev out --ip 127.0.0.1 --port ${port(cdnOrigin)} --compatibility-date ${compatibilityDate} --log-level none`,
      url: `${cdnOrigin}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 90_000,
      // Its log has an error line for every request a browser abandons (a navigation cancelling a
      // prefetch); a start that fails shows as the wait's timeout: run the command by hand to see why.
      env: {
        // Offline: no telemetry, no version check (it runs with the banner), no download of the Request.cf object.
        WRANGLER_SEND_METRICS: "false",
        WRANGLER_HIDE_BANNER: "true",
        CLOUDFLARE_CF_FETCH_ENABLED: "false",
      },
    },
  ],
});
