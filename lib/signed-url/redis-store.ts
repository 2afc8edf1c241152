import "server-only";
import { Redis } from "ioredis";
import { countersFor, type Admission, type Limits, type RefusalReason } from "./admission";
import { createMemoryLimitStore } from "./memory-store";

export const redisKeyPrefix = "mockingbird:signed-url";

/**
 * The rules of admission.ts as one Lua script, so check-and-count is atomic across every
 * instance sharing the Redis. Each counter is a hash {used, ends} (ends: epoch ms) that
 * Redis deletes when its window ends (the privacy policy's retention: counter-lifetime.ts).
 *
 * KEYS: the four counters, in countersFor's order.
 * ARGV: now (epoch ms; empty: Redis's own clock), then per counter its limit and the end
 *       of a window opened now ("midnight": the next UTC midnight).
 * Answer: {1, end1, end2, end3, end4} admitted, or {0, index, retryAfterSeconds}.
 */
const admitScript = `
local now = tonumber(ARGV[1])
if now == nil then
  local time = redis.call('TIME')
  now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end
local used, ends = {}, {}
for i = 1, #KEYS do
  local fresh = ARGV[2 * i + 1]
  if fresh == 'midnight' then fresh = now - (now % 86400000) + 86400000 else fresh = now + tonumber(fresh) end
  local state = redis.call('HMGET', KEYS[i], 'used', 'ends')
  local stateEnds = tonumber(state[2])
  if stateEnds == nil or stateEnds <= now then
    used[i], ends[i] = 0, fresh
  else
    used[i], ends[i] = tonumber(state[1]) or 0, stateEnds
  end
end
local binding = 0
for i = 1, #KEYS do
  if used[i] >= tonumber(ARGV[2 * i]) and (binding == 0 or ends[i] > ends[binding]) then binding = i end
end
if binding > 0 then
  for i = 1, #KEYS do
    if used[i] == 0 then
      redis.call('HSET', KEYS[i], 'used', 0, 'ends', ends[i])
      redis.call('PEXPIRE', KEYS[i], ends[i] - now)
    end
  end
  return {0, binding, math.max(1, math.ceil((ends[binding] - now) / 1000))}
end
local answer = {1}
for i = 1, #KEYS do
  redis.call('HSET', KEYS[i], 'used', used[i] + 1, 'ends', ends[i])
  redis.call('PEXPIRE', KEYS[i], ends[i] - now)
  answer[i + 1] = ends[i]
end
return answer
`;

/** ARGV: the window end of each counter, in KEYS order. Gives a slot back in that window only. */
const releaseScript = `
for i = 1, #KEYS do
  local state = redis.call('HMGET', KEYS[i], 'used', 'ends')
  if state[2] == ARGV[i] and (tonumber(state[1]) or 0) > 0 then
    redis.call('HINCRBY', KEYS[i], 'used', -1)
  end
end
return 1
`;

type RedisWithScripts = Redis & {
  signedUrlAdmit(...args: (string | number)[]): Promise<(number | string)[]>;
  signedUrlRelease(...args: (string | number)[]): Promise<unknown>;
};

export type RedisLimitStoreOptions = {
  readonly keyPrefix?: string;
  /** A clock for tests; by default every instance reads Redis's own. */
  readonly now?: () => number;
  /** Called when Redis fails and the in-memory counters answer instead. */
  readonly onFallback?: (error: Error) => void;
};

/**
 * Counters in Redis, so every instance behind a load balancer enforces one limit.
 *
 * While Redis is unreachable the counters of this process answer (same rules), so limits
 * hold per instance instead of failing open or refusing every visitor until it returns.
 */
export function createRedisLimitStore(redis: Redis, limits: Limits, options: RedisLimitStoreOptions = {}): Admission {
  const prefix = options.keyPrefix ?? redisKeyPrefix;
  const fallback = createMemoryLimitStore(limits, options.now);
  const client = redis as RedisWithScripts;
  if (typeof client.signedUrlAdmit !== "function") {
    redis.defineCommand("signedUrlAdmit", { numberOfKeys: 4, lua: admitScript });
    redis.defineCommand("signedUrlRelease", { numberOfKeys: 4, lua: releaseScript });
  }

  return {
    async admit(identity) {
      const nowMs = options.now?.() ?? Date.now();
      const specs = countersFor(identity, limits, nowMs);
      const keys = specs.map((spec) => `${prefix}:${spec.key}`);
      const argv = [options.now ? String(nowMs) : ""];
      for (const spec of specs) {
        argv.push(String(spec.limit), spec.name === "daily-cap" ? "midnight" : String(spec.freshWindowEndMs - nowMs));
      }
      let answer: (number | string)[];
      try {
        answer = await client.signedUrlAdmit(...keys, ...argv);
      } catch (error) {
        options.onFallback?.(error as Error);
        return fallback.admit(identity);
      }
      if (answer[0] !== 1) {
        const name = specs[Number(answer[1]) - 1]?.name as RefusalReason;
        return { admitted: false, reason: name, retryAfterSeconds: Number(answer[2]) };
      }
      const windowEnds = answer.slice(1).map(String);
      return {
        admitted: true,
        release: async () => {
          await client.signedUrlRelease(...keys, ...windowEnds);
        },
      };
    },
  };
}

/**
 * A client that fails fast: with no offline queue a command during an outage errors at
 * once (and the in-memory counters answer) instead of holding the visitor's request.
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
