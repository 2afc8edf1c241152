/**
 * The export suite's Supabase side, as one server for Playwright: a throwaway PostgreSQL with
 * the project's migrations (testkit/servers/postgres.ts, as `supabase db push` leaves a project)
 * and supabase/functions/elevenlabs-auth under Deno on the suite's function port, given the
 * secrets a deployment sets with `supabase secrets set`. SIGTERM stops both and deletes the
 * database.
 */
import { spawn } from "node:child_process";
import { denoBin, denoRunArgs } from "../servers/edge-function";
import { startPostgres } from "../servers/postgres";
import { agentKey, agentOrigin, anonKey, cdnOrigin, functionOrigin } from "./endpoints";
import { limitsForTests } from "../test-limits";

async function main(): Promise<void> {
  const database = await startPostgres();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "/tmp",
    DENO_NO_UPDATE_CHECK: "1",
    EDGE_FUNCTION_PORT: new URL(functionOrigin).port,
    // What Supabase injects into every function.
    SUPABASE_ANON_KEY: anonKey,
    SUPABASE_DB_URL: database.url,
    // What `supabase secrets set` gives it here.
    ALLOWED_ORIGINS: cdnOrigin,
    LOCAL_AGENT_URL: agentOrigin,
    LOCAL_AGENT_API_KEY: agentKey,
    TRUST_PROXY_HEADER: "x-forwarded-for",
    ...limitsForTests,
  };
  // Only what the function is given, as on Supabase: nothing leaks in from this environment.
  const deno = spawn(denoBin, denoRunArgs(), { stdio: ["ignore", "inherit", "inherit"], env: env as NodeJS.ProcessEnv });

  let stopped: Promise<void> | undefined;
  const stop = async (code: number): Promise<never> => {
    stopped ??= (async () => {
      if (deno.exitCode === null) deno.kill("SIGTERM");
      await database.stop();
    })();
    await stopped;
    process.exit(code);
  };
  deno.once("exit", (code) => void stop(code ?? 1));
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void stop(0));
  console.log(`edge function on ${functionOrigin}, limits in ${database.url}`);
}

main().catch((error: unknown) => {
  console.error(`edge function server: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
