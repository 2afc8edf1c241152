/** @jest-environment node */
import { openingLine } from "../src/caller";
import { defaultAgentId, startAgent, testApiKey, type Harness } from "./support/agent-harness";

const signedUrlPath = "/v1/convai/conversation/get-signed-url";

let agent: Harness;
beforeAll(async () => {
  agent = await startAgent();
});
afterAll(() => agent.close());

function get(path: string, headers: Record<string, string> = {}) {
  return fetch(`${agent.httpUrl}${path}`, { headers });
}

describe("GET /v1/convai/conversation/get-signed-url", () => {
  const withKey = { "xi-api-key": testApiKey };

  it("answers a known agent with a ws:// signed_url to the conversation endpoint carrying agent_id and conversation_signature", async () => {
    const response = await get(`${signedUrlPath}?agent_id=${defaultAgentId}`, withKey);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { signed_url: string };
    const url = new URL(body.signed_url);
    expect(`${url.protocol}//${url.host}`).toBe(agent.wsUrl);
    expect(url.pathname).toBe("/v1/convai/conversation");
    expect(url.searchParams.get("agent_id")).toBe(defaultAgentId);
    expect(url.searchParams.get("conversation_signature")).toMatch(/^[0-9a-z]+\.[\w-]+\.[\w-]+$/);
  });

  it("mints a different signature for every request", async () => {
    const urls = await Promise.all([agent.signedUrl(), agent.signedUrl()]);
    expect(urls[0]).not.toBe(urls[1]);
  });

  it.each<[string, string, Record<string, string>, number, unknown]>([
    ["refuses a request without xi-api-key with 401 and ElevenLabs' {detail:{message}} body", `?agent_id=${defaultAgentId}`, {}, 401, { detail: { status: "needs_authorization", message: expect.any(String) } }],
    ["refuses a wrong xi-api-key with 401", `?agent_id=${defaultAgentId}`, { "xi-api-key": "wrong-key" }, 401, { detail: { status: "invalid_api_key", message: "Invalid API key." } }],
    ["answers an unknown agent with 404", "?agent_id=agent_nope", withKey, 404, { detail: { status: "agent_not_found", message: expect.stringContaining("agent_nope") } }],
    ["answers a missing agent_id with 422, as ElevenLabs' validation errors", "", withKey, 422, expect.anything()],
  ])("%s", async (_behaviour, query, headers, status, body) => {
    const response = await get(`${signedUrlPath}${query}`, headers);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual(body);
  });

  it("answers other methods with 405 and an Allow header", async () => {
    const response = await fetch(`${agent.httpUrl}${signedUrlPath}?agent_id=${defaultAgentId}`, { method: "POST", headers: withKey });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
  });
});

describe("GET /v1/convai/agents/{agent_id}/widget (what ElevenLabs' widget fetches)", () => {
  it("answers a known agent with { agent_id, widget_config }: its playbook's opening as first message, typed and voice, no rating sent elsewhere, readable from any page", async () => {
    const response = await fetch(`${agent.httpUrl}/v1/convai/agents/it-helpdesk-mfa-reset/widget?conversation_signature=anything`);
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const body = (await response.json()) as { agent_id: string; widget_config: Record<string, unknown> };
    expect(body.agent_id).toBe("it-helpdesk-mfa-reset");
    expect(body.widget_config).toMatchObject({ first_message: openingLine("it-helpdesk-mfa-reset"), supports_text_only: true, text_input_enabled: true, transcript_enabled: true, feedback_mode: "none", use_rtc: false });
  });

  it("answers an unknown agent with 404", async () => {
    expect((await fetch(`${agent.httpUrl}/v1/convai/agents/nobody/widget`)).status).toBe(404);
  });
});

describe("other endpoints", () => {
  it("reports health: status, calls in progress, their limit and what sets it, speech status", async () => {
    const response = await get("/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "ok",
      calls: { active: 0, limit: 5, limitedBy: "maximum" },
      speech: { recognition: "available", synthesis: "available" },
    });
  });

  it("accepts conversation feedback with 204", async () => {
    const response = await fetch(`${agent.httpUrl}/v1/convai/conversations/conv_123/feedback`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ feedback: "like" }),
    });
    expect(response.status).toBe(204);
  });

  it("answers unknown paths with 404 JSON", async () => {
    const response = await get("/v1/nothing-here");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ detail: { status: "not_found", message: "Not found." } });
  });

  it("answers a plain GET on the websocket path with 426 Upgrade Required", async () => {
    const response = await get("/v1/convai/conversation");
    expect(response.status).toBe(426);
  });
});
