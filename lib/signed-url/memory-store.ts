import { countersFor, refusalFor, type Admission, type AdmissionDecision, type ClientIdentity, type CounterState, type Limits } from "./admission";

/** The windows a request was counted in; releasing touches those windows only. */
export type MemoryTicket = readonly { readonly key: string; readonly windowEndMs: number }[];

export type MemoryLimitStore = Admission & {
  /** The admission without its release closure, for the Redis store's fallback. */
  admitWithTicket(identity: ClientIdentity): AdmissionDecision & { readonly ticket?: MemoryTicket };
  release(ticket: MemoryTicket): void;
  /** Counters held now (ended windows are swept as new ones open). */
  size(): number;
};

// Sweeping ended windows costs a pass over the map; doing it every few thousand calls keeps
// the map bounded by the visitors of the last day at no per-request cost.
const sweepEvery = 4096;

/**
 * The counters in this process's memory: right for one `npm start` machine, and the
 * fallback of the Redis store while Redis is unreachable. JavaScript runs one call at a
 * time, so check-and-count is atomic without locks.
 */
export function createMemoryLimitStore(limits: Limits, now: () => number = Date.now): MemoryLimitStore {
  const counters = new Map<string, CounterState>();
  let callsSinceSweep = 0;

  function sweep(nowMs: number): void {
    for (const [key, state] of counters) if (state.windowEndMs <= nowMs) counters.delete(key);
  }

  const store: MemoryLimitStore = {
    admitWithTicket(identity) {
      const nowMs = now();
      if (++callsSinceSweep >= sweepEvery) {
        callsSinceSweep = 0;
        sweep(nowMs);
      }
      const specs = countersFor(identity, limits, nowMs);
      const states = specs.map((spec) => {
        const current = counters.get(spec.key);
        if (current !== undefined && current.windowEndMs > nowMs) return current;
        const fresh = { used: 0, windowEndMs: spec.freshWindowEndMs };
        counters.set(spec.key, fresh);
        return fresh;
      });
      const refusal = refusalFor(specs, states, nowMs);
      if (refusal) return { admitted: false, ...refusal };
      const ticket = specs.map((spec, index) => {
        const state = states[index] as CounterState;
        counters.set(spec.key, { used: state.used + 1, windowEndMs: state.windowEndMs });
        return { key: spec.key, windowEndMs: state.windowEndMs };
      });
      return { admitted: true, ticket, release: async () => store.release(ticket) };
    },
    async admit(identity) {
      return store.admitWithTicket(identity);
    },
    release(ticket) {
      for (const { key, windowEndMs } of ticket) {
        const state = counters.get(key);
        if (state !== undefined && state.windowEndMs === windowEndMs && state.used > 0) {
          counters.set(key, { used: state.used - 1, windowEndMs });
        }
      }
    },
    size: () => counters.size,
  };
  return store;
}
