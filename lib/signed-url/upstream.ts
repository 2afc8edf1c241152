import { defaultScenarioId, type ScenarioId } from "@mockingbird/contract/scenarios";

/**
 * Where signed URLs come from. Both upstreams serve ElevenLabs' REST endpoint
 * `GET /v1/convai/conversation/get-signed-url?agent_id=` with an `xi-api-key` header, so
 * one request path serves both; they differ only in how a scenario names an agent.
 */
export type Upstream =
  | {
      readonly kind: "elevenlabs";
      readonly baseUrl: string;
      readonly apiKey: string;
      readonly defaultAgentId: string;
      readonly agentIdsByScenario: Readonly<Partial<Record<ScenarioId, string>>>;
    }
  | {
      readonly kind: "local-agent";
      readonly baseUrl: string;
      readonly apiKey: string | undefined;
    };

/** The local agent names its playbooks by scenario id; ElevenLabs agents fall back to the default agent. */
export function agentIdFor(upstream: Upstream, scenario: ScenarioId | undefined): string {
  if (upstream.kind === "local-agent") return scenario ?? defaultScenarioId;
  return (scenario === undefined ? undefined : upstream.agentIdsByScenario[scenario]) ?? upstream.defaultAgentId;
}

export type UpstreamOutcome =
  | { readonly kind: "signed-url"; readonly signedUrl: string }
  | { readonly kind: "unreachable"; readonly cause: string }
  | { readonly kind: "refused"; readonly status: number }
  | { readonly kind: "timed-out" }
  | { readonly kind: "malformed"; readonly cause: string };

export async function requestSignedUrl(
  upstream: Upstream,
  agentId: string,
  timeoutMs: number,
  fetchImpl: typeof fetch = fetch,
): Promise<UpstreamOutcome> {
  const url = `${upstream.baseUrl}/v1/convai/conversation/get-signed-url?agent_id=${encodeURIComponent(agentId)}`;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (upstream.apiKey !== undefined) headers["xi-api-key"] = upstream.apiKey;

  // One deadline for the whole exchange, headers and body alike. A plain timer rather
  // than AbortSignal.timeout: it is cleared as soon as the answer is in, instead of
  // lingering for the full timeout on every request under load.
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  try {
    return await exchange(url, headers, deadline.signal, fetchImpl);
  } finally {
    clearTimeout(timer);
  }
}

async function exchange(url: string, headers: Record<string, string>, signal: AbortSignal, fetchImpl: typeof fetch): Promise<UpstreamOutcome> {
  let response: Response;
  try {
    // fetch would carry xi-api-key along a redirect to any host; the real endpoint never redirects.
    response = await fetchImpl(url, { method: "GET", headers, signal, redirect: "error" });
  } catch (error) {
    return failureOf(error, signal);
  }

  if (!response.ok) {
    // The body may carry the upstream's own diagnostics; nobody downstream reads it.
    await response.body?.cancel().catch(() => undefined);
    return { kind: "refused", status: response.status };
  }

  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    // The connection broke (or the deadline passed) while the body was arriving.
    return failureOf(error, signal);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { kind: "malformed", cause: "invalid JSON" };
  }
  const signedUrl = typeof body === "object" && body !== null ? (body as { signed_url?: unknown }).signed_url : undefined;
  if (typeof signedUrl !== "string") return { kind: "malformed", cause: "no signed_url string" };
  if (!isWebSocketUrl(signedUrl)) return { kind: "malformed", cause: "signed_url is not a ws:// or wss:// URL" };
  return { kind: "signed-url", signedUrl };
}

function failureOf(error: unknown, signal: AbortSignal): UpstreamOutcome {
  if (signal.aborted) return { kind: "timed-out" };
  return { kind: "unreachable", cause: errorName(error) };
}

/** Only the error's class and code: messages can quote URLs and headers. */
function errorName(error: unknown): string {
  if (!(error instanceof Error)) return "unknown error";
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? `${error.name} ${code}` : error.name;
}

/** The browser opens the URL as a websocket; anything else would be a broken or hostile answer. */
function isWebSocketUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const { protocol } = new URL(text);
  return protocol === "wss:" || protocol === "ws:";
}
