import { createEdgeSignedUrlHandler } from "./edge-service.ts";

// Configuration is validated when the isolate boots: a bad variable fails the function's
// start with a message naming it, instead of failing each call.
Deno.serve(createEdgeSignedUrlHandler(Deno.env.toObject()));
