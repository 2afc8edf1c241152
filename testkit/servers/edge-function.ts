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
import { freePort } from "../ports";

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
  const child = spawn(denoBin, denoRunArgs(), { cwd: projectRoot, env: functionEnv as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000);
  });
  child.stdout?.resume();
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the Edge Function exited with code ${child.exitCode}: ${stderr.trim()}`);
    const up = await fetch(`${origin}/`, { method: "OPTIONS" }).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the Edge Function did not listen within 30 s: ${stderr.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url: `${origin}/functions/v1/elevenlabs-auth`, origin, child, log: () => stderr, stop };
}
