import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/** The site's unit tests (browser behaviour lives in tests/e2e, Playwright). */
const site = await createJestConfig({
  displayName: "site",
  testEnvironment: "jsdom",
  testMatch: ["<rootDir>/tests/unit/**/*.test.ts?(x)"],
  setupFilesAfterEnv: ["<rootDir>/tests/unit/setup.ts"],
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1" },
})();
// ESM-only packages the tests reach through lib/ and scripts/ (parse5, its entities) are
// transformed like next.config's transpilePackages, which lists only what the app ships.
const esmOnly = ["parse5", "entities"];
const [nodeModules, ...otherIgnored] = site.transformIgnorePatterns;
site.transformIgnorePatterns = [nodeModules.replace("(?!(", `(?!(${esmOnly.join("|")}|`), ...otherIgnored];

/**
 * `npx jest` runs the site's and the agent's (agent/jest.config.mjs, its own package).
 *
 * forceExit: jest ends once every result is in, instead of waiting for timers a test could not
 * stop. @elevenlabs/elevenlabs-js (2.73, core/fetcher/makeRequest.js) leaves its 240 s request
 * timer running when a request fails, which the push test of an unreachable API does on purpose:
 * a whole run then sat idle for minutes after its last test. Jest still prints a warning naming
 * --detectOpenHandles when it forces the exit, so a test's own leak stays visible.
 */
const config = { projects: [site, "<rootDir>/agent"], forceExit: true };

export default config;
