import { loadEnvConfig } from "@next/env";

export type DeploymentEnv = Readonly<Record<string, string | undefined>>;

/**
 * The environment `npm run agents` runs with: the shell's, then the project's env files as
 * `next build` reads them (.env.production.local, .env.local, .env.production, .env), so a push
 * finds ELEVENLABS_API_KEY and ELEVENLABS_API_BASE where the deployed site has them.
 */
export function loadDeploymentEnv(projectDir: string): DeploymentEnv {
  const silent = { info: () => undefined, error: () => undefined };
  return loadEnvConfig(projectDir, false, silent, true).combinedEnv;
}
