/**
 * The ports the static export under test is built for. A static page cannot learn the Edge
 * Function's, the agent's or an embedding partner's address at run time, so
 * `npm test -- export` chooses them (free ones, or those E2E_FUNCTION_PORT,
 * E2E_EXPORT_AGENT_PORT and E2E_FRAMER_PORT name), builds the export for them, and records them
 * here for the export suite and its benchmark (endpoints.ts).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { publicEnvDefaults } from "@/lib/config/public-env";
import type { PortRequest } from "../test-ports";

const projectRoot = path.resolve(__dirname, "../..");
const recordFile = path.join(projectRoot, ".export-e2e-ports.json");

export type ExportBuildPorts = { E2E_FUNCTION_PORT: number; E2E_EXPORT_AGENT_PORT: number; E2E_FRAMER_PORT: number };

export const exportBuildPortRoles: Record<keyof ExportBuildPorts, PortRequest> = {
  E2E_FUNCTION_PORT: { role: "the Edge Function under Deno the export calls" },
  E2E_EXPORT_AGENT_PORT: { role: "the local voice agent the export's calls reach" },
  E2E_FRAMER_PORT: { role: "the partner site allowed to frame the export's /embed/call" },
};

/** The public anon key the export is built with and the function checks. */
export const anonKey = process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY || publicEnvDefaults.NEXT_PUBLIC_SUPABASE_ANON_KEY;

export function recordExportBuildPorts(ports: ExportBuildPorts): void {
  writeFileSync(recordFile, `${JSON.stringify(ports, null, 2)}\n`);
}

/** The ports the export in out/ was built for, or null when no build recorded any. */
export function recordedExportBuildPorts(): ExportBuildPorts | null {
  try {
    return JSON.parse(readFileSync(recordFile, "utf8")) as ExportBuildPorts;
  } catch {
    return null;
  }
}
