/**
 * Where the export's end-to-end suite (and its call benchmark) runs its parts: the Edge
 * Function, the agent and the partner site on the ports the export in out/ was built for
 * (build-ports.ts), wrangler on a free port (or E2E_CDN_PORT). A recorded port
 * another program holds stops the run, naming it and how to rebuild for free ones.
 */
import { exportBuildPortRoles, recordedExportBuildPorts } from "./build-ports";
import { testPorts } from "../test-ports";

const recorded = recordedExportBuildPorts();
if (!recorded && !process.env.E2E_FUNCTION_PORT) {
  throw new Error("No export built for the tests: run `npm test -- export` first (a whole `npm test` does).");
}
const rebuild = "stop that program, or rebuild the export for free ports with `npm test -- export`";
const ports = testPorts({
  E2E_CDN_PORT: { role: "wrangler serving out/" },
  E2E_FUNCTION_PORT: { ...exportBuildPortRoles.E2E_FUNCTION_PORT, recorded: recorded?.E2E_FUNCTION_PORT, whenRecordedIsTaken: rebuild },
  E2E_EXPORT_AGENT_PORT: { ...exportBuildPortRoles.E2E_EXPORT_AGENT_PORT, recorded: recorded?.E2E_EXPORT_AGENT_PORT, whenRecordedIsTaken: rebuild },
  E2E_FRAMER_PORT: { ...exportBuildPortRoles.E2E_FRAMER_PORT, recorded: recorded?.E2E_FRAMER_PORT, whenRecordedIsTaken: rebuild },
});

/** wrangler pages dev: Cloudflare's Pages runtime (workerd) serving out/. */
export const cdnOrigin = `http://127.0.0.1:${ports.E2E_CDN_PORT}`;
/** supabase/functions/elevenlabs-auth under Deno, as NEXT_PUBLIC_SUPABASE_URL. */
export const functionOrigin = `http://127.0.0.1:${ports.E2E_FUNCTION_PORT}`;
/** The local voice agent the function hands calls to. */
export const agentOrigin = `http://127.0.0.1:${ports.E2E_EXPORT_AGENT_PORT}`;
/** A partner site allowed to frame /embed/call. */
export const framerOrigin = `http://127.0.0.1:${ports.E2E_FRAMER_PORT}`;

export const agentKey = "e2e-local-agent-key";
export { anonKey } from "./build-ports";
