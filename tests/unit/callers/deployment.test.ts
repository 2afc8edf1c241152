/** @jest-environment node */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { updateInitialEnv } from "@next/env";
import { loadDeploymentEnv } from "@/scripts/agents/deployment";

/** `npm run agents` finds its settings (the API key, the API host) where the deployed site has them (scripts/agents/deployment.ts). */
describe("the env files", () => {
  const saved = { ...process.env };
  let dir: string;
  /** The shell `npm run agents` starts from: @next/env reloads from the environment it first saw, and reads .env*.local only outside NODE_ENV=test. */
  const shell = (env: Record<string, string | undefined>) => updateInitialEnv({ NODE_ENV: "production", ELEVENLABS_API_KEY: undefined, ELEVENLABS_API_BASE: undefined, ...env });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "agents-env-"));
    loadDeploymentEnv(dir);
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    updateInitialEnv({ ...saved, ELEVENLABS_API_KEY: saved.ELEVENLABS_API_KEY, ELEVENLABS_API_BASE: saved.ELEVENLABS_API_BASE });
    process.env = { ...saved };
  });

  test("npm run agents reads the project's env files as next build does, .env.production.local first", () => {
    writeFileSync(join(dir, ".env"), "ELEVENLABS_API_BASE=https://api.elevenlabs.io\n");
    writeFileSync(join(dir, ".env.production.local"), "ELEVENLABS_API_BASE=https://api.eu.residency.elevenlabs.io\n");
    shell({});
    expect(loadDeploymentEnv(dir).ELEVENLABS_API_BASE).toBe("https://api.eu.residency.elevenlabs.io");
  });

  test("a variable set in the shell wins over the env files", () => {
    writeFileSync(join(dir, ".env.production"), "ELEVENLABS_API_KEY=from-the-file\n");
    shell({ ELEVENLABS_API_KEY: "from-the-shell" });
    expect(loadDeploymentEnv(dir).ELEVENLABS_API_KEY).toBe("from-the-shell");
  });
});
