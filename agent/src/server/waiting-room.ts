/**
 * Sockets admitted but whose call has not started (no conversation_initiation_client_data yet).
 * They are not admitted calls yet (capacity.ts): a call is admitted when it starts. They are bounded
 * on their own, in all and per client network (peer.ts), so sockets opened and left idle, even
 * from many addresses of one network, cannot crowd out the visitors who do start their calls.
 * This machine's own clients (tests, benches, the site in development, which open calls in
 * bursts) count only towards the total.
 */

export type WaitingLimits = {
  /** Sockets waiting at once, from everywhere. */
  readonly total: number;
  /** Sockets waiting at once from one network. */
  readonly perNetwork: number;
};

/** Leaves the room; a second call does nothing. */
export type Leave = () => void;

export type Entry = { readonly ok: true; readonly leave: Leave } | { readonly ok: false; readonly full: "network" | "total" };

export interface WaitingRoom {
  /** `network` null: this machine's own client (peer.ts isLocalRequest), bounded only by the total. */
  enter(network: string | null): Entry;
  readonly waiting: number;
}

export function createWaitingRoom(limits: WaitingLimits): WaitingRoom {
  const byNetwork = new Map<string, number>();
  let waiting = 0;
  return {
    get waiting() {
      return waiting;
    },
    enter(network) {
      const here = network === null ? 0 : (byNetwork.get(network) ?? 0);
      if (network !== null && here >= limits.perNetwork) return { ok: false, full: "network" };
      if (waiting >= limits.total) return { ok: false, full: "total" };
      if (network !== null) byNetwork.set(network, here + 1);
      waiting += 1;
      let left = false;
      return {
        ok: true,
        leave: () => {
          if (left) return;
          left = true;
          waiting -= 1;
          if (network === null) return;
          const remaining = (byNetwork.get(network) ?? 1) - 1;
          if (remaining === 0) byNetwork.delete(network);
          else byNetwork.set(network, remaining);
        },
      };
    },
  };
}
