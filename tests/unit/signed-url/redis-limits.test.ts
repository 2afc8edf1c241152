/** @jest-environment node */
import { Redis } from "ioredis";
import { createNodeSignedUrlService, type NodeSignedUrlService } from "@/lib/signed-url/node-service";
import { redisKeyPrefix } from "@/lib/signed-url/redis-store";
import { startFakeVoiceUpstream, type FakeVoiceUpstream } from "@mockingbird/testkit/fakes/voice-upstream";
import { startRedisServer, type RedisServer } from "@mockingbird/testkit/servers/redis-server";
import { freePort } from "@mockingbird/testkit/ports";
import { anonKey, callRequest, elevenLabsEnv, siteUrl } from "./support/signed-url-requests";

let redisServer: RedisServer;
let upstream: FakeVoiceUpstream;
let inspector: Redis;
const services: NodeSignedUrlService[] = [];

beforeAll(async () => {
  redisServer = await startRedisServer();
  inspector = new Redis(redisServer.url);
});

afterAll(async () => {
  await inspector.quit();
  await redisServer.stop();
});

beforeEach(async () => {
  await inspector.flushall();
  upstream = await startFakeVoiceUpstream();
});

afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.close()));
  await upstream.close();
});

/** One `next start` instance of the service, as a host builds it from its environment. */
async function instance(env: Record<string, string>): Promise<NodeSignedUrlService> {
  const service = createNodeSignedUrlService(env, { siteUrl, anonKey });
  services.push(service);
  await service.ready;
  return service;
}

const fromClient = (address: string) => callRequest({ headers: { "x-forwarded-for": address } });

describe("limits kept in Redis (REDIS_URL)", () => {
  it("are shared by two instances: a client's per-minute limit spans both", async () => {
    const env = elevenLabsEnv(upstream.baseUrl, { REDIS_URL: redisServer.url, TRUST_PROXY_HEADER: "x-forwarded-for", SIGNED_URL_LIMIT_PER_MINUTE: "2" });
    const [first, second] = [await instance(env), await instance(env)];

    const statuses = [
      (await first.handle(fromClient("203.0.113.7"))).status,
      (await second.handle(fromClient("203.0.113.7"))).status,
      (await first.handle(fromClient("203.0.113.7"))).status,
      (await second.handle(fromClient("203.0.113.7"))).status,
    ];

    expect(statuses).toEqual([200, 200, 429, 429]);
  });

  it("are shared by two instances: the daily cap counts URLs issued by both", async () => {
    const env = elevenLabsEnv(upstream.baseUrl, { REDIS_URL: redisServer.url, TRUST_PROXY_HEADER: "x-forwarded-for", SIGNED_URL_DAILY_CAP: "2" });
    const [first, second] = [await instance(env), await instance(env)];

    const statuses = [
      (await first.handle(fromClient("203.0.113.1"))).status,
      (await second.handle(fromClient("203.0.113.2"))).status,
      (await first.handle(fromClient("203.0.113.3"))).status,
    ];

    expect(statuses).toEqual([200, 200, 503]);
  });

  it("live under the service's key prefix in Redis", async () => {
    const service = await instance(elevenLabsEnv(upstream.baseUrl, { REDIS_URL: redisServer.url }));

    await service.handle(callRequest());

    expect((await inspector.keys(`${redisKeyPrefix}:*`)).sort()).toEqual([
      expect.stringMatching(new RegExp(`^${redisKeyPrefix}:cap:\\d{4}-\\d{2}-\\d{2}$`)),
      `${redisKeyPrefix}:day:unidentified`,
      `${redisKeyPrefix}:minute:unidentified`,
      `${redisKeyPrefix}:network-day:unidentified`,
    ]);
  });

  it("still hold, per instance, while Redis is unreachable", async () => {
    const nowhere = `redis://127.0.0.1:${await freePort()}`;
    const service = createNodeSignedUrlService(
      elevenLabsEnv(upstream.baseUrl, { REDIS_URL: nowhere, SIGNED_URL_LIMIT_PER_MINUTE: "1" }),
      { siteUrl, anonKey },
    );
    services.push(service);
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);

    const statuses = [(await service.handle(callRequest())).status, (await service.handle(callRequest())).status];
    warn.mockRestore();

    expect(statuses).toEqual([200, 429]);
  });
});
