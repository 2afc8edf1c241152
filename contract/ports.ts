/**
 * A server that cannot listen because its port is taken says which port, and how to choose
 * another: the site's server, the local agent, `npm start` and the test runs share these words.
 */
import { createServer } from "node:net";

export const isAddressInUse = (error: unknown): boolean => (error as NodeJS.ErrnoException | null)?.code === "EADDRINUSE";

/** Whether a server could listen on host:port right now. */
export function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** The first port after `port` (at most 50 further) a server could listen on now, or null. */
export async function nextFreePort(port: number, host: string): Promise<number | null> {
  for (let candidate = port + 1; candidate <= Math.min(port + 50, 65_535); candidate += 1) {
    if (await canListen(candidate, host)) return candidate;
  }
  return null;
}

export type BusyPort = {
  /** Who could not listen, e.g. "npm start" or "[site]". */
  who: string;
  port: number;
  host: string;
  /** The setting that chooses the port, e.g. "PORT" or "AGENT_PORT". */
  setting: string;
  /** How to start again on `port`, e.g. (p) => `PORT=${p} npm start`. */
  restart: (port: number) => string;
};

/** "npm start: port 3000 on 0.0.0.0 (PORT) is already in use by another program. Stop that program, or choose another port (3001 is free now): PORT=3001 npm start." */
export function portInUseMessage({ who, port, host, setting, restart }: BusyPort, freePort: number | null): string {
  const suggestion = freePort ?? port + 1;
  return (
    `${who}: port ${port} on ${host} (${setting}) is already in use by another program. ` +
    `Stop that program, or choose another port${freePort ? ` (${freePort} is free now)` : ""}: ${restart(suggestion)}.`
  );
}

/** The message for a port found busy, with a port that is free right now to suggest. */
export async function describePortInUse(busy: BusyPort): Promise<string> {
  return portInUseMessage(busy, await nextFreePort(busy.port, busy.host));
}
