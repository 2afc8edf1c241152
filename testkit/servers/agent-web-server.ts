/**
 * The local voice agent as a Playwright `webServer` entry, on `origin`'s port with `apiKey`: the
 * export suite (playwright.export.config.ts) runs it. (The end-to-end suite starts its agents in
 * its global setup, tests/e2e/global-setup.ts, beside its site.)
 */
export function agentWebServer(origin: string, apiKey: string) {
  return {
    command: "node --import tsx agent/src/main.ts",
    url: `${origin}/health`,
    // Chosen free (testkit/test-ports.ts): an answer there before the agent starts is a stranger's.
    reuseExistingServer: false,
    // Setting up speech takes the agent about 10 s on an idle machine, and npm test runs this
    // suite beside the end-to-end suite's browsers: no test starts before it answers, so the wait
    // is long (Playwright ends it at once, naming the exit, if the agent dies).
    timeout: 180_000,
    env: { AGENT_HOST: "127.0.0.1", AGENT_PORT: new URL(origin).port, LOCAL_AGENT_API_KEY: apiKey, LOG_LEVEL: "warn" },
  };
}
