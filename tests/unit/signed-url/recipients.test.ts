/** @jest-environment node */
import { processor, visitorData } from "@/content/legal/data-practices";
import { createMemoryLimitStore } from "@/lib/signed-url/memory-store";
import { callRequest, elevenLabsEnv, freshVoiceUpstream, handlerFor } from "./support/signed-url-requests";

/**
 * Who learns a demo visitor's address, as the privacy policy lists it (content/legal/data-practices.ts),
 * held to what the signed-URL handler does: the counters are keyed by it, and the server's request
 * to the voice processor carries none of it (the processor sees it only when the browser connects).
 */

const visitorAddress = "203.0.113.7";
const upstream = freshVoiceUpstream();

function handlerWithStore() {
  const env = elevenLabsEnv(upstream.baseUrl, { TRUST_PROXY_HEADER: "x-forwarded-for" });
  const store = createMemoryLimitStore({ perMinute: 1000, perDay: 1000, perNetworkPerDay: 1000, dailyCap: 1000 });
  return { ...handlerFor(env, { admission: store }), store };
}

test("the counters are keyed by the visitor's address and network, as the policy says the database host holds them", async () => {
  const { handle, store } = handlerWithStore();
  await handle(callRequest({ headers: { "x-forwarded-for": visitorAddress } }));

  expect(store.storedKeys().some((key) => key.includes(visitorAddress))).toBe(true);
  expect(store.storedKeys().some((key) => key.includes("203.0.113.0/24"))).toBe(true);
  expect(processor("database-host").identifying).toMatch(/visitors' IP addresses and network ranges/);
  expect(visitorData.demoCounters.processedBy).toContain("database-host");
});

test("the server's request to the voice processor carries no trace of the visitor's address, which the processor learns only from the browser", async () => {
  const { handle, events } = handlerWithStore();
  await handle(callRequest({ headers: { "x-forwarded-for": visitorAddress } }));
  upstream.behave({ kind: "status", status: 503, body: "{}" });
  await handle(callRequest({ headers: { "x-forwarded-for": visitorAddress } }));

  expect(upstream.receivedRaw.length).toBe(2);
  for (const request of upstream.receivedRaw) expect(JSON.stringify(request)).not.toContain("203.0.113");
  expect(JSON.stringify(events)).not.toContain("203.0.113");
  expect(processor("voice-ai").identifying).toMatch(/IP address of your browser when it connects to them/);
});
