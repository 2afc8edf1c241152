import { RateLimiterMemory } from "rate-limiter-flexible";
import type { Counters, Limits } from "./admission";

const minuteSeconds = 60;
const daySeconds = 24 * 60 * 60;

/**
 * Counters held in this process. Right for one `next start` machine and as the
 * fallback of the Redis counters; on serverless hosts each instance counts alone.
 * Pure JavaScript, so the Supabase (Deno) function uses it too.
 */
export function createMemoryCounters(limits: Limits, keyPrefix = "signed-url"): { readonly [Name in keyof Counters]: RateLimiterMemory } {
  return {
    clientPerMinute: new RateLimiterMemory({ keyPrefix: `${keyPrefix}:minute`, points: limits.perMinute, duration: minuteSeconds }),
    clientPerDay: new RateLimiterMemory({ keyPrefix: `${keyPrefix}:day`, points: limits.perDay, duration: daySeconds }),
    issuedPerDay: new RateLimiterMemory({ keyPrefix: `${keyPrefix}:issued`, points: limits.dailyCap, duration: daySeconds }),
  };
}
