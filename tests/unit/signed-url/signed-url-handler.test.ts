/** @jest-environment node */
import { corsAllowedHeaders } from "@/lib/signed-url/cors";
import { signedUrlMessages } from "@/lib/signed-url/messages";
import { signedUrlFor } from "@mockingbird/testkit/fakes/voice-upstream";
import {
  anonKey,
  callRequest,
  type CallOptions,
  elevenLabsEnv,
  elevenLabsKey,
  errorOf,
  freshVoiceUpstream,
  handlerFor,
  scenarioBody,
  siteUrl,
} from "./support/signed-url-requests";

const upstream = freshVoiceUpstream();

describe("a signed URL from ElevenLabs", () => {
  it("answers 200 with { signedUrl } holding the URL ElevenLabs returned", async () => {
    const { handle } = handlerFor(elevenLabsEnv(upstream.baseUrl));

    const response = await handle(callRequest());

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ signedUrl: signedUrlFor("agent_default") });
  });

  it("asks ElevenLabs with the xi-api-key header and the default agent when the body names no scenario", async () => {
    const { handle } = handlerFor(elevenLabsEnv(upstream.baseUrl));

    await handle(callRequest());

    expect(upstream.received).toEqual([
      { path: "/v1/convai/conversation/get-signed-url", agentId: "agent_default", apiKey: elevenLabsKey },
    ]);
  });

  it("picks the agent a scenario maps to in ELEVENLABS_AGENT_IDS", async () => {
    const { handle } = handlerFor(elevenLabsEnv(upstream.baseUrl, { ELEVENLABS_AGENT_IDS: '{"ceo-urgent-wire":"agent_ceo"}' }));

    const response = await handle(callRequest({ body: scenarioBody("ceo-urgent-wire") }));

    expect(await response.json()).toEqual({ signedUrl: signedUrlFor("agent_ceo") });
  });

  it("falls back to ELEVENLABS_AGENT_ID for a known scenario the map leaves out", async () => {
    const { handle } = handlerFor(elevenLabsEnv(upstream.baseUrl, { ELEVENLABS_AGENT_IDS: '{"ceo-urgent-wire":"agent_ceo"}' }));

    await handle(callRequest({ body: scenarioBody("hr-payroll-update") }));

    expect(upstream.received[0]?.agentId).toBe("agent_default");
  });

  it("marks the answer Cache-Control: no-store and JSON", async () => {
    const { handle } = handlerFor(elevenLabsEnv(upstream.baseUrl));

    const response = await handle(callRequest());

    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  });
});

describe("a signed URL from the local voice agent", () => {
  const localAgentEnv = (baseUrl: string, extra: Record<string, string> = {}) => ({
    LOCAL_AGENT_URL: baseUrl,
    SIGNED_URL_LIMIT_PER_MINUTE: "1000",
    ...extra,
  });

  it("asks the local agent when no ElevenLabs key is set, using the scenario id as agent id", async () => {
    const { handle } = handlerFor(localAgentEnv(upstream.baseUrl));

    const response = await handle(callRequest({ body: scenarioBody("hr-payroll-update") }));

    expect(await response.json()).toEqual({ signedUrl: signedUrlFor("hr-payroll-update") });
  });

  it("asks for the default scenario when the body names none", async () => {
    const { handle } = handlerFor(localAgentEnv(upstream.baseUrl));

    await handle(callRequest());

    expect(upstream.received[0]?.agentId).toBe("it-helpdesk-mfa-reset");
  });

  it("sends LOCAL_AGENT_API_KEY as xi-api-key, defaulting to the agent's documented development key", async () => {
    await handlerFor(localAgentEnv(upstream.baseUrl, { LOCAL_AGENT_API_KEY: "local-agent-key" })).handle(callRequest());
    await handlerFor(localAgentEnv(upstream.baseUrl)).handle(callRequest());

    expect(upstream.received.map(({ apiKey }) => apiKey)).toEqual(["local-agent-key", "mockingbird-local-agent-key"]);
  });
});

