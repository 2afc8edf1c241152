import { z } from "zod";
import { httpUrl, parseEnv } from "./env-schema";
import { publicEnvDefaults as defaults } from "./public-env";

/** The rules for the public variables, checked at build and start-up (next.config.ts). */
export const publicEnvSchema = z.object({
  NEXT_PUBLIC_SITE_URL: httpUrl.default(defaults.NEXT_PUBLIC_SITE_URL),
  NEXT_PUBLIC_BOOKING_URL: httpUrl.default(defaults.NEXT_PUBLIC_BOOKING_URL),
  NEXT_PUBLIC_DOCS_URL: httpUrl.default(defaults.NEXT_PUBLIC_DOCS_URL),
  NEXT_PUBLIC_TWITTER_URL: httpUrl.default(defaults.NEXT_PUBLIC_TWITTER_URL),
  NEXT_PUBLIC_LINKEDIN_URL: httpUrl.default(defaults.NEXT_PUBLIC_LINKEDIN_URL),
  /** Empty means the site's own origin, where the route handler answers like a Supabase function. */
  NEXT_PUBLIC_SUPABASE_URL: httpUrl.optional(),
  NEXT_PUBLIC_SUPABASE_ANON_KEY: z
    .string()
    .min(20, { message: "must be the project's anon key (a long token)" })
    .default(defaults.NEXT_PUBLIC_SUPABASE_ANON_KEY),
  /** Set to /_vercel/insights/script.js on Vercel; unset elsewhere so no script 404s. */
  NEXT_PUBLIC_ANALYTICS_SCRIPT: z
    .string()
    .refine((value) => value.startsWith("/"), { message: "must be a same-origin path such as /_vercel/insights/script.js" })
    .optional(),
  /** The call limit the widget counts down to: the voice agent's own limit, in seconds. */
  NEXT_PUBLIC_CALL_LIMIT_SECONDS: z.coerce
    .number()
    .int({ message: "must be a whole number of seconds" })
    .min(30, { message: "must be at least 30 seconds" })
    .max(3600, { message: "must be at most 3600 seconds" })
    .default(Number(defaults.NEXT_PUBLIC_CALL_LIMIT_SECONDS)),
});

/** Throws an EnvConfigError naming every bad variable. */
export function validatePublicEnv(source: Record<string, string | undefined> = process.env) {
  return parseEnv(publicEnvSchema, Object.fromEntries(Object.keys(publicEnvSchema.shape).map((key) => [key, source[key]])));
}
