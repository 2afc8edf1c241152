import { defineConfig, devices } from "@playwright/test";
import mainConfig from "./playwright.config";
import { agentWebServer } from "@mockingbird/testkit/servers/agent-web-server";
import { wranglerEnv, wranglerPagesDevCommand } from "@mockingbird/testkit/servers/wrangler";
import { agentKey, agentOrigin, cdnOrigin, functionOrigin } from "@mockingbird/testkit/export-suite/endpoints";

/**
 * The static export as CDN visitors get it: out/ served by Cloudflare's local Pages runtime
 * (wrangler pages dev, workerd), the demo call's signed URL from the Supabase Edge Function
 * under Deno with its limits in a real PostgreSQL, the call itself with the local voice agent;
 * Debian's Chromium.
 * Build first: `npm test -- export` (a whole `npm test` does).
 */
const port = (origin: string) => new URL(origin).port;

export default defineConfig({
  testDir: "tests/e2e-export",
  fullyParallel: true,
  workers: mainConfig.workers,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never", outputFolder: "playwright-report-export" }]],
  outputDir: "test-results-export",
  timeout: 30_000,
  globalSetup: "./tests/e2e-export/global-setup.ts",
  use: { ...mainConfig.use, baseURL: cdnOrigin },
  projects: [{ name: "cdn-chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  // Each waited for as long as the agent is (agent-web-server.ts: npm test runs this suite beside
  // the end-to-end suite); each wait ends at once if its server exits.
  webServer: [
    agentWebServer(agentOrigin, agentKey),
    {
      // A throwaway PostgreSQL with the migrations, and the function under Deno using it.
      command: "node --import tsx testkit/export-suite/function-server.ts",
      port: Number(port(functionOrigin)),
      // The ports were free when chosen (testkit/test-ports.ts): never a stranger's server.
      reuseExistingServer: false,
      timeout: 180_000,
      // SIGTERM lets it stop the database and delete its data.
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    },
    {
      command: wranglerPagesDevCommand("out", Number(port(cdnOrigin))),
      url: `${cdnOrigin}/`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: { ...wranglerEnv },
    },
  ],
});
