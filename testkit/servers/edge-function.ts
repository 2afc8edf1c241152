/**
 * The Supabase Edge Function `elevenlabs-auth` under Deno (npm `deno`, the runtime
 * Supabase Edge Functions use), as tests, benches and the static export's demo call run
 * it: on a free loopback port, every npm import resolved from this project's
 * node_modules (`--node-modules-dir=manual --cached-only`: nothing is downloaded).
 *
 *   const postgres = await startPostgres();
 *   const fn = await startEdgeFunction({ SUPABASE_DB_URL: postgres.url, NEXT_PUBLIC_SITE_URL: …, SUPABASE_ANON_KEY: … });
 *   await fetch(`${fn.url}`, { method: "POST", … });   // fn.url ends in /functions/v1/elevenlabs-auth
 *   await fn.stop();
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { freePort, waitUntil } from "../ports";
import { ownedProcess } from "./owned-process";

// __dirname rather than import.meta: jest loads these helpers as CommonJS.
const projectRoot = path.resolve(__dirname, "../..");
const functionDir = path.join(projectRoot, "supabase/functions/elevenlabs-auth");
export const denoBin = path.join(projectRoot, "node_modules/.bin/deno");

export type EdgeFunction = {
  /** The function's URL, as a Supabase project serves it: `<origin>/functions/v1/elevenlabs-auth`. */
  readonly url: string;
  readonly origin: string;
  readonly child: ChildProcess;
  /** What the function printed to stderr so far (its `[signed-url]` log lines). */
  log(): string;
  stop(): Promise<void>;
};

/** The flags Deno needs to run the function offline from node_modules. */
export function denoRunArgs(entry = path.join(functionDir, "index.ts")): string[] {
  return [
    "run",
    "--quiet",
    "--no-prompt",
    "--node-modules-dir=manual",
    "--cached-only",
    "--config",
    path.join(functionDir, "deno.json"),
    "--allow-net",
    "--allow-env",
    "--allow-sys",
    `--allow-read=${projectRoot}`,
    entry,
  ];
}

export async function startEdgeFunction(env: Record<string, string>): Promise<EdgeFunction> {
  const port = await freePort();
  // Only what the function is given, as on Supabase: nothing leaks in from the caller's environment.
  const functionEnv: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "/tmp",
    DENO_NO_UPDATE_CHECK: "1",
    ...(process.env.DENO_DIR ? { DENO_DIR: process.env.DENO_DIR } : {}),
    ...env,
    EDGE_FUNCTION_PORT: String(port),
  };
  const child = spawn(denoBin, denoRunArgs(), { cwd: projectRoot, env: functionEnv as NodeJS.ProcessEnv, stdio: ["ignore", "ignore", "pipe"] });
  const { output, stop } = ownedProcess(child);
  const origin = `http://127.0.0.1:${port}`;
  const listening = () => fetch(`${origin}/`, { method: "OPTIONS" }).then(() => true, () => false);
  await waitUntil(listening, "listen", { timeoutMs: 30_000, child, name: "the Edge Function", output }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { url: `${origin}/functions/v1/elevenlabs-auth`, origin, child, log: output, stop };
}
