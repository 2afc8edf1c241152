/**
 * The concurrent-call limit. A slot is taken when a call starts (its initiation arrived and
 * was found usable, before the metadata; a socket still waiting for it holds none:
 * waiting-room.ts) and given back exactly once when the call is over, whatever the path.
 * Above it, a call is refused with `closes.busy` (contract/close-reasons.ts).
 */

export type Release = () => void;

export interface Capacity {
  readonly limit: number;
  readonly active: number;
  /** A release function, or null when every line is busy. */
  tryAcquire(): Release | null;
}

export function createCapacity(limit: number): Capacity {
  let active = 0;
  return {
    limit,
    get active() {
      return active;
    },
    tryAcquire() {
      if (active >= limit) return null;
      active += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        active -= 1;
      };
    },
  };
}
