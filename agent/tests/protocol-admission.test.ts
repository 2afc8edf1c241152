/** @jest-environment node */
import { connect as tcpConnect } from "node:net";
import { busyReason } from "@mockingbird/contract/close-reasons";
import { ofType, startAgent, waitUntil, type ConvaiClient, type Harness } from "./support/agent-harness";

/**
 * Admission: a socket's call is admitted only when it starts (its
 * conversation_initiation_client_data arrives). Sockets that have not started are bounded on
 * their own, per client network, and closed promptly; a socket that does not answer its close
 * is cut off.
 */

const init = { type: "conversation_initiation_client_data", conversation_config_override: { agent: {}, tts: {}, conversation: {} } };
/** Behind the deploy's nginx (docs/deploy/nginx.conf), which sets X-Real-IP to the visitor's address. */
const from = (address: string) => ({ "x-real-ip": address });
const attackers = ["198.51.100.11", "198.51.100.12", "198.51.100.13", "198.51.100.14"];
const visitor = "203.0.113.5";

describe("sockets that never start their call", () => {
  let agent: Harness;
  beforeAll(async () => {
    agent = await startAgent({ settings: { maxConcurrentCalls: 20, trustProxyHeader: "x-real-ip" }, timings: { handshakeTimeoutMs: 1_500 } });
  });
  afterAll(() => agent.close());

  it("do not cost a visitor their call: 20 signed URLs opened from four addresses in one /24 and never initiated", async () => {
    const idle: ConvaiClient[] = [];
    for (let i = 0; i < 20; i += 1) idle.push(agent.connect(await agent.signedUrl(), ["convai"], undefined, from(attackers[i % attackers.length]!)));
    await Promise.all(idle.map((client) => client.opened.catch(() => undefined)));
    await new Promise((resolve) => setTimeout(resolve, 50));

    const call = agent.connect(await agent.signedUrl(), ["convai"], undefined, from(visitor));
    await call.opened;
    call.send(init);
    await call.waitFor(ofType("conversation_initiation_metadata"), "the visitor's call");
    expect(agent.server.activeCalls).toBe(1);
    call.close();
    for (const client of idle) client.close();
    await waitUntil(() => agent.server.activeCalls === 0, "every line free");
  });

  it("holds at most four waiting sockets per /24 and refuses the rest with 1013 and a reason", async () => {
    const clients: ConvaiClient[] = [];
    for (const address of attackers.flatMap((address) => [address, address])) clients.push(agent.connect(await agent.signedUrl(), ["convai"], undefined, from(address)));
    const refused = await Promise.all(clients.slice(4).map((client) => client.closed));
    expect(refused).toEqual(Array.from({ length: 4 }, () => ({ code: 1013, reason: "Too many calls are starting from your network. Please try again in a minute." })));
    for (const client of clients) client.close();
  });

  it("closes a waiting socket at the handshake timeout, freeing its place for its network", async () => {
    const started = Date.now();
    const waiting = agent.connect(await agent.signedUrl(), ["convai"], undefined, from(attackers[0]!));
    expect(await waiting.closed).toEqual({ code: 1008, reason: "No conversation_initiation_client_data received in time." });
    expect(Date.now() - started).toBeLessThan(3_000);
    const next = agent.connect(await agent.signedUrl(), ["convai"], undefined, from(attackers[0]!));
    await next.opened;
    next.send(init);
    await next.waitFor(ofType("conversation_initiation_metadata"), "a call from the same network");
    next.close();
    await waitUntil(() => agent.server.activeCalls === 0, "every line free");
  });

  it("lets this machine's own clients (tests, benches, the site in development) open many at once", async () => {
    const clients: ConvaiClient[] = [];
    for (let i = 0; i < 8; i += 1) clients.push(agent.connect(await agent.signedUrl()));
    await Promise.all(clients.map((client) => client.opened));
    for (const client of clients) client.send(init);
    await Promise.all(clients.map((client) => client.waitFor(ofType("conversation_initiation_metadata"), "metadata")));
    for (const client of clients) client.close();
    await waitUntil(() => agent.server.activeCalls === 0, "every line free");
  });

  it("cuts off a socket that does not answer its close, within two seconds", async () => {
    const url = new URL(await agent.signedUrl());
    const socket = tcpConnect({ host: url.hostname, port: Number(url.port) });
    socket.on("error", () => undefined);
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(
      `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: convai\r\n\r\n`,
    );
    // Never answers anything: not the init, not the server's close frame.
    const opened = Date.now();
    socket.resume();
    await new Promise((resolve) => socket.once("close", resolve));
    expect(Date.now() - opened).toBeLessThan(1_500 + 2_000 + 500);
  }, 10_000);
});

describe("admission by capacity", () => {
  it("are taken when the call starts: a call over the limit is refused at its initiation with 1013", async () => {
    const agent = await startAgent({ settings: { maxConcurrentCalls: 1 } });
    try {
      const waiting = agent.connect(await agent.signedUrl());
      await waiting.opened;
      const first = await agent.startCall();
      waiting.send(init);
      expect(await waiting.closed).toEqual({ code: 1013, reason: busyReason });
      first.close();
    } finally {
      await agent.close();
    }
  });
});
