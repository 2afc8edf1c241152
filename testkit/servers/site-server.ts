/**
 * The site as `npm start` serves it (server/site-server.ts over the production build in
 * .next/), on a free loopback port, for tests and benches. Resolves once it prints that
 * it is ready, which with the local agent as voice upstream means the agent answers too.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { freePort, waitUntil } from "../ports";
import { ownedProcess } from "./owned-process";

// __dirname rather than import.meta: Playwright and jest may load this helper as CommonJS.
const projectRoot = path.resolve(__dirname, "../..");

export type SiteServer = {
  readonly origin: string;
  readonly port: number;
  readonly child: ChildProcess;
  /** Everything the server wrote to stdout and stderr so far. */
  log(): string;
  stop(): Promise<void>;
};

export type SiteServerOptions = {
  hostname?: string;
  /** The port to listen on (one a test run chose: testkit/test-ports.ts); a free one otherwise. */
  port?: number;
  /** Also write the server's stderr (its error lines) to this process's, as a test run shows its servers' errors. */
  showErrors?: boolean;
  /** How long to wait for it to say it is ready (90 s by default); its exit ends the wait at once. */
  readyTimeoutMs?: number;
};

export async function startSiteServer(env: Record<string, string> = {}, options: SiteServerOptions = {}): Promise<SiteServer> {
  const port = options.port ?? (await freePort());
  const hostname = options.hostname ?? "127.0.0.1";
  const child = spawn(process.execPath, ["--import", "tsx", "server/site-server.ts", "--hostname", hostname, "--port", String(port)], {
    cwd: projectRoot,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const { output, stop } = ownedProcess(child, { keep: 50_000 });
  if (options.showErrors) child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(chunk));
  const saidReady = async () => /\[site\] Mockingbird is ready/.test(output());
  await waitUntil(saidReady, "say it was ready", { timeoutMs: options.readyTimeoutMs ?? 90_000, child, name: "the site server", output }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  const shown = hostname === "0.0.0.0" ? "127.0.0.1" : hostname;
  return { origin: `http://${shown}:${port}`, port, child, log: output, stop };
}
