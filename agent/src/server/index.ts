import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import type { CallerSession } from "../caller/caller";
import type { AgentConfig } from "../config";
import type { Logger } from "../log";
import type { Speech } from "../speech";
import { isAllowedOrigin } from "@mockingbird/contract/origin-policy";
import { createCapacity, type LoadSources, type Release } from "./capacity";
import { closes, type Close } from "@mockingbird/contract/close-reasons";
import { conversationPath, handleRest, parseRequestUrl, problem } from "./http";
import { CallSession } from "./session/session";
import { cameThroughProxy, clientAddress, isLocalRequest, networkOf } from "./peer";
import { closeSocket } from "./session/transport";
import { createSignatureAuthority } from "./signatures";
import { createWaitingRoom } from "./waiting-room";
import { resolveTuning, type SessionTuning } from "./tuning";
import { widgetConfigFor } from "./widget-config";

export { debriefToolName } from "./session/session";
export { busyReason, unknownAgentReason } from "@mockingbird/contract/close-reasons";
export { defaultTuning, type SessionTuning } from "./tuning";

export type AgentServerOptions = {
  readonly config: AgentConfig;
  readonly log: Logger;
  readonly speech: Speech;
  /** One caller per call; main.ts binds the optional LLM settings. */
  readonly createCaller: (scenarioId: string) => CallerSession;
  /** The agent ids this server answers for (the playbooks' scenario ids). */
  readonly scenarioIds: readonly string[];
  readonly tuning?: Partial<SessionTuning>;
  /** Wall clock for signature expiry (tests move it). */
  readonly clock?: () => number;
  /**
   * What admission measures the machine's capacity by (capacity.ts); by default this process's
   * decoders and event loop. null: the configured maximum alone, for a process whose load says
   * nothing of a server's (the protocol tests run their clients on the server's event loop).
   */
  readonly load?: LoadSources | null;
};

/** This process's decoders and event loop, as admission reads them. */
const processLoad = (speech: Speech): LoadSources => ({
  recognition: () => speech.recognitionLoad(),
  eventLoop: () => {
    const { active, idle } = performance.eventLoopUtilization();
    return { activeMs: active, elapsedMs: active + idle };
  },
  now: () => performance.now(),
});

export type ListeningAddress = { readonly host: string; readonly port: number; readonly httpUrl: string; readonly wsUrl: string };

export interface AgentServer {
  listen(): Promise<ListeningAddress>;
  readonly activeCalls: number;
  /** Stops accepting, closes every call with 1001 and resolves when all sockets are gone. */
  close(): Promise<void>;
}

const shutdownWaitMs = 5_000;

