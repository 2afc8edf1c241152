import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { closes, type Close } from "@mockingbird/contract/close-reasons";
import { isAllowedOrigin } from "@mockingbird/contract/origin-policy";
import type { CallerSession } from "../caller";
import type { Logger } from "../log";
import type { Speech } from "../speech";
import type { Capacity, Release } from "./capacity";
import { conversationPath, parseRequestUrl, problem } from "./http";
import { cameThroughProxy, clientAddress, isLocalRequest, networkOf } from "./peer";
import { CallSession } from "./session/session";
import { closeSocket } from "./session/transport";
import type { ServerSettings } from "./settings";
import type { SignatureAuthority } from "./signatures";
import type { SessionTimings } from "./timings";
import type { WaitingRoom } from "./waiting-room";

export type AdmissionOptions = {
  readonly settings: Pick<ServerSettings, "allowedOrigins" | "allowedOverrides" | "trustProxyHeader" | "call">;
  readonly timings: SessionTimings;
  readonly log: Logger;
  readonly speech: Speech;
  /** One caller per call. */
  readonly createCaller: (scenarioId: string) => CallerSession;
  readonly scenarioIds: readonly string[];
  readonly signatures: SignatureAuthority;
  readonly capacity: Pick<Capacity, "tryAcquire" | "active" | "reading">;
  readonly waitingRoom: WaitingRoom;
  /** Whether the server is shutting down: new sockets are refused before the upgrade. */
  readonly shuttingDown: () => boolean;
};

/**
 * The websocket side: an upgrade request becomes a socket, the socket a call once its origin, its
 * agent and its signature pass and it has a place in the waiting room; the call takes its line
 * when its initiation arrives (session/lifecycle.ts). Holds the calls in progress for shutdown.
 */
export function createAdmission(options: AdmissionOptions) {
  const { settings, timings, log, speech, signatures, capacity, waitingRoom } = options;
  const allowedOverrides: ReadonlySet<string> = new Set(settings.allowedOverrides);
  const sessions = new Set<CallSession>();
  const runSetup = oneAtATime(log);
  let warnedAboutProxy = false;

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: timings.maxPayloadBytes,
    perMessageDeflate: false,
    // The SDK offers "convai" and Chromium fails the handshake unless it is selected (docs/protocol.md §2.3).
    handleProtocols: (protocols) => (protocols.has("convai") ? "convai" : false),
  });

  function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on("error", (error) => log.debug({ err: error }, "upgrade socket error"));
    if (options.shuttingDown()) {
      rejectUpgrade(socket, 503, "Service Unavailable", "The agent is shutting down.");
      return;
    }
    const url = parseRequestUrl(request.url);
    if (!url || url.pathname !== conversationPath) {
      rejectUpgrade(socket, 404, "Not Found", "Not found.");
      return;
    }
    const origin = request.headers.origin;
    if (settings.trustProxyHeader === undefined && cameThroughProxy(request) && !warnedAboutProxy) {
      warnedAboutProxy = true;
      log.warn("websocket requests come through a proxy but AGENT_TRUST_PROXY_HEADER is unset: every visitor counts as the proxy's network");
    }
    const network = isLocalRequest(request) ? null : networkOf(clientAddress(request, settings.trustProxyHeader));
    wss.handleUpgrade(request, socket, head, (ws) => admit(ws, url, typeof origin === "string" ? origin : undefined, network));
  }

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
      closeSocket(ws, close, timings.closeAnswerMs, log);
    };
    if (origin !== undefined && !isAllowedOrigin(origin, settings.allowedOrigins)) {
      refuse(closes.originRefused, `origin ${origin.slice(0, 100)} not allowed`);
      return;
    }
    const agentId = url.searchParams.get("agent_id");
    if (agentId === null || !options.scenarioIds.includes(agentId)) {
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
    let releaseCall: Release | null = null;
    const conversationId = `conv_${randomUUID().replace(/-/g, "")}`;
    const session: CallSession = new CallSession({
      ws,
      conversationId,
      caller,
      speech,
      log: log.child({ conversationId, agentId }),
      call: settings.call,
      timings,
      runSetup,
      allowedOverrides,
      admit: () => {
        entry.leave();
        releaseCall = capacity.tryAcquire();
        if (releaseCall === null) log.info({ active: capacity.active, capacity: capacity.reading() }, "call refused: the machine is at its measured capacity");
        return releaseCall !== null;
      },
      onClosed: (started) => {
        entry.leave();
        releaseCall?.();
        sessions.delete(session);
        // As on the service, a signed URL opens its call even after a socket that dropped before
        // the handshake (the widget retries with the same URL); once a call started on it, it is spent.
        if (!started) signatures.refund(check);
      },
    });
    sessions.add(session);
  }

  return {
    upgrade,
    /** Closes every call with 1001 and waits (at most `waitMs`) for their sockets, then cuts what is left. */
    async shutdown(waitMs: number): Promise<void> {
      for (const session of sessions) session.shutdown();
      for (const ws of wss.clients) if (ws.readyState === ws.OPEN) ws.close(closes.shutdown.code, closes.shutdown.reason);
      await Promise.race([Promise.all([...wss.clients].map(closedSocket)), delay(waitMs)]);
      for (const ws of wss.clients) ws.terminate();
    },
    close(): void {
      wss.close();
    },
  };
}

export type Admission = ReturnType<typeof createAdmission>;

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

function rejectUpgrade(socket: Duplex, status: number, statusText: string, message: string): void {
  const body = JSON.stringify(problem(status === 404 ? "not_found" : "unavailable", message));
  socket.end(
    `HTTP/1.1 ${status} ${statusText}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