describe("the anon key", () => {
  it("refuses a request without the anon key with 401", async () => {
    const { handle } = handlerFor(elevenLabsEnv(upstream.baseUrl));

    const response = await handle(callRequest({ key: null }));

    expect(response.status).toBe(401);
    expect(await errorOf(response)).toBe(signedUrlMessages.missingOrWrongKey);
    expect(upstream.received).toHaveLength(0);
  });

  it.each<[string, CallOptions, number]>([
    ["refuses a wrong anon key with 401", { key: "another-projects-anon-key-000000" }, 401],
    ["refuses a wrong apikey header even when the bearer token is right", { key: null, headers: { apikey: "wrong", authorization: `Bearer ${anonKey}` } }, 401],
    ["accepts the anon key in the apikey header alone", { key: null, headers: { apikey: anonKey } }, 200],
    ["accepts the anon key as an Authorization Bearer token alone", { key: null, headers: { authorization: `Bearer ${anonKey}` } }, 200],
    ["refuses the anon key under an Authorization scheme other than Bearer with 401", { key: null, headers: { authorization: `Basic ${anonKey}` } }, 401],
  ])("%s", async (_behaviour, request, status) => {
    const { handle } = handlerFor(elevenLabsEnv(upstream.baseUrl));

    expect((await handle(callRequest(request))).status).toBe(status);
  });
});

describe("the origin allow-list", () => {
  it("refuses an origin outside the allow-list with 403 and no CORS headers", async () => {
    const { handle } = handlerFor(elevenLabsEnv(upstream.baseUrl));

    const response = await handle(callRequest({ origin: "https://phishing.example" }));

    expect(response.status).toBe(403);
    expect(await errorOf(response)).toBe(signedUrlMessages.originNotAllowed);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    expect(upstream.received).toHaveLength(0);
  });

  it("refuses a request without an Origin header with 403", async () => {
    const { handle } = handlerFor(elevenLabsEnv(upstream.baseUrl));

    const response = await handle(callRequest({ origin: null }));

    expect(response.status).toBe(403);
  });

  it("allows the site's origin and localhost or 127.0.0.1 on any port by default", async () => {
    const { handle } = handlerFor(elevenLabsEnv(upstream.baseUrl));

    const statuses = await Promise.all(
      [siteUrl, "http://localhost:3000", "http://127.0.0.1:49152"].map(async (origin) => (await handle(callRequest({ origin }))).status),
    );

    expect(statuses).toEqual([200, 200, 200]);
  });

  it("replaces the default list with ALLOWED_ORIGINS", async () => {
    const { handle } = handlerFor(elevenLabsEnv(upstream.baseUrl, { ALLOWED_ORIGINS: "https://static.mockingbird.test" }));

    const fromListed = await handle(callRequest({ origin: "https://static.mockingbird.test" }));
    const fromLocalhost = await handle(callRequest({ origin: "http://localhost:3000" }));

    expect([fromListed.status, fromLocalhost.status]).toEqual([200, 403]);
  });
});

