import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A real HTTP server on 127.0.0.1 playing ElevenLabs' (and the local agent's)
 * `GET /v1/convai/conversation/get-signed-url?agent_id=` endpoint, with the failures a
 * real upstream can produce.
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
  behave(behaviour: UpstreamBehaviour): void;
  close(): Promise<void>;
};

export const signedUrlPath = "/v1/convai/conversation/get-signed-url";

export function signedUrlFor(agentId: string): string {
  return `wss://voice.test/v1/convai/conversation?agent_id=${encodeURIComponent(agentId)}&conversation_signature=sig_${agentId}`;
}

export async function startFakeVoiceUpstream(): Promise<FakeVoiceUpstream> {
  let behaviour: UpstreamBehaviour = { kind: "signed-url" };
  const received: ReceivedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://upstream.test");
    const agentId = url.searchParams.get("agent_id");
    const apiKey = request.headers["xi-api-key"];
    received.push({ path: url.pathname, agentId, apiKey: typeof apiKey === "string" ? apiKey : undefined });

    if (url.pathname !== signedUrlPath || agentId === null) {
      response.writeHead(404, { "Content-Type": "application/json" }).end('{"detail":"Not Found"}');
      return;
    }
    const json = (status: number, body: string) => response.writeHead(status, { "Content-Type": "application/json" }).end(body);
    switch (behaviour.kind) {
      case "signed-url":
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

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
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
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
