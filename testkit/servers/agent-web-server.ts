/**
 * The local voice agent as a Playwright `webServer` entry, on `origin`'s port with `apiKey`:
 * the end-to-end suite (playwright.config.ts) and the export suite (playwright.export.config.ts)
 * both run it.
 */
export function agentWebServer(origin: string, apiKey: string) {
  return {
    command: "node --import tsx agent/src/main.ts",
    url: `${origin}/health`,
    // Chosen free (testkit/test-ports.ts): an answer there before the agent starts is a stranger's.
    reuseExistingServer: false,
    timeout: 60_000,
    env: { AGENT_HOST: "127.0.0.1", AGENT_PORT: new URL(origin).port, LOCAL_AGENT_API_KEY: apiKey, LOG_LEVEL: "warn" },
  };
}
