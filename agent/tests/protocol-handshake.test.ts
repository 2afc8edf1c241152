/** @jest-environment node */
import { originRefusedReason, signatureRefusalReasons } from "@mockingbird/contract/close-reasons";
import { defaultAgentId, ofType, startAgent, waitUntil, type Harness } from "./support/agent-harness";

const init = { type: "conversation_initiation_client_data", conversation_config_override: { agent: {}, tts: {}, conversation: {} } };

let agent: Harness;
beforeAll(async () => {
  agent = await startAgent({ timings: { handshakeTimeoutMs: 300 } });
});
afterAll(() => agent.close());

describe("websocket handshake", () => {
  it("selects the convai subprotocol the SDK offers", async () => {
    const client = agent.connect(await agent.signedUrl());
    await client.opened;
    expect(client.protocol).toBe("convai");
    client.close();
  });

  it("ignores the query parameters the SDK appends (source, version, environment) and any other", async () => {
    const url = `${await agent.signedUrl()}&source=js_sdk&version=1.25.0&environment=production&scenario=normal`;
    const client = await agent.startCallOn(url);
    client.close();
  });

  it("sends conversation_initiation_metadata as the very first frame, pcm_16000 both ways, with a conversation_id", async () => {
    const client = agent.connect(await agent.signedUrl());
    await client.opened;
    client.send(init);
    await client.waitFor(ofType("conversation_initiation_metadata"), "metadata");
    expect(client.frames[0]).toEqual({
      type: "conversation_initiation_metadata",
      conversation_initiation_metadata_event: {
        conversation_id: expect.stringMatching(/^conv_[0-9a-f]{32}$/),
        agent_output_audio_format: "pcm_16000",
        user_input_audio_format: "pcm_16000",
      },
    });
    client.close();
  });

  it("closes with 1008 and a reason when conversation_initiation_client_data never comes", async () => {
    const client = agent.connect(await agent.signedUrl());
    expect(await client.closed).toEqual({ code: 1008, reason: "No conversation_initiation_client_data received in time." });
    expect(client.frames).toEqual([]);
  });

  it("refuses initiation data it cannot use with 1008 and a reason naming the field", async () => {
    const client = agent.connect(await agent.signedUrl());
    await client.opened;
    client.send({ ...init, conversation_config_override: { agent: { first_message: 42 } } });
    const closed = await client.closed;
    expect(closed.code).toBe(1008);
    expect(closed.reason).toMatch(/^Invalid conversation_initiation_client_data: conversation_config_override\.agent\.first_message/);
    expect(client.frames).toEqual([]);
  });

  it("refuses a language other than English with 1008 and a reason, sending nothing", async () => {
    const client = agent.connect(await agent.signedUrl());
    await client.opened;
    client.send({ ...init, conversation_config_override: { agent: { language: "fr" } } });
    expect(await client.closed).toEqual({ code: 1008, reason: "This agent speaks English only; language 'fr' is not supported." });
    expect(client.frames).toEqual([]);
  });

  it("answers an upgrade on another path with HTTP 404", async () => {
    const client = agent.connect(agent.wsUrl + "/v1/elsewhere");
    await expect(client.opened).rejects.toThrow("HTTP 404");
  });
});

describe("the page's origin", () => {
  // The harness's allow-list is the site's default for https://www.mockingbird.test.
  it("refuses a page the site's allow-list does not name with 1008 and a reason, before any frame, even with a valid signed URL", async () => {
    const client = agent.connect(await agent.signedUrl(), ["convai"], "https://evil.example");
    await client.opened;
    client.send(init);
    expect(await client.closed).toEqual({ code: 1008, reason: originRefusedReason });
    expect(client.frames).toEqual([]);
  });

  it("refuses the opaque origin of a sandboxed frame or a file page", async () => {
    const client = agent.connect(await agent.signedUrl(), ["convai"], "null");
    expect(await client.closed).toEqual({ code: 1008, reason: originRefusedReason });
  });

  it("admits the site's own pages and local development on any port", async () => {
    for (const origin of ["https://www.mockingbird.test", "http://localhost:3000", "http://127.0.0.1:3320"]) {
      const client = agent.connect(await agent.signedUrl(), ["convai"], origin);
      await client.opened;
      client.send(init);
      await client.waitFor(ofType("conversation_initiation_metadata"), `metadata for ${origin}`);
      client.close();
    }
  });

  it("admits a client that sends no Origin (not a browser page): its signed URL gates it", async () => {
    const client = await agent.startCall();
    client.close();
  });

  it("does not spend the signed URL of a refused page", async () => {
    const url = await agent.signedUrl();
    const refused = agent.connect(url, ["convai"], "https://evil.example");
    await refused.closed;
    const client = await agent.startCallOn(url);
    client.close();
  });
});

describe("conversation signatures", () => {
  it("refuses a missing signature with 1008 and a reason", async () => {
    const client = agent.connect(`${agent.wsUrl}/v1/convai/conversation?agent_id=${defaultAgentId}`);
    expect(await client.closed).toEqual({ code: 1008, reason: signatureRefusalReasons.missing });
  });

  it("refuses a signature minted for another agent with 1008", async () => {
    const url = new URL(await agent.signedUrl("ceo-urgent-wire"));
    url.searchParams.set("agent_id", "hr-payroll-update");
    const client = agent.connect(url.toString());
    expect(await client.closed).toEqual({ code: 1008, reason: signatureRefusalReasons.forged });
  });

  it("refuses an unknown agent on the websocket with 1008 and a reason", async () => {
    const url = new URL(await agent.signedUrl());
    url.searchParams.set("agent_id", "agent_nope");
    const client = agent.connect(url.toString());
    expect(await client.closed).toEqual({ code: 1008, reason: "Unknown agent. Please start the call from the website." });
  });

  it("takes a signature again when its first socket closed before the handshake, as the service does", async () => {
    const url = await agent.signedUrl();
    const dropped = agent.connect(url);
    await dropped.opened;
    dropped.close();
    await dropped.closed;
    await waitUntil(() => agent.server.activeCalls === 0, "the dropped socket's call to end");
    const client = await agent.startCallOn(url);
    client.close();
  });

  it("refuses a signature once a call has started on it", async () => {
    const url = await agent.signedUrl();
    const first = await agent.startCallOn(url);
    const second = agent.connect(url);
    expect(await second.closed).toEqual({ code: 1008, reason: signatureRefusalReasons.reused });
    first.close();
  });

  it("refuses a signature after its 15 minutes", async () => {
    let now = Date.now();
    const clocked = await startAgent({ clock: () => now });
    try {
      const url = await clocked.signedUrl();
      now += 15 * 60 * 1000 + 1;
      const client = clocked.connect(url);
      expect(await client.closed).toEqual({ code: 1008, reason: signatureRefusalReasons.expired });
    } finally {
      await clocked.close();
    }
  });
});
