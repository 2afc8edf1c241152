import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { freePort } from "../ports";

/**
 * A real HTTP server on 127.0.0.1 playing ElevenLabs' (and the local agent's)
 * `GET /v1/convai/conversation/get-signed-url?agent_id=` endpoint, with the failures a
 * real upstream can produce. Unit tests run it in process; benchmarks run it in a process of
 * its own (`spawnFakeVoiceUpstream`), so it does not share an event loop with the load.
 */
export type UpstreamBehaviour =
  | { readonly kind: "signed-url" }
  | { readonly kind: "status"; readonly status: number; readonly body: string }
  | { readonly kind: "slow"; readonly delayMs: number }
  | { readonly kind: "invalid-json" }
  | { readonly kind: "json"; readonly body: unknown }
  | { readonly kind: "hang-up" }
  | { readonly kind: "redirect"; readonly location: string };

export type ReceivedRequest = {
  readonly path: string;
  readonly agentId: string | null;
  readonly apiKey: string | undefined;
};

export type FakeVoiceUpstream = {
  readonly baseUrl: string;
  readonly received: ReceivedRequest[];
  /** Every request as it arrived, address and headers whole: what the voice provider learns from the server. */
  readonly receivedRaw: { readonly url: string; readonly headers: http.IncomingHttpHeaders }[];
  behave(behaviour: UpstreamBehaviour): void;
  close(): Promise<void>;
};

export const signedUrlPath = "/v1/convai/conversation/get-signed-url";

export function signedUrlFor(agentId: string): string {
  return `wss://voice.test/v1/convai/conversation?agent_id=${encodeURIComponent(agentId)}&conversation_signature=sig_${agentId}`;
}

/** The `xi-api-key` the benches' fake requires, as ElevenLabs requires the API key. */
export const benchUpstreamKey = "bench-upstream-key";

export type FakeVoiceUpstreamOptions = {
  /** When set, a request without this `xi-api-key` gets a 401, as from ElevenLabs. */
  readonly apiKey?: string;
};

/** Where the count of signed URLs handed out is read (GET). */
export const servedCountPath = "/__served";
/** Where a fake in its own process is switched to failing (`?on=1`: every call answers 503) and back (`?on=0`). */
export const failingSwitchPath = "/__failing";
const overloaded: UpstreamBehaviour = { kind: "status", status: 503, body: '{"detail":"overloaded"}' };

export async function startFakeVoiceUpstream({ apiKey: requiredKey }: FakeVoiceUpstreamOptions = {}): Promise<FakeVoiceUpstream> {
  let served = 0;
  let behaviour: UpstreamBehaviour = { kind: "signed-url" };
  const received: ReceivedRequest[] = [];
  const receivedRaw: { url: string; headers: http.IncomingHttpHeaders }[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://upstream.test");
    const agentId = url.searchParams.get("agent_id");
    const apiKey = request.headers["xi-api-key"];
    const json = (status: number, body: string, type = "application/json") => response.writeHead(status, { "Content-Type": type }).end(body);
    if (url.pathname === servedCountPath) return json(200, String(served), "text/plain");
    if (url.pathname === failingSwitchPath) {
      behaviour = url.searchParams.get("on") === "1" ? overloaded : { kind: "signed-url" };
      return json(200, "ok", "text/plain");
    }
    // The site server waits for its voice upstream's /health before it says it is ready, as with the local agent.
    if (url.pathname === "/health") return json(200, '{"status":"ok"}');
    received.push({ path: url.pathname, agentId, apiKey: typeof apiKey === "string" ? apiKey : undefined });
    receivedRaw.push({ url: request.url ?? "/", headers: request.headers });

    if (url.pathname !== signedUrlPath || agentId === null) return json(404, '{"detail":"Not Found"}');
    if (requiredKey !== undefined && apiKey !== requiredKey) return json(401, '{"detail":"Invalid API key"}');
    switch (behaviour.kind) {
      case "signed-url":
        served += 1;
        return json(200, JSON.stringify({ signed_url: signedUrlFor(agentId) }));
      case "status":
        return json(behaviour.status, behaviour.body);
      case "slow": {
        const timer = setTimeout(() => {
          timers.delete(timer);
          json(200, JSON.stringify({ signed_url: signedUrlFor(agentId) }));
        }, behaviour.delayMs);
        timers.add(timer);
        return;
      }
      case "invalid-json":
        return json(200, '{"signed_url": "wss://voice.test/unterminated');
      case "json":
        return json(200, JSON.stringify(behaviour.body));
      case "hang-up":
        // Headers promise a body that never fully arrives.
        response.writeHead(200, { "Content-Type": "application/json", "Content-Length": "200" });
        response.write('{"signed_url":"wss://');
        request.socket.destroy();
        return;
      case "redirect":
        response.writeHead(302, { Location: behaviour.location }).end();
        return;
    }
  });

  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    receivedRaw,
    behave(next) {
      behaviour = next;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An address where nothing listens: a port that was free a moment ago. */
export async function closedPortUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}

export type FakeVoiceUpstreamProcess = {
  readonly baseUrl: string;
  /** The `xi-api-key` it requires, if any. */
  readonly apiKey: string | undefined;
  /** Signed URLs handed out so far. */
  served(): Promise<number>;
  /** true: every get-signed-url call answers 503 until set back, to show failed calls cost a visitor nothing. */
  setFailing(failing: boolean): Promise<void>;
  stop(): void;
};

/** The fake in a child process (testkit/fakes/voice-upstream-process.ts, from the project root), answering `signed-url`. */
export async function spawnFakeVoiceUpstream(options: FakeVoiceUpstreamOptions = {}): Promise<FakeVoiceUpstreamProcess> {
  const main = path.join(process.cwd(), "testkit", "fakes", "voice-upstream-process.ts");
  const args = ["--import", "tsx", main, ...(options.apiKey ? [`--api-key=${options.apiKey}`] : [])];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once("data", (data: Buffer) => resolve(Number(String(data).trim())));
    child.once("exit", (code) => reject(new Error(`fake voice upstream exited with code ${code}`)));
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = () => {
    if (child.exitCode === null) child.kill("SIGTERM");
  };
  // A benchmark that stops early must not leave the fake behind.
  process.once("exit", stop);
  return {
    baseUrl,
    apiKey: options.apiKey,
    served: async () => Number(await (await fetch(`${baseUrl}${servedCountPath}`)).text()),
    setFailing: async (failing) => {
      await (await fetch(`${baseUrl}${failingSwitchPath}?on=${failing ? 1 : 0}`)).text();
    },
    stop,
  };
}
