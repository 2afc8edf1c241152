import { expect, test } from "@playwright/test";
import { publicEnvDefaults } from "../../lib/config/public-env";
import { signedUrlMessages } from "../../lib/signed-url/messages";
import { agentKey, agentOrigin } from "../../playwright.config";
import { rawExchange } from "@mockingbird/testkit/raw-http";
import { startSiteServer, type SiteServer } from "@mockingbird/testkit/servers/site-server";

/**
 * Demo-call limits on `npm start` with no proxy and no configuration: a server of its own
 * (production limits, narrowed so the test stays short) with the local agent as voice.
 * Each 127.0.0.x address is a distinct visitor, as each internet address would be.
 */
test.describe.configure({ mode: "serial" });

let site: SiteServer;
const anonKey = process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY || publicEnvDefaults.NEXT_PUBLIC_SUPABASE_ANON_KEY;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  site = await startSiteServer({
    LOCAL_AGENT_URL: agentOrigin,
    LOCAL_AGENT_API_KEY: agentKey,
    ELEVENLABS_API_KEY: "",
    TRUST_PROXY_HEADER: "",
    REDIS_URL: "",
    SIGNED_URL_LIMIT_PER_MINUTE: "3",
    SIGNED_URL_LIMIT_PER_DAY: "3",
    SIGNED_URL_LIMIT_PER_NETWORK_PER_DAY: "1000",
    SIGNED_URL_DAILY_CAP: "1000",
  });
});

test.afterAll(async () => {
  await site?.stop();
});

async function callFrom(localAddress: string, extraHeaders: string[] = []) {
  const body = JSON.stringify({ scenario: "it-helpdesk-mfa-reset" });
  const answer = await rawExchange({
    port: site.port,
    localAddress,
    lines: [
      "POST /functions/v1/elevenlabs-auth HTTP/1.1",
      `Host: 127.0.0.1:${site.port}`,
      `Origin: ${site.origin}`,
      `apikey: ${anonKey}`,
      `Authorization: Bearer ${anonKey}`,
      "Content-Type: application/json",
      ...extraHeaders,
    ],
    body,
  });
  return { status: answer.status, body: answer.body };
}

test("one visitor using up their limit leaves every other visitor served", async () => {
  const first = [];
  for (let call = 0; call < 4; call++) first.push((await callFrom("127.0.0.11")).status);
  const others = [(await callFrom("127.0.0.12")).status, (await callFrom("127.0.0.13")).status];

  expect(first).toEqual([200, 200, 200, 429]);
  expect(others).toEqual([200, 200]);
});

test("a spoofed X-Forwarded-For never moves a visitor to a new bucket", async () => {
  const statuses = [];
  for (let call = 0; call < 5; call++) {
    statuses.push((await callFrom("127.0.0.21", [`X-Forwarded-For: 198.51.100.${call}`, `X-Real-IP: 198.51.100.${call}`, `Forwarded: for=198.51.100.${call}`])).status);
  }

  expect(statuses).toEqual([200, 200, 200, 429, 429]);
});

test("the refused visitor is told to wait, in the widget's words", async () => {
  for (let call = 0; call < 3; call++) await callFrom("127.0.0.31");

  const refused = await callFrom("127.0.0.31");

  expect(refused.status).toBe(429);
  expect(JSON.parse(refused.body)).toEqual({ error: signedUrlMessages.tooManyPerDay });
});
