/** @jest-environment node */
import { signedUrlMessages } from "@/lib/signed-url/messages";
import { closedPortUrl, startFakeVoiceUpstream, type UpstreamBehaviour } from "@mockingbird/testkit/fakes/voice-upstream";
import { callRequest, elevenLabsEnv, elevenLabsKey, errorOf, freshVoiceUpstream, handlerFor } from "./support/signed-url-requests";

const upstream = freshVoiceUpstream();

async function answerOf(env: Record<string, string>) {
  const { handle, events } = handlerFor(env);
  const response = await handle(callRequest());
  return { status: response.status, error: await errorOf(response), cacheControl: response.headers.get("cache-control"), events };
}

describe("when the voice upstream fails", () => {
  it("answers 502 'unavailable' when the upstream answers 500", async () => {
    upstream.behave({ kind: "status", status: 500, body: '{"detail":"internal"}' });

    const answer = await answerOf(elevenLabsEnv(upstream.baseUrl));

    expect(answer).toMatchObject({ status: 502, error: signedUrlMessages.upstreamUnavailable, cacheControl: "no-store" });
    expect(answer.events).toEqual([{ event: "upstream-failed", outcome: "refused", detail: "upstream answered HTTP 500" }]);
  });

  it.each<[string, UpstreamBehaviour, string]>([
    ["answers 502 'unavailable' when ElevenLabs rejects the API key with 401", { kind: "status", status: 401, body: '{"detail":{"status":"invalid_api_key","message":"Invalid API key"}}' }, signedUrlMessages.upstreamUnavailable],
    ["answers 502 'unavailable' when the upstream drops the connection mid-answer", { kind: "hang-up" }, signedUrlMessages.upstreamUnavailable],
    ["answers 502 'without a call link' when the upstream answers invalid JSON", { kind: "invalid-json" }, signedUrlMessages.upstreamWithoutSignedUrl],
    ["answers 502 'without a call link' when the answer has no signed_url", { kind: "json", body: { detail: "agent not found" } }, signedUrlMessages.upstreamWithoutSignedUrl],
    ["answers 502 'without a call link' when signed_url is not a websocket URL", { kind: "json", body: { signed_url: "javascript:alert(1)" } }, signedUrlMessages.upstreamWithoutSignedUrl],
  ])("%s", async (_behaviour, behaviour, error) => {
    upstream.behave(behaviour);

    expect(await answerOf(elevenLabsEnv(upstream.baseUrl))).toMatchObject({ status: 502, error });
  });

  it("answers 502 'unavailable' when nothing listens at the upstream address", async () => {
    const answer = await answerOf(elevenLabsEnv(await closedPortUrl()));

    expect(answer).toMatchObject({ status: 502, error: signedUrlMessages.upstreamUnavailable });
    expect(answer.events[0]).toMatchObject({ outcome: "unreachable" });
  });

  it("answers 502 'unavailable' instead of following a redirect with the API key", async () => {
    const elsewhere = await startFakeVoiceUpstream();
    upstream.behave({ kind: "redirect", location: `${elsewhere.baseUrl}/v1/convai/conversation/get-signed-url?agent_id=agent_default` });

    const answer = await answerOf(elevenLabsEnv(upstream.baseUrl));
    await elsewhere.close();

    expect(answer.status).toBe(502);
    expect(elsewhere.received).toHaveLength(0);
  });

  it("answers 504 when the upstream is slower than SIGNED_URL_TIMEOUT_MS", async () => {
    upstream.behave({ kind: "slow", delayMs: 3000 });
    const started = performance.now();

    const answer = await answerOf(elevenLabsEnv(upstream.baseUrl, { SIGNED_URL_TIMEOUT_MS: "200" }));

    expect(answer).toMatchObject({ status: 504, error: signedUrlMessages.upstreamTimedOut });
    // Bounded by the timeout, not by the upstream: a generous margin, not a benchmark.
    expect(performance.now() - started).toBeLessThan(2500);
  });

  it("never echoes the API key or the upstream's body, in the answer or in its reports", async () => {
    const upstreamBody = `{"detail":"key ${elevenLabsKey} rejected by node eu-west-7 (trace 9f8e7d)"}`;
    upstream.behave({ kind: "status", status: 403, body: upstreamBody });
    const { handle, events } = handlerFor(elevenLabsEnv(upstream.baseUrl));

    const response = await handle(callRequest());
    const answered = await response.text();
    const reported = JSON.stringify(events);

    for (const text of [answered, reported]) {
      expect(text).not.toContain(elevenLabsKey);
      expect(text).not.toContain("eu-west-7");
      expect(text).not.toContain("agent_default");
    }
  });
});