export function createAgentServer(options: AgentServerOptions): AgentServer {
  const { config, log, speech, scenarioIds } = options;
  const tuning = resolveTuning(options.tuning);
  const signatures = createSignatureAuthority({ secret: config.signingSecret, now: options.clock });
  const capacity = createCapacity(config.maxConcurrentCalls, options.load === undefined ? processLoad(speech) : (options.load ?? undefined));
  const waitingRoom = createWaitingRoom({ total: tuning.waitingSockets, perNetwork: tuning.waitingSocketsPerNetwork });
  const callsNow = () => {
    const { limit, why } = capacity.reading();
    return { active: capacity.active, limit, limitedBy: why };
  };
  const allowedOverrides: ReadonlySet<string> = new Set(config.allowedOverrides);
  const sessions = new Set<CallSession>();
  const runSetup = oneAtATime(log);
  let publicWsUrl = config.publicUrl ?? "";
  let shuttingDown = false;
  let warnedAboutProxy = false;
  let closing: Promise<void> | null = null;

  const signedUrlFor = (agentId: string): string => {
    const query = new URLSearchParams({ agent_id: agentId, conversation_signature: signatures.issue(agentId) });
    return `${publicWsUrl}${conversationPath}?${query.toString()}`;
  };

  const httpServer = createServer((request, response) => {
    try {
      handleRest(
        {
          apiKey: config.apiKey,
          isLocalRequest,
          scenarioIds,
          log,
          signedUrlFor,
          widgetConfigFor: (agentId) => widgetConfigFor(agentId, options.createCaller(agentId).opening().text),
          health: () => ({ shuttingDown, calls: callsNow(), speech: speech.status }),
        },
        request,
        response,
      );
    } catch (error) {
      log.error({ err: error }, "request handler failed");
      if (!response.headersSent) response.writeHead(500, { "Content-Type": "application/json; charset=utf-8" });
      response.end(JSON.stringify(problem("internal_error", "Internal error.")));
    }
  });
  httpServer.headersTimeout = 10_000;
  httpServer.requestTimeout = 30_000;
  httpServer.on("clientError", (error, socket) => {
    log.debug({ err: error }, "bad HTTP request");
    socket.destroy();
  });

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: tuning.maxPayloadBytes,
    perMessageDeflate: false,
    // The SDK offers "convai" and Chromium fails the handshake unless it is selected (docs/protocol.md §2.3).
    handleProtocols: (protocols) => (protocols.has("convai") ? "convai" : false),
  });

  httpServer.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on("error", (error) => log.debug({ err: error }, "upgrade socket error"));
    if (shuttingDown) {
      rejectUpgrade(socket, 503, "Service Unavailable", "The agent is shutting down.");
      return;
    }
    const url = parseRequestUrl(request.url);
    if (!url || url.pathname !== conversationPath) {
      rejectUpgrade(socket, 404, "Not Found", "Not found.");
      return;
    }
    const origin = request.headers.origin;
    if (config.trustProxyHeader === undefined && cameThroughProxy(request) && !warnedAboutProxy) {
      warnedAboutProxy = true;
      log.warn("websocket requests come through a proxy but AGENT_TRUST_PROXY_HEADER is unset: every visitor counts as the proxy's network");
    }
    const network = isLocalRequest(request) ? null : networkOf(clientAddress(request, config.trustProxyHeader));
    wss.handleUpgrade(request, socket, head, (ws) => admit(ws, url, typeof origin === "string" ? origin : undefined, network));
  });

  /**
   * Refusals happen after the upgrade, as a close with a reason: the SDK turns the reason
   * into its error message, where a refused upgrade would only say 'closed unexpectedly'.
   *
   * The Origin goes first. A browser always sends one on a websocket handshake, so a page the
   * site's allow-list does not name is refused even with a valid signed URL. A client with
   * no Origin is not a browser page (a server, a test, a bench): the signature gates it.
   */
  function admit(ws: WebSocket, url: URL, origin: string | undefined, network: string | null): void {
    const refuse = (close: Close, why: string): void => {
      log.info({ code: close.code, why }, "call refused");
      ws.on("error", (error) => log.debug({ err: error }, "refused socket error"));
      closeSocket(ws, close, tuning.closeAnswerMs, log);
    };
    if (origin !== undefined && !isAllowedOrigin(origin, config.allowedOrigins)) {
      refuse(closes.originRefused, `origin ${origin.slice(0, 100)} not allowed`);
      return;
    }
    const agentId = url.searchParams.get("agent_id");
    if (agentId === null || !scenarioIds.includes(agentId)) {
      refuse(closes.unknownAgent, "unknown agent");
      return;
    }
    const check = signatures.verify(agentId, url.searchParams.get("conversation_signature"));
    if (!check.ok) {
      refuse(closes.signature(check.refusal), `signature ${check.refusal}`);
      return;
    }
    // Until its initiation arrives a socket holds a place in the waiting room, not a call line.
    const entry = waitingRoom.enter(network);
    if (!entry.ok) {
      refuse(entry.full === "network" ? closes.tooManyStarting : closes.busy, `too many sockets waiting (${entry.full})`);
      return;
    }
    let caller: CallerSession;
    try {
      caller = options.createCaller(agentId);
    } catch (error) {
      entry.leave();
      log.error({ err: error, agentId }, "could not create the caller");
      refuse(closes.internal, "caller failed");
      return;
    }
    signatures.spend(check);
    let releaseLine: Release | null = null;
    const conversationId = `conv_${randomUUID().replace(/-/g, "")}`;
    const session: CallSession = new CallSession({
      ws,
      conversationId,
      caller,
      speech,
      log: log.child({ conversationId, agentId }),
      maxCallMs: config.maxCallSeconds * 1000,
      tuning,
      runSetup,
      allowedOverrides,
      takeLine: () => {
        entry.leave();
        releaseLine = capacity.tryAcquire();
        if (releaseLine === null) log.info({ active: capacity.active, capacity: capacity.reading() }, "no line free: the machine is at its measured capacity");
        return releaseLine !== null;
      },
      onClosed: (started) => {
        entry.leave();
        releaseLine?.();
        sessions.delete(session);
        // As on the service, a signed URL opens its call even after a socket that dropped before
        // the handshake (the widget retries with the same URL); once a call started on it, it is spent.
        if (!started) signatures.refund(check);
      },
    });
    sessions.add(session);
  }

  return {
    listen() {
      return new Promise((resolve, reject) => {
        httpServer.once("error", reject);
        httpServer.listen(config.port, config.host, () => {
          httpServer.off("error", reject);
          httpServer.on("error", (error) => log.error({ err: error }, "server error"));
          const { port } = httpServer.address() as AddressInfo;
          const host = urlHost(config.host);
          publicWsUrl = config.publicUrl ?? `ws://${host}:${port}`;
          resolve({ host: config.host, port, httpUrl: `http://${host}:${port}`, wsUrl: publicWsUrl });
        });
      });
    },

    get activeCalls() {
      return capacity.active;
    },

    close() {
      closing ??= (async () => {
        shuttingDown = true;
        capacity.close();
        const stopped = new Promise<void>((resolve) => httpServer.close(() => resolve()));
        for (const session of sessions) session.shutdown();
        for (const ws of wss.clients) if (ws.readyState === ws.OPEN) ws.close(closes.shutdown.code, closes.shutdown.reason);
        await Promise.race([Promise.all([...wss.clients].map(closedSocket)), delay(shutdownWaitMs)]);
        for (const ws of wss.clients) ws.terminate();
        httpServer.closeAllConnections();
        await stopped;
        wss.close();
        log.info("agent stopped");
      })();
      return closing;
    },
  };
}

