/**
 * supabase/functions/elevenlabs-auth under Deno, the runtime of Supabase Edge Functions, as
 * the export's tests and benchmarks run it: offline. Its npm imports resolve from this
 * project's node_modules (--node-modules-dir=manual) and nothing is fetched (--cached-only,
 * no update check); DENO_SERVE_ADDRESS puts Deno.serve on the port asked for.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { freePort, waitForPort } from "./ports";

const functionDir = "supabase/functions/elevenlabs-auth";

export function edgeFunctionCommand(): { command: string; args: string[] } {
  return {
    command: path.join("node_modules", ".bin", "deno"),
    args: ["run", "--cached-only", "--node-modules-dir=manual", "--config", `${functionDir}/deno.json`, "--allow-net", "--allow-env", "--allow-read", `${functionDir}/index.ts`],
  };
}

/** The environment Deno needs besides the function's own variables. */
export function edgeFunctionRuntimeEnv(port: number): Record<string, string> {
  return {
    DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`,
    DENO_NO_UPDATE_CHECK: "1",
    DENO_NO_PROMPT: "1",
    DENO_DIR: path.join(process.cwd(), "node_modules", ".cache", "deno"),
    NO_COLOR: "1",
  };
}

export type EdgeFunction = { origin: string; child: ChildProcess; stop: () => void };

/** The function on a free loopback port with the given configuration (its secrets, as `supabase secrets set` would). */
export async function startEdgeFunction(env: Record<string, string>): Promise<EdgeFunction> {
  const port = await freePort();
  const { command, args } = edgeFunctionCommand();
  const child = spawn(command, args, { env: { ...process.env, ...env, ...edgeFunctionRuntimeEnv(port) }, stdio: ["ignore", "inherit", "inherit"] });
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  };
  await waitForPort(port, { child, name: "the Edge Function (deno)" }).catch((error: unknown) => {
    stop();
    throw error;
  });
  return { origin: `http://127.0.0.1:${port}`, child, stop };
}
