import { handleSignedUrlRequest } from "@/lib/signed-url/node-service";

/**
 * POST /functions/v1/elevenlabs-auth: the path of a Supabase Edge Function, so the
 * browser's `supabase.functions.invoke('elevenlabs-auth')` reaches this handler when the
 * Supabase URL is the site's own origin. All logic lives in lib/signed-url.
 *
 * Every method but GET and HEAD goes through the shared handler, which answers 405 as
 * JSON. GET is deliberately not exported: a GET handler makes `output: "export"` try to
 * pre-render this route and fail the static export, so Next.js answers GET and HEAD with
 * its own bodiless 405. Nothing here opts into `dynamic = "force-dynamic"` for the same
 * reason; POST handlers are dynamic anyway.
 */
export const POST = handleSignedUrlRequest;
export const OPTIONS = handleSignedUrlRequest;
export const PUT = handleSignedUrlRequest;
export const PATCH = handleSignedUrlRequest;
export const DELETE = handleSignedUrlRequest;