/**
 * Runs tasks one per turn of the event loop, in order: calls set up in a burst then take
 * turns with everything else (greetings' audio, pings) instead of blocking it all at once.
 */
function oneAtATime(log: Logger): (task: () => void) => void {
  const tasks: (() => void)[] = [];
  const next = (): void => {
    const task = tasks.shift();
    if (!task) return;
    try {
      task();
    } catch (error) {
      log.error({ err: error }, "call setup failed");
    }
    if (tasks.length > 0) setImmediate(next);
  };
  return (task) => {
    tasks.push(task);
    if (tasks.length === 1) setImmediate(next);
  };
}

function closedSocket(ws: WebSocket): Promise<void> {
  if (ws.readyState === ws.CLOSED) return Promise.resolve();
  return new Promise((resolve) => ws.once("close", () => resolve()));
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** A host a browser can connect to: wildcard addresses become localhost, IPv6 gets brackets. */
function urlHost(host: string): string {
  if (host === "0.0.0.0" || host === "::") return "localhost";
  return host.includes(":") ? `[${host}]` : host;
}

function rejectUpgrade(socket: Duplex, status: number, statusText: string, message: string): void {
  const body = JSON.stringify(problem(status === 404 ? "not_found" : "unavailable", message));
  socket.end(
    `HTTP/1.1 ${status} ${statusText}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
