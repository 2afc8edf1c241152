/**
 * Where the export's end-to-end suite (and its call benchmark) runs its parts, and what the export must be built with
 * to reach them. A static page cannot learn the function's address at run time, so the export
 * under test is built for these (`npm run build:export:e2e`), as a deployment builds its
 * export for its own Supabase project. Ports are fixed defaults, overridable, like the main
 * suite's (playwright.config.ts).
 */
import { publicEnvDefaults } from "../../lib/config/public-env";

const port = (name: string, fallback: number) => Number(process.env[name] || fallback);

/** wrangler pages dev: Cloudflare's Pages runtime (workerd) serving out/. */
export const cdnOrigin = `http://127.0.0.1:${port("E2E_CDN_PORT", 3211)}`;
/** supabase/functions/elevenlabs-auth under Deno, as NEXT_PUBLIC_SUPABASE_URL. */
export const functionOrigin = `http://127.0.0.1:${port("E2E_FUNCTION_PORT", 8798)}`;
/** The local voice agent the function hands calls to (the main suite's port). */
export const agentOrigin = `http://127.0.0.1:${port("E2E_AGENT_PORT", 8797)}`;
/** A partner site allowed to frame /embed/call. */
export const framerOrigin = `http://127.0.0.1:${port("E2E_FRAMER_PORT", 3298)}`;

export const agentKey = "e2e-local-agent-key";
export const anonKey = process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY || publicEnvDefaults.NEXT_PUBLIC_SUPABASE_ANON_KEY;

/** The build-time environment of the export under test. */
export const exportBuildEnv = {
  NEXT_PUBLIC_SUPABASE_URL: functionOrigin,
  NEXT_PUBLIC_SUPABASE_ANON_KEY: anonKey,
  AGENT_PUBLIC_URL: agentOrigin.replace(/^http/, "ws"),
  EMBED_ALLOWED_ORIGINS: framerOrigin,
};
