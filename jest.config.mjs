import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/** Unit tests only: browser behaviour lives in tests/e2e (Playwright). */
const config = {
  testEnvironment: "jsdom",
  testMatch: ["<rootDir>/tests/unit/**/*.test.ts?(x)", "<rootDir>/agent/tests/**/*.test.ts"],
  setupFilesAfterEnv: ["<rootDir>/tests/unit/setup.ts"],
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1" },
};

export default createJestConfig(config);
