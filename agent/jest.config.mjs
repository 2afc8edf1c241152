/**
 * The agent's tests: jest with ts-jest (TypeScript compiled one file at a time, no Next.js). Run
 * them here with `npm test`, or with the site's from the project root (its jest config lists this
 * one as a project).
 */
const config = {
  displayName: "agent",
  testEnvironment: "node",
  testMatch: ["<rootDir>/tests/**/*.test.ts"],
  transform: {
    // CommonJS for jest; the code itself is written as ES modules (tsconfig.json), and
    // isolatedModules makes ts-jest transpile without type-checking (tsc does that).
    "^.+\\.tsx?$": ["ts-jest", { tsconfig: { module: "commonjs", moduleResolution: "node10", ignoreDeprecations: "6.0", isolatedModules: true, esModuleInterop: true, resolveJsonModule: true, target: "ES2022" } }],
  },
};

export default config;
