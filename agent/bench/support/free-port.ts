import { createServer } from "node:net";

/** A port free on 127.0.0.1 a moment ago (the OS picks it). The one home of this helper: scripts/lib/ports.ts re-exports it, since the agent never imports from scripts/. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}
