/** @jest-environment node */
import type { Admission } from "@/lib/signed-url/admission";
import { signedUrlMessages } from "@/lib/signed-url/messages";
import { callRequest, elevenLabsEnv, errorOf, freshVoiceUpstream, handlerFor } from "./support/signed-url-requests";

const upstream = freshVoiceUpstream();

const behindProxy = { TRUST_PROXY_HEADER: "x-forwarded-for" };
const fromClient = (address: string) => callRequest({ headers: { "x-forwarded-for": address } });

/** One after another, so the order of counting is the order written. */
async function statusesOf(calls: (() => Promise<Response>)[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const call of calls) statuses.push((await call()).status);
  return statuses;
}

describe("the per-client rate limit", () => {
  it("refuses the sixth call within a minute from one client with 429 and Retry-After (default 5 per minute)", async () => {
    const withDefaultLimit = elevenLabsEnv(upstream.baseUrl, behindProxy);
    delete withDefaultLimit.SIGNED_URL_LIMIT_PER_MINUTE;
    const { handle } = handlerFor(withDefaultLimit);

    const statuses = await statusesOf(Array.from({ length: 5 }, () => () => handle(fromClient("203.0.113.7"))));
    const sixth = await handle(fromClient("203.0.113.7"));

    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(sixth.status).toBe(429);
    expect(await errorOf(sixth)).toBe(signedUrlMessages.tooManyPerMinute);
    const retryAfter = Number(sixth.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(upstream.received).toHaveLength(5);
  });

  it("counts every caller as one client when no proxy is trusted, whatever X-Forwarded-For claims", async () => {
    const { handle } = handlerFor(elevenLabsEnv(upstream.baseUrl, { SIGNED_URL_LIMIT_PER_MINUTE: "1" }));

    const statuses = await statusesOf([() => handle(fromClient("203.0.113.7")), () => handle(fromClient("198.51.100.20"))]);

    expect(statuses).toEqual([200, 429]);
  });

  it("refuses a network past SIGNED_URL_LIMIT_PER_NETWORK_PER_DAY with 429, while other networks are served", async () => {
    const { handle } = handlerFor(elevenLabsEnv(upstream.baseUrl, { ...behindProxy, SIGNED_URL_LIMIT_PER_NETWORK_PER_DAY: "2" }));

    const statuses = await statusesOf([() => handle(fromClient("203.0.113.1")), () => handle(fromClient("203.0.113.2"))]);
    const neighbour = await handle(fromClient("203.0.113.3"));
    const elsewhere = await handle(fromClient("198.51.100.20"));

    expect(statuses).toEqual([200, 200]);
    expect(neighbour.status).toBe(429);
    expect(await errorOf(neighbour)).toBe(signedUrlMessages.tooManyFromNetwork);
    expect(elsewhere.status).toBe(200);
  });

  it("refuses calls past SIGNED_URL_LIMIT_PER_DAY with 429 and a Retry-After in hours", async () => {
    const { handle } = handlerFor(elevenLabsEnv(upstream.baseUrl, { ...behindProxy, SIGNED_URL_LIMIT_PER_DAY: "2" }));

    await handle(fromClient("203.0.113.7"));
    await handle(fromClient("203.0.113.7"));
    const third = await handle(fromClient("203.0.113.7"));

    expect(third.status).toBe(429);
    expect(await errorOf(third)).toBe(signedUrlMessages.tooManyPerDay);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(23 * 3600);
  });
});

describe("the global daily cap", () => {
  const lateOnJune1 = Date.UTC(2025, 5, 1, 23, 0, 0);

  it("refuses calls past SIGNED_URL_DAILY_CAP with 503 and a Retry-After until UTC midnight", async () => {
    const { handle } = handlerFor(elevenLabsEnv(upstream.baseUrl, { ...behindProxy, SIGNED_URL_DAILY_CAP: "2" }), { now: () => lateOnJune1 });

    const statuses = await statusesOf([() => handle(fromClient("203.0.113.1")), () => handle(fromClient("203.0.113.2"))]);
    const third = await handle(fromClient("203.0.113.3"));

    expect(statuses).toEqual([200, 200]);
    expect(third.status).toBe(503);
    expect(await errorOf(third)).toBe(signedUrlMessages.dailyCapSpent);
    expect(third.headers.get("retry-after")).toBe("3600");
    expect(upstream.received).toHaveLength(2);
  });

  it("gives every slot back when the upstream fails: 30 failed attempts never lock the visitor out", async () => {
    const { handle } = handlerFor(
      elevenLabsEnv(upstream.baseUrl, { ...behindProxy, SIGNED_URL_LIMIT_PER_MINUTE: "5", SIGNED_URL_LIMIT_PER_DAY: "20", SIGNED_URL_DAILY_CAP: "20" }),
    );

    upstream.behave({ kind: "status", status: 503, body: "{}" });
    const failed = await statusesOf(Array.from({ length: 30 }, () => () => handle(fromClient("203.0.113.7"))));
    upstream.behave({ kind: "signed-url" });
    const recovered = await handle(fromClient("203.0.113.7"));

    expect(new Set(failed)).toEqual(new Set([502]));
    expect(recovered.status).toBe(200);
  });
});

describe("when the limiter's store fails", () => {
  it("refuses the call with 503 instead of letting it through uncounted", async () => {
    const broken: Admission = { admit: () => Promise.reject(new Error("ECONNREFUSED 10.0.0.5:6379")) };
    const { handle, events } = handlerFor(elevenLabsEnv(upstream.baseUrl), { admission: broken });

    const response = await handle(callRequest());

    expect(response.status).toBe(503);
    expect(await errorOf(response)).toBe(signedUrlMessages.limiterUnavailable);
    expect(upstream.received).toHaveLength(0);
    expect(JSON.stringify(events)).not.toContain("10.0.0.5");
  });
});
