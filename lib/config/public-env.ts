/**
 * Public configuration as the browser sees it: plain values, no validation library in
 * the client bundle. next.config.ts validates the same variables with
 * public-env-schema.ts at build and start-up, so a bad value never gets this far.
 */
import { DEFAULT_CALL_LIMIT_SECONDS } from "@mockingbird/contract/limits";

export const publicEnvDefaults = {
  NEXT_PUBLIC_SITE_URL: "https://www.mockingbird.example",
  NEXT_PUBLIC_BOOKING_URL: "https://cal.mockingbird.example/consultation",
  NEXT_PUBLIC_DOCS_URL: "https://docs.mockingbird.example",
  NEXT_PUBLIC_TWITTER_URL: "https://twitter.com/mockingbird_example",
  NEXT_PUBLIC_LINKEDIN_URL: "https://www.linkedin.com/company/mockingbird-example",
  NEXT_PUBLIC_SUPABASE_ANON_KEY: "mockingbird-local-anon-key-0000000000",
  /** The local agent's AGENT_MAX_CALL_SECONDS default too; set both (or the ElevenLabs agent's limit) together. */
  NEXT_PUBLIC_CALL_LIMIT_SECONDS: String(DEFAULT_CALL_LIMIT_SECONDS),
} as const;

const url = (value: string | undefined, fallback: string) => (value || fallback).replace(/\/+$/, "");

// Each NEXT_PUBLIC_ variable is named literally so Next.js can inline it in client code.
export const publicEnv = {
  NEXT_PUBLIC_SITE_URL: url(process.env.NEXT_PUBLIC_SITE_URL, publicEnvDefaults.NEXT_PUBLIC_SITE_URL),
  NEXT_PUBLIC_BOOKING_URL: url(process.env.NEXT_PUBLIC_BOOKING_URL, publicEnvDefaults.NEXT_PUBLIC_BOOKING_URL),
  NEXT_PUBLIC_DOCS_URL: url(process.env.NEXT_PUBLIC_DOCS_URL, publicEnvDefaults.NEXT_PUBLIC_DOCS_URL),
  NEXT_PUBLIC_TWITTER_URL: url(process.env.NEXT_PUBLIC_TWITTER_URL, publicEnvDefaults.NEXT_PUBLIC_TWITTER_URL),
  NEXT_PUBLIC_LINKEDIN_URL: url(process.env.NEXT_PUBLIC_LINKEDIN_URL, publicEnvDefaults.NEXT_PUBLIC_LINKEDIN_URL),
  NEXT_PUBLIC_SUPABASE_URL: process.env.NEXT_PUBLIC_SUPABASE_URL ? url(process.env.NEXT_PUBLIC_SUPABASE_URL, "") : undefined,
  NEXT_PUBLIC_SUPABASE_ANON_KEY: process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY || publicEnvDefaults.NEXT_PUBLIC_SUPABASE_ANON_KEY,
  NEXT_PUBLIC_ANALYTICS_SCRIPT: process.env.NEXT_PUBLIC_ANALYTICS_SCRIPT || undefined,
  NEXT_PUBLIC_CALL_LIMIT_SECONDS: Number(process.env.NEXT_PUBLIC_CALL_LIMIT_SECONDS || publicEnvDefaults.NEXT_PUBLIC_CALL_LIMIT_SECONDS),
};

export type PublicEnv = typeof publicEnv;
