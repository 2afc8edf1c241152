/**
 * Cloudflare's local Pages runtime (npm `wrangler`, `wrangler pages dev` on workerd) serving
 * the static export as Cloudflare Pages does: its `_headers`, `_redirects`, 404 page and
 * clean URLs. Offline: no telemetry, no version check (it runs with the banner), no download
 * of the `Request.cf` object, and a compatibility date the bundled workerd supports (a later
 * one makes wrangler fall back with a warning and look for a newer version online).
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { freePort, waitForHttp } from "../ports";

/** The bundled workerd's own date (its version is 1.YYYYMMDD.n, 1.20261117.1 with wrangler 4.164): move it with wrangler. */
export const wranglerCompatibilityDate = "2026-11-17";

export const wranglerEnv = { WRANGLER_SEND_METRICS: "false", WRANGLER_HIDE_BANNER: "true", CLOUDFLARE_CF_FETCH_ENABLED: "false" } as const;

/** `wrangler pages dev <dir>` on 127.0.0.1:port. Its log has an error line for every request a browser abandons, so it is off. */
export function wranglerPagesDevCommand(dir: string, port: number): string {
  return [
    path.join("node_modules", ".bin", "wrangler"),
    "pages dev",
    dir,
    `--ip 127.0.0.1 --port ${port}`,
    `--compatibility-date ${wranglerCompatibilityDate}`,
    "--log-level none",
  ].join(" ");
}

export type StaticSite = { origin: string; stop: () => void };

/** The directory served by the Pages runtime on a loopback port (a free one unless given). */
export async function serveWithWrangler(dir: string, port?: number): Promise<StaticSite> {
  port ??= await freePort();
  const child = spawn("sh", ["-c", `exec ${wranglerPagesDevCommand(dir, port)}`], { env: { ...process.env, ...wranglerEnv }, stdio: "ignore", detached: true });
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  };
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(`${origin}/`, 90_000, { child, name: "wrangler pages dev" }).catch((error: unknown) => {
    stop();
    throw error;
  });
  return { origin, stop };
}
