import { msUntilNextUtcDay, utcDayKey } from "./utc-day";

/**
 * The part of a rate-limiter-flexible limiter the service uses. Declared here rather
 * than imported so this module stays free of any store: memory, Redis or another
 * backend is chosen by the host and injected.
 */
export interface Counter {
  consume(key: string, points?: number, options?: { customDuration?: number }): Promise<unknown>;
  reward(key: string, points?: number): Promise<unknown>;
}

export type Counters = {
  /** Signed URLs a client may ask for per minute. */
  readonly clientPerMinute: Counter;
  /** Signed URLs a client may ask for per 24 hours (from its first request). */
  readonly clientPerDay: Counter;
  /** Signed URLs the whole service may issue per UTC day. */
  readonly issuedPerDay: Counter;
};

export type Limits = {
  readonly perMinute: number;
  readonly perDay: number;
  readonly dailyCap: number;
};

export type RefusalReason = "client-per-minute" | "client-per-day" | "daily-cap";

export type AdmissionDecision =
  | {
      readonly admitted: true;
      /** Gives the day's slot back when no signed URL came of it: the cap counts URLs issued, not attempts. */
      readonly release: () => Promise<void>;
    }
  | { readonly admitted: false; readonly reason: RefusalReason; readonly retryAfterSeconds: number };

export interface Admission {
  admit(clientKey: string): Promise<AdmissionDecision>;
}

/**
 * Checks the cheap per-client limits first, so a client already over its limit never
 * touches (or spends) the shared daily budget. A store failure rejects the promise;
 * the handler then refuses the call rather than letting it through uncounted.
 */
export function createAdmission(counters: Counters, now: () => number = Date.now): Admission {
  return {
    async admit(clientKey) {
      const perMinute = await consumeOne(counters.clientPerMinute, clientKey);
      if (perMinute !== "consumed") return refuse("client-per-minute", perMinute.msBeforeNext);

      const perDay = await consumeOne(counters.clientPerDay, clientKey);
      if (perDay !== "consumed") return refuse("client-per-day", perDay.msBeforeNext);

      const nowMs = now();
      const dayKey = utcDayKey(nowMs);
      const untilTomorrowMs = msUntilNextUtcDay(nowMs);
      // The counter lives a little past midnight so instances with skewed clocks still
      // find it; the date in its key keeps it from counting towards the next day.
      const lifetimeSeconds = Math.ceil(untilTomorrowMs / 1000) + 3600;
      const issued = await consumeOne(counters.issuedPerDay, dayKey, { customDuration: lifetimeSeconds });
      if (issued !== "consumed") return refuse("daily-cap", untilTomorrowMs);

      return {
        admitted: true,
        release: async () => {
          await counters.issuedPerDay.reward(dayKey, 1);
        },
      };
    },
  };
}

type Rejection = { readonly msBeforeNext: number };

async function consumeOne(counter: Counter, key: string, options?: { customDuration: number }): Promise<"consumed" | Rejection> {
  try {
    await counter.consume(key, 1, options);
    return "consumed";
  } catch (rejection) {
    // rate-limiter-flexible rejects with a RateLimiterRes when points are spent and
    // with an Error when its store fails; only the first is a refusal.
    if (isLimiterRefusal(rejection)) return rejection;
    throw rejection;
  }
}

function isLimiterRefusal(value: unknown): value is Rejection {
  return (
    typeof value === "object" &&
    value !== null &&
    !(value instanceof Error) &&
    typeof (value as { msBeforeNext?: unknown }).msBeforeNext === "number"
  );
}

function refuse(reason: RefusalReason, msBeforeNext: number): AdmissionDecision {
  return { admitted: false, reason, retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)) };
}
