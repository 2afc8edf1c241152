/**
 * Asks the signed-URL service for a call. `functions.invoke('elevenlabs-auth')` is the
 * call supabase-js makes; FunctionsClient is the part of supabase-js that makes it, so
 * the browser loads 1.4 KB instead of the whole client (55 KB gzip) for one request.
 * Loaded on intent, with the voice SDK.
 */
import { FunctionsClient, FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from "@supabase/functions-js";
import { callLiveText } from "@/content/call/live";
import type { ScenarioId } from "@mockingbird/contract/scenarios";

const { errors } = callLiveText;
const FUNCTION_NAME = "elevenlabs-auth";
/** The service itself gives up on the voice provider after 5 s; this covers a dead network. */
const REQUEST_TIMEOUT_MS = 15_000;

/**
 * Carries the message the widget shows, already in the spec's words, and the service's HTTP
 * status (null when no answer came), from which the widget decides whether to retry
 * (lib/call/call-machine.ts).
 */
export class SignedUrlError extends Error {
  override name = "SignedUrlError";
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

export type SignedUrlRequest = {
  /** The Supabase project URL, or the site's own origin where the route handler answers. */
  supabaseUrl: string;
  anonKey: string;
  scenario: ScenarioId;
  signal?: AbortSignal;
};

/** Resolves to a ws:// or wss:// URL; rejects with a SignedUrlError. */
export async function requestSignedUrl({ supabaseUrl, anonKey, scenario, signal }: SignedUrlRequest): Promise<string> {
  const functions = new FunctionsClient(`${supabaseUrl.replace(/\/+$/, "")}/functions/v1`, {
    headers: { Authorization: `Bearer ${anonKey}`, apikey: anonKey },
  });
  const { data, error } = await functions.invoke<unknown>(FUNCTION_NAME, { body: { scenario }, signal, timeout: REQUEST_TIMEOUT_MS });
  if (error) throw new SignedUrlError(errors.signedUrlFailed(await failureReason(error)), statusOf(error));
  const signedUrl = readSignedUrl(data);
  if (!signedUrl) throw new SignedUrlError(errors.noSignedUrl, 200);
  return signedUrl;
}

/** The service's own `{ error }` text when it sent one; otherwise what went wrong on the way. */
async function failureReason(error: unknown): Promise<string> {
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response | undefined;
    try {
      const body = (await response?.json()) as { error?: unknown } | undefined;
      if (typeof body?.error === "string" && body.error.trim() !== "") return body.error.trim();
    } catch {
      // not JSON: fall through to the status
    }
    return response ? `the service answered ${response.status}${response.statusText ? ` ${response.statusText}` : ""}` : error.message;
  }
  // FunctionsClient reports its own timeout as a fetch error wrapping the abort.
  if (isAbort(error) || (error instanceof FunctionsFetchError && isAbort(error.context))) return "the request timed out";
  if (error instanceof FunctionsFetchError) return "the service could not be reached";
  if (error instanceof FunctionsRelayError) return "the service relay failed";
  return error instanceof Error && error.message ? error.message : "unknown error";
}

/** The service's HTTP status; null when it never answered (unreachable, timed out, its relay failed). */
function statusOf(error: unknown): number | null {
  return error instanceof FunctionsHttpError ? ((error.context as Response | undefined)?.status ?? null) : null;
}

function isAbort(error: unknown): boolean {
  return typeof error === "object" && error !== null && ["AbortError", "TimeoutError"].includes(String((error as { name?: unknown }).name));
}

export function readSignedUrl(data: unknown): string | null {
  const value = typeof data === "object" && data !== null ? (data as { signedUrl?: unknown }).signedUrl : undefined;
  if (typeof value !== "string") return null;
  try {
    const url = new URL(value);
    return url.protocol === "wss:" || url.protocol === "ws:" ? value : null;
  } catch {
    return null;
  }
}
