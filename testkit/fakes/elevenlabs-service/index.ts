/**
 * The double of ElevenLabs' service (session.ts), served as the service serves it: a real HTTP
 * and websocket server on 127.0.0.1 (a free port) with the signed-URL endpoint, for clients that
 * connect themselves (@elevenlabs/client in Node, a page in Chromium). A socket's Origin header
 * is checked against the script's agent's allow-list as the service checks it. A page's own call
 * socket is answered by the double through testkit/browser/service-double-route.ts.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer } from "ws";
import { ServiceDoubleSession, type DoubleScript } from "./session";

export { ServiceDoubleSession, originRefused, timeLimitError, type DoubleScript, type ServiceFrame } from "./session";
export { doubleAgent, type DoubleAgent } from "./agent";

/** One script for every call, or a script per call (a function called as each connects). */
export function scriptFor(script: DoubleScript | (() => DoubleScript)): () => DoubleScript {
  return typeof script === "function" ? script : () => script;
}

export type ServedDouble = {
  /** http://127.0.0.1:port */
  readonly origin: string;
  readonly sessions: readonly ServiceDoubleSession[];
  /** A signed URL as the service's REST endpoint gives it (`conversation_signature`). */
  signedUrl(agentId?: string): string;
  close(): Promise<void>;
};

export async function serveServiceDouble(script: DoubleScript | (() => DoubleScript)): Promise<ServedDouble> {
  const nextScript = scriptFor(script);
  const sessions: ServiceDoubleSession[] = [];
  let origin = "";
  const signedUrl = (agentId = "agent_double") => `${origin.replace(/^http/, "ws")}/v1/convai/conversation?agent_id=${encodeURIComponent(agentId)}&conversation_signature=sig_double_${sessions.length + 1}`;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://double.test");
    // No allow-list check here: a server asks for the signed URL, with no Origin, and the allow-list
    // refuses a missing Origin only on the call's socket, and only with require_origin_header (agent.ts).
    if (url.pathname === "/v1/convai/conversation/get-signed-url") {
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ signed_url: signedUrl(url.searchParams.get("agent_id") ?? undefined) }));
      return;
    }
    response.writeHead(404, { "content-type": "application/json" }).end('{"detail":"Not Found"}');
  });
  // The service selects the convai subprotocol the SDK offers (docs/protocol.md §2.3).
  const sockets = new WebSocketServer({ server, handleProtocols: (protocols) => (protocols.has("convai") ? "convai" : false) });
  sockets.on("connection", (socket, request) => {
    const transport = { send: (text: string) => socket.send(text), close: (code: number, reason?: string) => socket.close(code, reason) };
    const session = new ServiceDoubleSession(transport, nextScript(), sessions.length + 1, { origin: request.headers.origin });
    sessions.push(session);
    socket.on("message", (data) => session.receive(data.toString()));
    socket.on("close", () => session.ended());
    socket.on("error", () => session.ended());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    sessions,
    signedUrl,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      sessions.forEach((session) => session.ended());
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
