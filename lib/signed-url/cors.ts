/**
 * CORS as a Supabase Edge Function answers it, so `supabase.functions.invoke` works the
 * same against this service on the site's own origin, on another origin, or on Supabase.
 * The origin is echoed only after the allow-list accepted it (never `*`), which also
 * lets the browser read the JSON error of a refused call.
 */
export const corsAllowedHeaders = [
  "authorization",
  "x-client-info",
  "apikey",
  "content-type",
  // functions-js sends it when a caller picks a region; without it that preflight fails.
  "x-region",
].join(", ");

export const corsAllowedMethods = "POST, OPTIONS";

// Chromium caps preflight caching at two hours; longer values are ignored there.
const preflightMaxAgeSeconds = "7200";

export function corsHeadersFor(allowedOrigin: string): Record<string, string> {
  return {
    "Access-Control-Allow-Origin": allowedOrigin,
    "Access-Control-Allow-Headers": corsAllowedHeaders,
    "Access-Control-Allow-Methods": corsAllowedMethods,
    Vary: "Origin",
  };
}

export function preflightResponse(allowedOrigin: string): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeadersFor(allowedOrigin),
      "Access-Control-Max-Age": preflightMaxAgeSeconds,
      "Cache-Control": "no-store",
    },
  });
}
