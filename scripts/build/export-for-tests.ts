/**
 * `npm test -- export`: the static export, built for the Edge Function, agent and partner
 * site of the export suite and benchmark, on free ports (or the E2E_* ports set), which it
 * records for them (testkit/export-suite/build-ports.ts).
 */
import { spawnSync } from "node:child_process";
import { anonKey, exportBuildPortRoles, recordExportBuildPorts } from "@mockingbird/testkit/export-suite/build-ports";
import { testPorts } from "@mockingbird/testkit/test-ports";

const ports = testPorts(exportBuildPortRoles);
const origin = (port: number) => `http://127.0.0.1:${port}`;
const buildEnv = {
  NEXT_PUBLIC_SUPABASE_URL: origin(ports.E2E_FUNCTION_PORT),
  NEXT_PUBLIC_SUPABASE_ANON_KEY: anonKey,
  AGENT_PUBLIC_URL: `ws://127.0.0.1:${ports.E2E_EXPORT_AGENT_PORT}`,
  EMBED_ALLOWED_ORIGINS: origin(ports.E2E_FRAMER_PORT),
};

const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/build/export.ts"], { stdio: "inherit", env: { ...process.env, ...buildEnv } });
if (result.status === 0) {
  recordExportBuildPorts(ports);
  console.log(`export for the tests: Edge Function ${buildEnv.NEXT_PUBLIC_SUPABASE_URL}, agent ${buildEnv.AGENT_PUBLIC_URL}, partner ${buildEnv.EMBED_ALLOWED_ORIGINS}`);
}
process.exit(result.status ?? 1);
