import { defineConfig, devices } from "@playwright/test";
import { agentWebServer } from "@mockingbird/testkit/servers/agent-web-server";
import { limitsForTests } from "@mockingbird/testkit/test-limits";
import { testPorts } from "@mockingbird/testkit/test-ports";

/** Free ports, or the ones these variables name (testkit/test-ports.ts). */
const ports = testPorts({
  E2E_PORT: { role: "the site under test" },
  E2E_AGENT_PORT: { role: "the local voice agent of the tests" },
  E2E_PARTNER_PORT: { role: "the partner site that frames /embed/call" },
});
export const baseURL = `http://127.0.0.1:${ports.E2E_PORT}`;
/** The local voice agent the site's signed-URL service hands calls to during the tests. */
export const agentOrigin = `http://127.0.0.1:${ports.E2E_AGENT_PORT}`;
export const agentKey = "e2e-local-agent-key";
/** A site allowed to frame /embed/call (EMBED_ALLOWED_ORIGINS), started by the embed spec. */
export const partnerOrigin = `http://127.0.0.1:${ports.E2E_PARTNER_PORT}`;

/** What the phone projects run: the first screen, voice calls one after another, and the microphone help for that phone. */
const phoneSpecs = /(call-widget-microphone-denied|call-widget-phone)\.spec\.ts$/;
const phoneOnlySpecs = /call-widget-phone\.spec\.ts$/;

/** End-to-end tests run Debian's Chromium against the production build, served as `npm start` serves it (server/site-server.ts). */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-dev-shm-usage"],
    },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined }, testIgnore: phoneOnlySpecs },
    // The call on phones, still in Chromium: a bare 390 px viewport, then an iPhone and an Android phone
    // emulated (user agent, touch, device scale). Firefox and WebKit run in tests/engines.
    { name: "phone-390", use: { ...devices["Desktop Chrome"], channel: undefined, viewport: { width: 390, height: 844 } }, testMatch: phoneSpecs },
    { name: "iphone", use: { ...devices["iPhone 15"], browserName: "chromium", defaultBrowserType: "chromium" }, testMatch: phoneSpecs },
    { name: "android", use: { ...devices["Pixel 7"], channel: undefined }, testMatch: phoneSpecs },
  ],
  webServer: [
    agentWebServer(agentOrigin, agentKey),
    {
      command: `node --import tsx server/site-server.ts --hostname 127.0.0.1 --port ${ports.E2E_PORT}`,
      url: `${baseURL}/`,
      // The port was free when chosen: whatever answers there now is not this run's server.
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        NEXT_TELEMETRY_DISABLED: "1",
        LOCAL_AGENT_URL: agentOrigin,
        LOCAL_AGENT_API_KEY: agentKey,
        ...limitsForTests,
        EMBED_ALLOWED_ORIGINS: partnerOrigin,
      },
    },
  ],
});
