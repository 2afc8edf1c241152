import { z } from "zod";
import { httpUrl, parseEnv } from "./env-schema";

/** Variables inlined into the client bundle: never put a secret here. */
export const publicEnvSchema = z.object({
  NEXT_PUBLIC_SITE_URL: httpUrl.default("https://www.mockingbird.example"),
  NEXT_PUBLIC_BOOKING_URL: httpUrl.default("https://cal.mockingbird.example/consultation"),
  NEXT_PUBLIC_DOCS_URL: httpUrl.default("https://docs.mockingbird.example"),
  NEXT_PUBLIC_TWITTER_URL: httpUrl.default("https://twitter.com/mockingbird_example"),
  NEXT_PUBLIC_LINKEDIN_URL: httpUrl.default("https://www.linkedin.com/company/mockingbird-example"),
  /** Empty means the site's own origin, where the route handler answers like a Supabase function. */
  NEXT_PUBLIC_SUPABASE_URL: httpUrl.optional(),
  NEXT_PUBLIC_SUPABASE_ANON_KEY: z.string().min(20, { message: "must be the project's anon key (a long token)" }).default("mockingbird-local-anon-key-0000000000"),
  /** Set to /_vercel/insights/script.js on Vercel; unset elsewhere so no script 404s. */
  NEXT_PUBLIC_ANALYTICS_SCRIPT: z
    .string()
    .refine((value) => value.startsWith("/"), { message: "must be a same-origin path such as /_vercel/insights/script.js" })
    .optional(),
});

export type PublicEnv = z.infer<typeof publicEnvSchema>;

// Each NEXT_PUBLIC_ variable is named literally so Next.js can inline it in client code.
export const publicEnv: PublicEnv = parseEnv(publicEnvSchema, {
  NEXT_PUBLIC_SITE_URL: process.env.NEXT_PUBLIC_SITE_URL,
  NEXT_PUBLIC_BOOKING_URL: process.env.NEXT_PUBLIC_BOOKING_URL,
  NEXT_PUBLIC_DOCS_URL: process.env.NEXT_PUBLIC_DOCS_URL,
  NEXT_PUBLIC_TWITTER_URL: process.env.NEXT_PUBLIC_TWITTER_URL,
  NEXT_PUBLIC_LINKEDIN_URL: process.env.NEXT_PUBLIC_LINKEDIN_URL,
  NEXT_PUBLIC_SUPABASE_URL: process.env.NEXT_PUBLIC_SUPABASE_URL,
  NEXT_PUBLIC_SUPABASE_ANON_KEY: process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY,
  NEXT_PUBLIC_ANALYTICS_SCRIPT: process.env.NEXT_PUBLIC_ANALYTICS_SCRIPT,
});
