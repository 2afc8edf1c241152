import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { startSiteServer, type SiteServer } from "@mockingbird/testkit/servers/site-server";

/**
 * `npm start` says the site is ready only when demo calls can work: with the local agent
 * as the voice upstream, once the agent answers /health.
 */
let agent: Server;
let agentHealthyAt = Number.POSITIVE_INFINITY;
let site: SiteServer | undefined;

test.beforeAll(async () => {
  // An agent that is still starting for the first 4 seconds.
  const startedAt = Date.now();
  agent = createServer((request, response) => {
    if (request.url !== "/health") return void response.writeHead(404).end();
    if (Date.now() - startedAt < 4000) return void response.writeHead(503).end();
    agentHealthyAt = Math.min(agentHealthyAt, Date.now());
    response.end('{"status":"ok"}');
  });
  await new Promise<void>((resolve) => agent.listen(0, "127.0.0.1", resolve));
});

test.afterAll(async () => {
  await site?.stop();
  await new Promise((resolve) => agent.close(resolve));
});

test("the site server says it is ready only once the voice agent answers", async () => {
  test.setTimeout(120_000);
  const agentUrl = `http://127.0.0.1:${(agent.address() as AddressInfo).port}`;

  site = await startSiteServer({ LOCAL_AGENT_URL: agentUrl, ELEVENLABS_API_KEY: "", TRUST_PROXY_HEADER: "" });
  const readyAt = Date.now();

  expect(agentHealthyAt).toBeLessThanOrEqual(readyAt);
  expect(site.log()).toContain(`[site] Mockingbird is ready on ${site.origin} (limits per visitor, by socket address; demo calls through the local voice agent at ${agentUrl})`);
  expect((await fetch(`${site.origin}/`)).status).toBe(200);
});
