import type { Admission, AdmissionDecision } from "./admission";
import { presentsAnonKey } from "./anon-key";
import { clientIdentityFor } from "./client-address";
import type { SignedUrlConfig } from "./config";
import { corsHeadersFor, corsAllowedMethods, preflightResponse } from "./cors";
import { errorResponse, jsonResponse } from "./json-response";
import { describeLimitStoreError } from "./limit-store-error";
import { signedUrlMessages } from "./messages";
import { isAllowedOrigin } from "@mockingbird/contract/origin-policy";
import { readSignedUrlRequest } from "./request-body";
import { agentIdFor, requestSignedUrl, type UpstreamOutcome } from "./upstream";

/**
 * What the service reports about itself. Events carry statuses and error classes only:
 * never a key, an agent id or an upstream body.
 */
export type SignedUrlEvent =
  | { readonly event: "upstream-failed"; readonly outcome: Exclude<UpstreamOutcome["kind"], "signed-url">; readonly detail: string }
  | { readonly event: "limiter-failed"; readonly detail: string }
  | { readonly event: "release-failed"; readonly detail: string };

export type SignedUrlHandlerDeps = {
  readonly admission: Admission;
  readonly fetch?: typeof fetch;
  readonly report?: (event: SignedUrlEvent) => void;
};

export type SignedUrlHandler = (request: Request) => Promise<Response>;

/** When the counters' store fails, how soon the visitor may try again: a store that is down for longer is the operator's to fix, not the visitor's to wait out. */
export const limiterRetryAfterSeconds = 5;

/**
 * The whole service as one `(Request) => Response` function. It uses web-standard APIs
 * only, so the Next.js route handler and the Supabase Edge Function (Deno) share it.
 *
 * The checks run cheapest first, and nothing is counted until the request is known to
 * be well formed, so a visitor's typo never spends their quota or the day's budget.
 */
export function createSignedUrlHandler(config: SignedUrlConfig, deps: SignedUrlHandlerDeps): SignedUrlHandler {
  const report = deps.report ?? reportToConsole;

  return async function handleSignedUrlRequest(request) {
    const origin = request.headers.get("origin");
    const allowedOrigin = origin !== null && isAllowedOrigin(origin, config.allowedOrigins) ? origin : undefined;
    const cors = allowedOrigin === undefined ? {} : corsHeadersFor(allowedOrigin);
    const fail = (status: number, message: string, headers: Record<string, string> = {}) =>
      errorResponse(status, message, { ...cors, ...headers });

    if (request.method === "OPTIONS") {
      return allowedOrigin === undefined ? fail(403, signedUrlMessages.originNotAllowed) : preflightResponse(allowedOrigin);
    }
    if (request.method !== "POST") return fail(405, signedUrlMessages.methodNotAllowed, { Allow: corsAllowedMethods });
    if (allowedOrigin === undefined) return fail(403, signedUrlMessages.originNotAllowed);
    if (!presentsAnonKey(request.headers, config.anonKey)) return fail(401, signedUrlMessages.missingOrWrongKey);

    const body = await readSignedUrlRequest(request);
    if (!body.ok) return fail(400, body.message);

    let decision: AdmissionDecision;
    try {
      decision = await deps.admission.admit(clientIdentityFor(request.headers, config.trustedProxy));
    } catch (error) {
      report({ event: "limiter-failed", detail: describeLimitStoreError(error) });
      return fail(503, signedUrlMessages.limiterUnavailable, { "Retry-After": String(limiterRetryAfterSeconds) });
    }
    if (!decision.admitted) {
      const retryAfter = { "Retry-After": String(decision.retryAfterSeconds) };
      if (decision.reason === "daily-cap") return fail(503, signedUrlMessages.dailyCapSpent, retryAfter);
      return fail(429, refusalMessages[decision.reason], retryAfter);
    }

    const outcome = await requestSignedUrl(config.upstream, agentIdFor(config.upstream, body.request.scenario), config.upstreamTimeoutMs, deps.fetch);
    if (outcome.kind === "signed-url") return jsonResponse(200, { signedUrl: outcome.signedUrl }, cors);

    report({ event: "upstream-failed", outcome: outcome.kind, detail: describeOutcome(outcome) });
    // Every slot back (minute, day, network, daily cap): only issued signed URLs count.
    await decision.release().catch((error: unknown) => report({ event: "release-failed", detail: describeLimitStoreError(error) }));
    if (outcome.kind === "timed-out") return fail(504, signedUrlMessages.upstreamTimedOut);
    if (outcome.kind === "malformed") return fail(502, signedUrlMessages.upstreamWithoutSignedUrl);
    return fail(502, signedUrlMessages.upstreamUnavailable);
  };
}

const refusalMessages = {
  "client-per-minute": signedUrlMessages.tooManyPerMinute,
  "client-per-day": signedUrlMessages.tooManyPerDay,
  "network-per-day": signedUrlMessages.tooManyFromNetwork,
} as const;

function describeOutcome(outcome: Exclude<UpstreamOutcome, { kind: "signed-url" }>): string {
  switch (outcome.kind) {
    case "refused":
      return `upstream answered HTTP ${outcome.status}`;
    case "timed-out":
      return "upstream did not answer before the timeout";
    case "unreachable":
    case "malformed":
      return outcome.cause;
  }
}

function reportToConsole(event: SignedUrlEvent): void {
  console.warn(`[signed-url] ${event.event}: ${event.detail}`);
}
