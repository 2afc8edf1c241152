/**
 * The site as `npm start` serves it (server/site-server.ts over the production build in
 * .next/), on a free loopback port, for tests and benches. Resolves once it prints that
 * it is ready, which with the local agent as voice upstream means the agent answers too.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { freePort } from "../ports";

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
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-50_000);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  if (options.showErrors) child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };

  const readyTimeoutMs = options.readyTimeoutMs ?? 90_000;
  const deadline = Date.now() + readyTimeoutMs;
  while (!/\[site\] Mockingbird is ready/.test(output)) {
    if (child.exitCode !== null) throw new Error(`the site server exited with code ${child.exitCode}: ${output.trim().slice(-2000)}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the site server did not say it was ready within ${readyTimeoutMs / 1000} s: ${output.trim().slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const shown = hostname === "0.0.0.0" ? "127.0.0.1" : hostname;
  return { origin: `http://${shown}:${port}`, port, child, log: () => output, stop };
}
