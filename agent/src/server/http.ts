import { timingSafeEqual, createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { developmentApiKey } from "./settings";
import type { Logger } from "../log";
import type { SpeechStatus } from "../speech";
import type { AgentWidgetConfig } from "./widget-config";

/**
 * The REST side: the signed-URL endpoint ElevenLabs' backend API has (docs/protocol.md §1.2,
 * §4.4), the conversation feedback endpoint the SDK posts to, and /health. Errors use
 * ElevenLabs' shape, `{ detail: { status, message } }`, which is what the SDK and the
 * site's signed-URL handler read.
 */

export const conversationPath = "/v1/convai/conversation";
const signedUrlPaths = new Set(["/v1/convai/conversation/get-signed-url", "/v1/convai/conversation/get_signed_url"]);
const feedbackPath = /^\/v1\/convai\/conversations\/[A-Za-z0-9_-]{1,128}\/feedback$/;
const widgetPath = /^\/v1\/convai\/agents\/([A-Za-z0-9_-]{1,128})\/widget$/;
/** The largest feedback body read (agent/README.md states it). */
export const maxFeedbackBytes = 16 * 1024;
const defaultKeyMessage =
  "The agent runs with its documented default key, which works only for requests from the agent's own machine. Set LOCAL_AGENT_API_KEY to a secret of your own on the agent and the site.";

export type RestContext = {
  readonly apiKey: string;
  /** Whether a request comes straight from this machine (peer.ts): the only place the documented default key works. */
  readonly isLocalRequest: (request: IncomingMessage) => boolean;
  readonly scenarioIds: readonly string[];
  readonly log: Logger;
  /** Mints the websocket URL for an agent (a fresh signature each time). */
  signedUrlFor(agentId: string): string;
  /** The configuration ElevenLabs' widget fetches for an agent (widget-config.ts). */
  widgetConfigFor(agentId: string): AgentWidgetConfig;
  health(): { readonly shuttingDown: boolean; readonly calls: { readonly active: number; readonly limit: number; readonly limitedBy: string }; readonly speech: SpeechStatus };
};

export function handleRest(context: RestContext, request: IncomingMessage, response: ServerResponse): void {
  const url = parseRequestUrl(request.url);
  const method = request.method ?? "GET";
  if (!url) {
    sendJson(response, 400, problem("invalid_request", "The request URL is not valid."));
    return;
  }
  const path = url.pathname;

  if (signedUrlPaths.has(path)) {
    if (!allow(response, method, ["GET"])) return;
    signedUrl(context, request, url, response);
    return;
  }
  if (path === "/health") {
    if (!allow(response, method, ["GET", "HEAD"])) return;
    const health = context.health();
    const body = { status: health.shuttingDown ? "shutting-down" : "ok", calls: health.calls, speech: health.speech };
    sendJson(response, health.shuttingDown ? 503 : 200, body, method === "HEAD");
    return;
  }
  if (feedbackPath.test(path)) {
    // The SDK posts this from the browser (docs/protocol.md §4.4), cross-origin when the agent runs on its own port.
    response.setHeader("Access-Control-Allow-Origin", "*");
    if (method === "OPTIONS") {
      response.writeHead(204, { "Access-Control-Allow-Methods": "POST, OPTIONS", "Access-Control-Allow-Headers": "content-type", "Access-Control-Max-Age": "600" });
      response.end();
      return;
    }
    if (!allow(response, method, ["POST", "OPTIONS"])) return;
    acceptFeedback(context, request, response);
    return;
  }
  const widget = widgetPath.exec(path);
  if (widget) {
    // ElevenLabs' widget fetches it from the page, on any origin; it holds nothing secret. A
    // conversation_signature in the query is neither needed nor read (nor logged).
    response.setHeader("Access-Control-Allow-Origin", "*");
    if (!allow(response, method, ["GET", "HEAD"])) return;
    const agentId = widget[1] ?? "";
    if (!context.scenarioIds.includes(agentId)) {
      sendJson(response, 404, problem("agent_not_found", `No agent with id ${JSON.stringify(agentId)}.`));
      return;
    }
    sendJson(response, 200, context.widgetConfigFor(agentId), method === "HEAD");
    return;
  }
  if (path === conversationPath) {
    sendJson(response, 426, problem("upgrade_required", "This endpoint is a websocket (subprotocol convai)."), false, { Upgrade: "websocket" });
    return;
  }
  sendJson(response, 404, problem("not_found", "Not found."));
}

function signedUrl(context: RestContext, request: IncomingMessage, url: URL, response: ServerResponse): void {
  // The default key is printed in the README: it mints nothing for a request from elsewhere, whatever the bind address.
  if (context.apiKey === developmentApiKey && !context.isLocalRequest(request)) {
    context.log.warn("signed URL refused: the default development key, from another machine");
    sendJson(response, 403, problem("default_api_key", defaultKeyMessage));
    return;
  }
  const given = request.headers["xi-api-key"];
  if (typeof given !== "string" || given === "") {
    sendJson(response, 401, problem("needs_authorization", "Missing xi-api-key header."));
    return;
  }
  if (!sameSecret(given, context.apiKey)) {
    context.log.warn("signed URL refused: wrong API key");
    sendJson(response, 401, problem("invalid_api_key", "Invalid API key."));
    return;
  }
  const agentId = url.searchParams.get("agent_id");
  if (agentId === null || agentId === "") {
    sendJson(response, 422, problem("invalid_request", "Query parameter agent_id is required."));
    return;
  }
  if (!context.scenarioIds.includes(agentId)) {
    sendJson(response, 404, problem("agent_not_found", `No agent with id ${JSON.stringify(agentId.slice(0, 100))}. Known agents: ${context.scenarioIds.join(", ")}.`));
    return;
  }
  sendJson(response, 200, { signed_url: context.signedUrlFor(agentId) });
}

function acceptFeedback(context: RestContext, request: IncomingMessage, response: ServerResponse): void {
  let received = 0;
  let answered = false;
  const answer = (status: number, body?: unknown): void => {
    if (answered) return;
    answered = true;
    if (body === undefined) {
      response.writeHead(status, { "Cache-Control": "no-store" });
      response.end();
    } else sendJson(response, status, body);
  };
  request.on("data", (chunk: Buffer) => {
    received += chunk.length;
    if (received > maxFeedbackBytes) {
      answer(413, problem("payload_too_large", "Feedback is limited to 16 KiB."));
      request.destroy();
    }
  });
  request.on("end", () => {
    context.log.debug({ bytes: received }, "conversation feedback accepted");
    answer(204);
  });
  request.on("error", () => answer(400, problem("invalid_request", "The request body could not be read.")));
}

function allow(response: ServerResponse, method: string, methods: readonly string[]): boolean {
  if (methods.includes(method)) return true;
  sendJson(response, 405, problem("method_not_allowed", `Use ${methods.join(" or ")}.`), false, { Allow: methods.join(", ") });
  return false;
}

export function problem(status: string, message: string) {
  return { detail: { status, message } };
}

function sendJson(response: ServerResponse, status: number, body: unknown, headOnly = false, headers: Record<string, string> = {}): void {
  if (response.headersSent) return;
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    "Cache-Control": "no-store",
    ...headers,
  });
  response.end(headOnly ? undefined : text);
}

export function parseRequestUrl(raw: string | undefined): URL | null {
  if (raw === undefined || !raw.startsWith("/")) return null;
  try {
    return new URL(raw, "http://agent.invalid");
  } catch {
    return null;
  }
}

/** Constant-time comparison of secrets of any length (hashing first equalises the lengths). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
