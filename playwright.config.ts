import os from "node:os";
import { defineConfig, devices } from "@playwright/test";
import { testPorts } from "@mockingbird/testkit/test-ports";

/** Free ports, or the ones these variables name (testkit/test-ports.ts). */
const ports = testPorts({
  E2E_PORT: { role: "the site under test" },
  E2E_AGENT_PORT: { role: "the local voice agent of the tests" },
  E2E_SHORT_CALL_AGENT_PORT: { role: "the local voice agent with a 14 s call limit (the official client's conformance)" },
  E2E_PARTNER_PORT: { role: "the partner site that frames /embed/call" },
});
export const baseURL = `http://127.0.0.1:${ports.E2E_PORT}`;
/** The local voice agent the site's signed-URL service hands calls to during the tests. */
export const agentOrigin = `http://127.0.0.1:${ports.E2E_AGENT_PORT}`;
export const agentKey = "e2e-local-agent-key";
/**
 * A second local agent, whose calls end at 14 s, for the official client's time-limit scenario
 * (agent-official-client.spec.ts): the visitor speaks 7 s into the call for about 2.5 s, so the
 * limit leaves the transcript several seconds even on a loaded machine. Every other test needs
 * the production limit.
 */
export const shortCallAgent = { origin: `http://127.0.0.1:${ports.E2E_SHORT_CALL_AGENT_PORT}`, key: "e2e-conformance-key", maxCallSeconds: 14 };
/** A site allowed to frame /embed/call (EMBED_ALLOWED_ORIGINS), started by the embed spec. */
export const partnerOrigin = `http://127.0.0.1:${ports.E2E_PARTNER_PORT}`;

/** What the phone projects run: the first screen, voice calls one after another, and the microphone help for that phone. */
const phoneSpecs = /(call-widget-microphone-denied|call-widget-phone)\.spec\.ts$/;
const phoneOnlySpecs = /call-widget-phone\.spec\.ts$/;

/**
 * End-to-end tests run Debian's Chromium against the production build, served as `npm start`
 * serves it (server/site-server.ts). The global setup starts the site and both agents, side by
 * side and before any browser, and stops them after the run.
 */
export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  // Two at least, also on 2 cores: most of a call test is waiting on timeouts the call runs by
  // (silence, time limits), while the other worker's test uses the cores.
  workers: Math.max(2, Math.floor(os.availableParallelism() / 2)),
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
});
