/**
 * Who may have a signed URL now. Four counters decide, and a request is counted in all
 * of them or in none:
 *
 * | counter            | key                                  | window                                 |
 * |--------------------|--------------------------------------|----------------------------------------|
 * | client-per-minute  | the visitor (IPv4 address, IPv6 /64)  | 1 minute from its first call            |
 * | client-per-day     | the visitor                          | 24 hours from its first call            |
 * | network-per-day    | the visitor's network (IPv4 /24, /48) | 24 hours from its network's first call  |
 * | daily-cap          | the whole service                    | the UTC calendar day                    |
 *
 * An admitted request holds one slot of each until it either becomes a signed URL (the
 * slots stay spent) or fails upstream (`release` gives all four back). So only issued
 * signed URLs count, a visitor whose calls fail is never locked out, and the daily cap
 * stays a hard ceiling on what the voice provider can bill.
 *
 * Three stores keep the counters with these exact rules: memory (one Node process),
 * Redis (every Node instance) and Postgres (every Edge Function isolate, in
 * supabase/migrations/*_signed_url_limits.sql). tests/unit/signed-url/limit-store.test.ts
 * runs one suite over all three.
 */
import { msUntilNextUtcDay, utcDayKey } from "./utc-day";

export type Limits = {
  /** Signed URLs one visitor may get per minute. */
  readonly perMinute: number;
  /** Signed URLs one visitor may get per 24 hours. */
  readonly perDay: number;
  /** Signed URLs one network (IPv4 /24, IPv6 /48) may get per 24 hours. */
  readonly perNetworkPerDay: number;
  /** Signed URLs the whole service may issue per UTC day. */
  readonly dailyCap: number;
};

/** The keys a request counts under: see client-address.ts. */
export type ClientIdentity = {
  readonly client: string;
  readonly network: string;
};

export type RefusalReason = "client-per-minute" | "client-per-day" | "network-per-day" | "daily-cap";

export type AdmissionDecision =
  | {
      readonly admitted: true;
      /** Gives every slot back when no signed URL came of the request. */
      readonly release: () => Promise<void>;
    }
  | { readonly admitted: false; readonly reason: RefusalReason; readonly retryAfterSeconds: number };

/** A store failure rejects the promise; the handler then refuses the call (fails closed). */
export interface Admission {
  admit(identity: ClientIdentity): Promise<AdmissionDecision>;
}

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

/** One counter as a request sees it: its key, its limit and where a window opened now would end. */
export type CounterSpec = {
  readonly name: RefusalReason;
  readonly key: string;
  readonly limit: number;
  readonly freshWindowEndMs: number;
};

/** The four counters of a request, in the order (and with the key names) every store uses. */
export function countersFor(identity: ClientIdentity, limits: Limits, nowMs: number): CounterSpec[] {
  return [
    { name: "client-per-minute", key: `minute:${identity.client}`, limit: limits.perMinute, freshWindowEndMs: nowMs + minuteMs },
    { name: "client-per-day", key: `day:${identity.client}`, limit: limits.perDay, freshWindowEndMs: nowMs + dayMs },
    { name: "network-per-day", key: `network-day:${identity.network}`, limit: limits.perNetworkPerDay, freshWindowEndMs: nowMs + dayMs },
    { name: "daily-cap", key: `cap:${utcDayKey(nowMs)}`, limit: limits.dailyCap, freshWindowEndMs: nowMs + msUntilNextUtcDay(nowMs) },
  ];
}

export type CounterState = { readonly used: number; readonly windowEndMs: number };

/**
 * Which full counter refuses the request, if any: the one whose window ends last, so the
 * visitor hears the longest wait (a spent day outranks a spent minute).
 */
export function refusalFor(
  specs: readonly CounterSpec[],
  states: readonly CounterState[],
  nowMs: number,
): { readonly reason: RefusalReason; readonly retryAfterSeconds: number } | undefined {
  let binding: { spec: CounterSpec; state: CounterState } | undefined;
  specs.forEach((spec, index) => {
    const state = states[index];
    if (state === undefined || state.used < spec.limit) return;
    if (binding === undefined || state.windowEndMs > binding.state.windowEndMs) binding = { spec, state };
  });
  if (binding === undefined) return undefined;
  return { reason: binding.spec.name, retryAfterSeconds: Math.max(1, Math.ceil((binding.state.windowEndMs - nowMs) / 1000)) };
}
