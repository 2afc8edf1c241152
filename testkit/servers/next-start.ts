/**
 * `next start` on a free loopback port, for whatever needs the production site running: the
 * tests, the benches, the quality gates and the build steps that read pages back (the CSP
 * manifest, the one-pager).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { waitForHttp, freePort } from "../ports";

export type Server = { origin: string; stop: () => void; child: ChildProcess };

// require.resolve rather than import.meta: Playwright loads this helper as CommonJS.
const nextCli = require.resolve("next/dist/bin/next");
/** Process groups exist on Linux and macOS: there the server's whole group is stopped, whatever it spawned. */
const ownGroup = process.platform !== "win32";

/** The production build of `dir` (this project by default) served by `next start`, on `port` when the caller chose one (its origin is configuration). */
export async function startProductionServer(env: Record<string, string> = {}, dir?: string, port?: number): Promise<Server> {
  port ??= await freePort();
  // Node runs Next.js's CLI itself (no npx, no shell), the same on every system.
  const child = spawn(process.execPath, [nextCli, "start", ...(dir ? [dir] : []), "--hostname", "127.0.0.1", "--port", String(port)], {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "ignore", "inherit"],
    detached: ownGroup,
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = () => {
    try {
      if (ownGroup && child.pid) process.kill(-child.pid, "SIGTERM");
      else child.kill();
    } catch {
      // already gone
    }
  };
  await waitForHttp(`${origin}/`, 60_000).catch((error) => {
    stop();
    throw error;
  });
  return { origin, stop, child };
}
