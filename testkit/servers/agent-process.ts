import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { freePort, waitUntil } from "../ports";

export { freePort };

/**
 * The local voice agent in its own process (`node --import tsx agent/src/main.ts`) on a free
 * loopback port, for benches and end-to-end tests: started, waited for (/health), measured
 * (/proc) and stopped.
 */

export const projectRoot = path.resolve(__dirname, "../..");

export type LocalAgent = {
  readonly origin: string;
  readonly child: ChildProcess;
  alive(): boolean;
  /** Resident memory of the agent process, in MB (Linux /proc). */
  rssMb(): number;
  /** CPU time the agent process has used so far (user + system), in ms (Linux /proc). */
  cpuMs(): number;
  /** SIGTERM (the agent's graceful shutdown), SIGKILL after 12 s; resolves once it has exited. */
  stop(): Promise<void>;
};

export type LocalAgentOptions = {
  /** The port to listen on (one a test run chose: testkit/test-ports.ts); a free one otherwise. */
  readonly port?: number;
  /** On top of the parent's environment and AGENT_HOST/AGENT_PORT/LOG_LEVEL=warn. */
  readonly env?: Record<string, string>;
  /** "pipe" lets the caller read the agent's log lines from child.stdout. */
  readonly stdio?: "inherit" | "pipe";
  readonly readyTimeoutMs?: number;
};

const started = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

export async function startLocalAgent(options: LocalAgentOptions = {}): Promise<LocalAgent> {
  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", path.join(projectRoot, "agent/src/main.ts")], {
    cwd: projectRoot,
    env: { ...process.env, AGENT_HOST: "127.0.0.1", AGENT_PORT: String(port), AGENT_PUBLIC_URL: "", LOG_LEVEL: "warn", ...options.env },
    stdio: ["ignore", options.stdio ?? "inherit", options.stdio ?? "inherit"],
  });
  started.add(child);
  child.once("exit", () => started.delete(child));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const agent: LocalAgent = {
    origin,
    child,
    alive,
    rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1] ?? 0) / 1024,
    cpuMs: () => {
      // Fields 14 and 15 of /proc/<pid>/stat (after the command name in parentheses): utime and stime, in clock ticks of 10 ms.
      const fields = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    async stop() {
      if (!alive()) return;
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 12_000);
      await exited;
      clearTimeout(timer);
    },
  };
  // Setting up speech takes about 10 s on an idle machine, and much longer beside browsers and
  // other suites (npm test runs suites side by side): the wait is long, and ends at once with
  // the exit code if the agent dies.
  const healthy = () => fetch(`${origin}/health`).then((response) => response.ok, () => false);
  await waitUntil(healthy, `answer ${origin}/health`, { timeoutMs: options.readyTimeoutMs ?? 180_000, child, name: "the agent" }).catch(async (error: unknown) => {
    await agent.stop();
    throw error;
  });
  return agent;
}

/** A signed URL for `agentId`, asked of the agent as the site's route asks ElevenLabs (xi-api-key). */
export async function agentSignedUrl(origin: string, agentId: string, apiKey: string): Promise<string> {
  const response = await fetch(`${origin}/v1/convai/conversation/get-signed-url?agent_id=${encodeURIComponent(agentId)}`, { headers: { "xi-api-key": apiKey } });
  if (!response.ok) throw new Error(`get-signed-url answered ${response.status}`);
  return ((await response.json()) as { signed_url: string }).signed_url;
}
