import "server-only";
import { Redis } from "ioredis";
import { RateLimiterRedis } from "rate-limiter-flexible";
import type { Counters, Limits } from "./admission";
import { createMemoryCounters } from "./memory-counters";

const minuteSeconds = 60;
const daySeconds = 24 * 60 * 60;
export const redisKeyPrefix = "mockingbird:signed-url";

/**
 * Counters in Redis, so every instance behind a load balancer enforces one limit.
 *
 * When Redis is unreachable each counter falls back to an in-memory twin (the library's
 * insurance limiter): limits then hold per instance instead of failing open or
 * refusing every visitor until Redis returns.
 */
export function createRedisCounters(redis: Redis, limits: Limits, keyPrefix = redisKeyPrefix): Counters {
  const insurance = createMemoryCounters(limits, `${keyPrefix}:insurance`);
  const common = { storeClient: redis, rejectIfRedisNotReady: true } as const;
  return {
    clientPerMinute: new RateLimiterRedis({
      ...common,
      keyPrefix: `${keyPrefix}:minute`,
      points: limits.perMinute,
      duration: minuteSeconds,
      // A client over its limit is refused from memory for the rest of the window, so a
      // flood from one address costs Redis nothing.
      inMemoryBlockOnConsumed: limits.perMinute + 1,
      insuranceLimiter: insurance.clientPerMinute,
    }),
    clientPerDay: new RateLimiterRedis({
      ...common,
      keyPrefix: `${keyPrefix}:day`,
      points: limits.perDay,
      duration: daySeconds,
      inMemoryBlockOnConsumed: limits.perDay + 1,
      insuranceLimiter: insurance.clientPerDay,
    }),
    // No in-memory block here: slots given back by failed calls must be seen by every instance.
    issuedPerDay: new RateLimiterRedis({
      ...common,
      keyPrefix: `${keyPrefix}:issued`,
      points: limits.dailyCap,
      duration: daySeconds,
      insuranceLimiter: insurance.issuedPerDay,
    }),
  };
}

/**
 * A client that fails fast: with no offline queue a command during an outage errors at
 * once (and the insurance counters answer) instead of holding the visitor's request.
 */
export function connectRedis(url: string, onError: (error: Error) => void): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    // Closing a client whose socket already dropped leaves this timer running; the
    // default (2 s) would hold a shutting-down process that long.
    disconnectTimeout: 300,
    lazyConnect: false,
  });
  // Without a listener ioredis reports every reconnect attempt as an unhandled error event.
  redis.on("error", onError);
  return redis;
}
