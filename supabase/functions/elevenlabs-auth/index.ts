import { EnvConfigError } from "../../../lib/config/env-schema";
import { errorResponse } from "../../../lib/signed-url/json-response";
import { signedUrlMessages } from "../../../lib/signed-url/messages";
import { createEdgeSignedUrlService } from "./edge-service.ts";

/**
 * Configuration is validated when the isolate boots. A bad variable is logged by name
 * (never by value) and every call gets the service's JSON "not configured" answer,
 * instead of a runtime's boot-error page or a stack trace.
 */
function bootHandler(): (request: Request) => Promise<Response> {
  try {
    return createEdgeSignedUrlService(Deno.env.toObject()).handle;
  } catch (error) {
    if (!(error instanceof EnvConfigError)) throw error;
    console.error(`[signed-url] ${error.message}`);
    return async () => errorResponse(500, signedUrlMessages.notConfigured);
  }
}

const handler = bootHandler();
// Supabase's runtime chooses the port; EDGE_FUNCTION_PORT is for running the function
// locally under plain Deno (tests, benches, the static export's demo call).
const localPort = Deno.env.get("EDGE_FUNCTION_PORT");
if (localPort) Deno.serve({ port: Number(localPort), hostname: Deno.env.get("EDGE_FUNCTION_HOST") ?? "127.0.0.1" }, handler);
else Deno.serve(handler);
