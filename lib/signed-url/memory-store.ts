import { countersFor, refusalFor, type Admission, type CounterState, type Limits } from "./admission";
import { memorySweepEveryMs } from "./counter-lifetime";

export type MemoryLimitStore = Admission & {
  /** The keys of the counters held now: what the privacy policy says is kept. */
  storedKeys(): string[];
};

/**
 * The counters in this process's memory: right for one `npm start` machine, and the
 * fallback of the Redis store while Redis is unreachable. JavaScript runs one call at a
 * time, so check-and-count is atomic without locks.
 *
 * Ended windows are deleted by a timer, not by the next call: a process that stops getting
 * calls must not keep addresses past the retention the privacy policy states
 * (counter-lifetime.ts). The timer is unref'd, so it never keeps a process alive.
 */
export function createMemoryLimitStore(limits: Limits, now: () => number = Date.now): MemoryLimitStore {
  const counters = new Map<string, CounterState>();

  function sweep(): void {
    const nowMs = now();
    for (const [key, state] of counters) if (state.windowEndMs <= nowMs) counters.delete(key);
  }
  const sweeper = setInterval(sweep, memorySweepEveryMs);
  (sweeper as { unref?: () => void }).unref?.();

  /** Gives a slot back in the window it was taken from only, never to a later one. */
  function release(ticket: readonly { key: string; windowEndMs: number }[]): void {
    for (const { key, windowEndMs } of ticket) {
      const state = counters.get(key);
      if (state !== undefined && state.windowEndMs === windowEndMs && state.used > 0) {
        counters.set(key, { used: state.used - 1, windowEndMs });
      }
    }
  }

  return {
    async admit(identity) {
      const nowMs = now();
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
      return { admitted: true, release: async () => release(ticket) };
    },
    storedKeys: () => [...counters.keys()],
  };
}
