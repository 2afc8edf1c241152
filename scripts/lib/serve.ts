import { spawn, type ChildProcess } from "node:child_process";
import { startLocalAgent as startAgentProcess } from "../../agent/bench/support/local-agent";
import { freePort, waitForHttp } from "./ports";

// Older imports of these from here keep working.
export { freePort, waitForHttp };

type Server = { origin: string; stop: () => void; child: ChildProcess };

// require.resolve rather than import.meta: Playwright loads this helper as CommonJS.
const nextCli = require.resolve("next/dist/bin/next");
/** Process groups exist on Linux and macOS: there the server's whole group is stopped, whatever it spawned. */
const ownGroup = process.platform !== "win32";

/** `next start` on a free loopback port, for scripts that need the production site (of `dir`, this project by default). */
export async function startProductionServer(env: Record<string, string> = {}, dir?: string): Promise<Server> {
  const port = await freePort();
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

/** The local voice agent in its own process on a free loopback port, answering /health. */
export async function startLocalAgent(env: Record<string, string> = {}): Promise<Server> {
  const agent = await startAgentProcess({ env });
  return { origin: agent.origin, child: agent.child, stop: () => void agent.stop() };
}

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const chromiumArgs = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-dev-shm-usage"];
