/** @jest-environment node */
import fc from "fast-check";
import { createSignatureAuthority } from "../src/server/signatures";
import { defaultAgentId, startAgent, testSigningSecret, type Harness } from "./support/agent-harness";

/** Nothing but a signature the server minted, for that agent, opens a call. */

const authority = () => createSignatureAuthority({ secret: testSigningSecret });

describe("signature verification", () => {
  it("rejects arbitrary strings", () => {
    const signatures = authority();
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 40 }), (signature, agentId) => {
        expect(signatures.verify(agentId, signature).ok).toBe(false);
      }),
      { numRuns: 2_000 },
    );
  });

  it("rejects a minted signature with any one character changed", () => {
    const signatures = authority();
    const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.";
    fc.assert(
      fc.property(fc.nat(), fc.constantFrom(...alphabet), (position, replacement) => {
        const signature = signatures.issue(defaultAgentId);
        const at = position % signature.length;
        fc.pre(signature[at] !== replacement);
        const tampered = signature.slice(0, at) + replacement + signature.slice(at + 1);
        expect(signatures.verify(defaultAgentId, tampered).ok).toBe(false);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe("the websocket under arbitrary agent_id and conversation_signature", () => {
  let agent: Harness;
  beforeAll(async () => {
    agent = await startAgent();
  });
  afterAll(() => agent.close());

  it("refuses them with 1008 and a reason, and keeps answering /health", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60 }), fc.string({ maxLength: 120 }), async (agentId, signature) => {
        const query = new URLSearchParams({ agent_id: agentId, conversation_signature: signature, source: "js_sdk" });
        const client = agent.connect(`${agent.wsUrl}/v1/convai/conversation?${query.toString()}`);
        const closed = await client.closed;
        expect(closed.code).toBe(1008);
        expect(closed.reason).not.toBe("");
      }),
      { numRuns: 60 },
    );
    expect((await fetch(`${agent.httpUrl}/health`)).status).toBe(200);
  });
});
