/** @jest-environment node */
import type { IncomingMessage, ServerResponse } from "node:http";
import { loadConfig } from "../src/config";
import { developmentApiKey } from "../src/server";
import { handleRest, type RestContext } from "../src/server/http";
import { clientAddress, isLocalRequest, networkOf } from "../src/server/peer";
import { defaultAgentId, startAgent, type Harness } from "./support/agent-harness";
import { capturingLogger } from "./support/capturing-logger";

/**
 * The documented default key (mockingbird-local-agent-key) is in the README: it may mint signed
 * URLs only for a request made on the agent's own machine, straight to it, and the agent will not
 * start with it on an address other machines reach.
 */

const signedUrlPath = `/v1/convai/conversation/get-signed-url?agent_id=${defaultAgentId}`;
const withDefaultKey = { "xi-api-key": developmentApiKey };
const refusal = expect.objectContaining({ detail: { status: "default_api_key", message: expect.stringContaining("Set LOCAL_AGENT_API_KEY") } });

describe("the default key on the signed-URL endpoint", () => {
  let agent: Harness;
  beforeAll(async () => {
    agent = await startAgent({ settings: { apiKey: developmentApiKey } });
  });
  afterAll(() => agent.close());

  it("mints a signed URL for a request from this machine", async () => {
    const response = await fetch(`${agent.httpUrl}${signedUrlPath}`, { headers: withDefaultKey });
    expect(response.status).toBe(200);
  });

  it.each(["x-forwarded-for", "x-real-ip", "forwarded"])("refuses a request a proxy passed on (%s) with 403, saying to set LOCAL_AGENT_API_KEY", async (header) => {
    const response = await fetch(`${agent.httpUrl}${signedUrlPath}`, { headers: { ...withDefaultKey, [header]: header === "forwarded" ? "for=203.0.113.9" : "203.0.113.9" } });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(refusal);
  });

  it("refuses a request from a non-loopback peer with the default key with 403, saying to set LOCAL_AGENT_API_KEY", () => {
    const { status, body } = restRequest({ apiKey: developmentApiKey }, "198.51.100.7", withDefaultKey);
    expect(status).toBe(403);
    expect(JSON.parse(body)).toEqual(refusal);
  });

  it("mints for a non-loopback peer once the agent has a key of its own", () => {
    expect(restRequest({ apiKey: "a-secret-of-our-own" }, "198.51.100.7", { "xi-api-key": "a-secret-of-our-own" }).status).toBe(200);
  });
});

describe("the default key at start-up", () => {
  it.each(["0.0.0.0", "::", "192.0.2.10"])("refuses to start on %s with the default key, naming LOCAL_AGENT_API_KEY", (host) => {
    expect(() => loadConfig({ AGENT_HOST: host })).toThrow(/- LOCAL_AGENT_API_KEY: must be set to a secret of your own .* when AGENT_HOST .* is not a loopback address/);
    expect(() => loadConfig({ AGENT_HOST: host, LOCAL_AGENT_API_KEY: developmentApiKey })).toThrow(/LOCAL_AGENT_API_KEY/);
  });

  it.each(["127.0.0.1", "::1", "localhost", "127.0.0.2"])("starts on %s with the default key", (host) => {
    expect(loadConfig({ AGENT_HOST: host }).server.apiKey).toBe(developmentApiKey);
  });

  it("starts beyond loopback with a key of its own", () => {
    expect(loadConfig({ AGENT_HOST: "0.0.0.0", LOCAL_AGENT_API_KEY: "a-secret-of-our-own" }).server.host).toBe("0.0.0.0");
  });
});

describe("who is asking", () => {
  const request = (remoteAddress: string, headers: Record<string, string> = {}) => ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;

  it("counts loopback peers as this machine, IPv4-mapped ones included, unless a proxy's header is present", () => {
    expect(["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"].map((address) => isLocalRequest(request(address)))).toEqual([true, true, true, true]);
    expect(["198.51.100.7", "::ffff:198.51.100.7", "2001:db8::1", "10.0.0.1"].map((address) => isLocalRequest(request(address)))).toEqual([false, false, false, false]);
    expect(isLocalRequest(request("127.0.0.1", { "x-forwarded-for": "203.0.113.9" }))).toBe(false);
  });

  it("reads the visitor's address from the trusted proxy header only, and groups addresses by /24 and /56", () => {
    expect(clientAddress(request("127.0.0.1", { "x-real-ip": "203.0.113.9" }), undefined)).toBe("127.0.0.1");
    expect(clientAddress(request("127.0.0.1", { "x-real-ip": "203.0.113.9" }), "x-real-ip")).toBe("203.0.113.9");
    expect(clientAddress(request("127.0.0.1", { "x-forwarded-for": "1.2.3.4, 203.0.113.9" }), "x-forwarded-for")).toBe("203.0.113.9");
    expect(clientAddress(request("127.0.0.1", { "x-real-ip": "not an address" }), "x-real-ip")).toBe("127.0.0.1");
    expect(networkOf("203.0.113.9")).toBe("203.0.113.0/24");
    expect(networkOf("::ffff:203.0.113.9")).toBe("203.0.113.0/24");
    expect(networkOf("2001:db8:1:2::5")).toBe(networkOf("2001:db8:1:ff::9"));
    expect(networkOf("2001:db8:1:2::5")).not.toBe(networkOf("2001:db8:1:102::5"));
  });
});

/** The REST handler answering one request from `remoteAddress`, without a socket. */
function restRequest(context: Pick<RestContext, "apiKey">, remoteAddress: string, headers: Record<string, string>) {
  const answer = { status: 0, body: "" };
  const request = { url: signedUrlPath, method: "GET", headers, socket: { remoteAddress } } as unknown as IncomingMessage;
  const response = {
    headersSent: false,
    setHeader: () => undefined,
    writeHead(status: number) {
      answer.status = status;
      return this;
    },
    end(body?: string) {
      answer.body = body ?? "";
    },
  } as unknown as ServerResponse;
  const full: RestContext = {
    ...context,
    isLocalRequest,
    scenarioIds: [defaultAgentId],
    log: capturingLogger().log,
    signedUrlFor: () => "ws://agent.test/v1/convai/conversation",
    widgetConfigFor: () => {
      throw new Error("not asked");
    },
    health: () => ({ shuttingDown: false, calls: { active: 0, limit: 1, limitedBy: "maximum" }, speech: { recognition: "available", synthesis: "available" } }),
  };
  handleRest(full, request, response);
  return answer;
}