describe("the request body", () => {
  const refusal = async (body: string) => {
    const { handle } = handlerFor(elevenLabsEnv(upstream.baseUrl));
    const response = await handle(callRequest({ body }));
    return { status: response.status, error: await errorOf(response) };
  };

  it("treats an empty body as the default scenario", async () => {
    const { handle } = handlerFor(elevenLabsEnv(upstream.baseUrl));

    const response = await handle(callRequest({ body: "" }));

    expect(response.status).toBe(200);
  });

  it.each([
    ["refuses a body that is not JSON with 400", "scenario=ceo-urgent-wire", signedUrlMessages.bodyNotJson],
    ["refuses JSON that is not an object with 400", '["ceo-urgent-wire"]', signedUrlMessages.bodyNotObject],
    ["refuses a scenario that is not a string with 400", '{"scenario":3}', signedUrlMessages.scenarioNotString],
    ["refuses a field other than scenario with 400", '{"scenario":"ceo-urgent-wire","agent_id":"agent_x"}', 'Unknown field "agent_id": only "scenario" is accepted.'],
  ])("%s", async (_behaviour, body, error) => {
    expect(await refusal(body)).toEqual({ status: 400, error });
  });

  it("refuses a scenario id that content/call/scenarios.ts does not list with 400", async () => {
    const { status, error } = await refusal(scenarioBody("bank-fraud-callback"));

    expect(status).toBe(400);
    expect(error).toBe("Unknown scenario. Choose one of: it-helpdesk-mfa-reset, ceo-urgent-wire, hr-payroll-update.");
  });

  it("refuses a body over 1 KiB with 400, however it is sent", async () => {
    const padded = JSON.stringify({ scenario: "ceo-urgent-wire", padding: "x".repeat(2048) });
    const { handle } = handlerFor(elevenLabsEnv(upstream.baseUrl));
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(padded));
        controller.close();
      },
    });
    const streamed = new Request("http://localhost/functions/v1/elevenlabs-auth", {
      method: "POST",
      headers: { origin: siteUrl, apikey: anonKey },
      body: chunked,
      duplex: "half",
    } as RequestInit);

    expect(await refusal(padded)).toEqual({ status: 400, error: signedUrlMessages.bodyTooLarge });
    expect(await errorOf(await handle(streamed))).toBe(signedUrlMessages.bodyTooLarge);
  });

  it("refuses a body that is not UTF-8 with 400", async () => {
    const { handle } = handlerFor(elevenLabsEnv(upstream.baseUrl));
    const request = new Request("http://localhost/functions/v1/elevenlabs-auth", {
      method: "POST",
      headers: { origin: siteUrl, apikey: anonKey },
      body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
    });

    expect((await handle(request)).status).toBe(400);
  });

  it("does not count a refused body against the client's limit", async () => {
    const { handle } = handlerFor(elevenLabsEnv(upstream.baseUrl, { SIGNED_URL_LIMIT_PER_MINUTE: "1" }));

    await handle(callRequest({ body: "not json" }));
    const response = await handle(callRequest());

    expect(response.status).toBe(200);
  });
});

describe("methods", () => {
  it("answers 405 with Allow: POST, OPTIONS for any other method", async () => {
    const { handle } = handlerFor(elevenLabsEnv(upstream.baseUrl));

    const responses = await Promise.all(["GET", "PUT", "DELETE"].map((method) => handle(callRequest({ method }))));

    expect(responses.map(({ status }) => status)).toEqual([405, 405, 405]);
    expect(responses[0]?.headers.get("allow")).toBe("POST, OPTIONS");
    expect(await errorOf(responses[0] as Response)).toBe(signedUrlMessages.methodNotAllowed);
  });
});

describe("CORS", () => {
  const preflight = (origin: string) =>
    new Request("http://localhost/functions/v1/elevenlabs-auth", {
      method: "OPTIONS",
      headers: {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, x-client-info, apikey, content-type",
      },
    });

  it("answers a preflight from an allowed origin with 204 and the headers supabase-js needs", async () => {
    const { handle } = handlerFor(elevenLabsEnv(upstream.baseUrl));

    const response = await handle(preflight("http://localhost:3000"));

    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("http://localhost:3000");
    expect(response.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
    expect(corsAllowedHeaders.split(", ")).toEqual(expect.arrayContaining(["authorization", "x-client-info", "apikey", "content-type"]));
    expect(response.headers.get("access-control-allow-headers")).toBe(corsAllowedHeaders);
    expect(response.headers.get("vary")).toBe("Origin");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("refuses a preflight from an origin outside the allow-list with 403", async () => {
    const { handle } = handlerFor(elevenLabsEnv(upstream.baseUrl));

    const response = await handle(preflight("https://phishing.example"));

    expect(response.status).toBe(403);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("echoes the allowed origin on an error too, so the widget can read the message", async () => {
    const { handle } = handlerFor(elevenLabsEnv(upstream.baseUrl));

    const response = await handle(callRequest({ origin: "http://localhost:3000", key: "wrong-key-but-allowed-origin" }));

    expect(response.status).toBe(401);
    expect(response.headers.get("access-control-allow-origin")).toBe("http://localhost:3000");
  });
});
