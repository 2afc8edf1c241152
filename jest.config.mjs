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
 *
 * maxWorkers "100%": a worker per core. Jest's default keeps a core for its main thread, which
 * on 2 cores runs every file in one worker, one after another; the main thread only collects
 * results, and the longest files (the agent's speech tests) mostly wait on audio streamed in real
 * time, so a second worker took the whole run from 201 s to 115 s here. The exception: files
 * named *.realtime.test.ts time the decoders against the clock, and beside another worker one
 * failed; `npm test` runs them alone after the rest (scripts/test.sh).
 */
const config = { projects: [site, "<rootDir>/agent"], forceExit: true, maxWorkers: "100%" };

export default config;
