import { performance } from "node:perf_hooks";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { openingLine, type CallerSession } from "../caller";
import type { Logger } from "../log";
import type { Speech } from "../speech";
import { createAdmission } from "./admission";
import { createCapacity, type Capacity, type LoadSources } from "./capacity";
import { conversationPath, handleRest, problem, type RestContext } from "./http";
import { isLocalRequest } from "./peer";
import type { ServerSettings } from "./settings";
import { createSignatureAuthority } from "./signatures";
import { createWaitingRoom } from "./waiting-room";
import { resolveTimings, type SessionTimings } from "./timings";
import { widgetConfigFor } from "./widget-config";

export { debriefToolName } from "./session/session";
export { busyReason, unknownAgentReason } from "@mockingbird/contract/close-reasons";
export { defaultTimings, type SessionTimings } from "./timings";
export { developmentApiKey, type CallSettings, type ServerSettings } from "./settings";
export { defaultOverrides, isOverrideField, overrideFields, type OverrideField } from "./overrides";
export { isLoopbackHost } from "./peer";

export type AgentServerOptions = {
  readonly settings: ServerSettings;
  readonly log: Logger;
  readonly speech: Speech;
  /** One caller per call; main.ts binds the optional LLM settings. */
  readonly createCaller: (scenarioId: string) => CallerSession;
  /** The agent ids this server answers for (the playbooks' scenario ids). */
  readonly scenarioIds: readonly string[];
  readonly timings?: Partial<SessionTimings>;
  /** Wall clock for signature expiry (tests move it). */
  readonly clock?: () => number;
  /**
   * What admission measures the machine's capacity by (capacity.ts); by default this process's
   * decoders and event loop. null: the configured maximum alone, for a process whose load says
   * nothing of a server's (the protocol tests run their clients on the server's event loop).
   */
  readonly load?: LoadSources | null;
};

export type ListeningAddress = { readonly host: string; readonly port: number; readonly httpUrl: string; readonly wsUrl: string };

export interface AgentServer {
  listen(): Promise<ListeningAddress>;
  readonly activeCalls: number;
  /** Stops accepting, closes every call with 1001 and resolves when all sockets are gone. */
  close(): Promise<void>;
}

const shutdownWaitMs = 5_000;

/** The REST side (http.ts) and the websocket side (admission.ts) on one HTTP server, with what both read: signatures and the capacity. */
export function createAgentServer(options: AgentServerOptions): AgentServer {
  const { settings, log, speech, scenarioIds } = options;
  const timings = resolveTimings(options.timings);
  const signatures = createSignatureAuthority({ secret: settings.signingSecret, now: options.clock });
  const capacity = createCapacity(settings.maxConcurrentCalls, options.load === undefined ? processLoad(speech) : (options.load ?? undefined));
  let publicWsUrl = settings.publicUrl ?? "";
  let shuttingDown = false;
  let closing: Promise<void> | null = null;

  const admission = createAdmission({
    settings,
    timings,
    log,
    speech,
    createCaller: options.createCaller,
    scenarioIds,
    signatures,
    capacity,
    waitingRoom: createWaitingRoom({ total: timings.waitingSockets, perNetwork: timings.waitingSocketsPerNetwork }),
    shuttingDown: () => shuttingDown,
  });
  const httpServer = createHttpServer(log, {
    apiKey: settings.apiKey,
    scenarioIds,
    log,
    signedUrlFor: (agentId) => {
      const query = new URLSearchParams({ agent_id: agentId, conversation_signature: signatures.issue(agentId) });
      return `${publicWsUrl}${conversationPath}?${query.toString()}`;
    },
    widgetConfigFor: (agentId) => widgetConfigFor(agentId, openingLine(agentId)),
    health: () => ({ shuttingDown, calls: callsNow(capacity), speech: speech.status }),
  });
  httpServer.on("upgrade", admission.upgrade);

  return {
    async listen() {
      const port = await listenOn(httpServer, settings, log);
      const host = urlHost(settings.host);
      publicWsUrl = settings.publicUrl ?? `ws://${host}:${port}`;
      return { host: settings.host, port, httpUrl: `http://${host}:${port}`, wsUrl: publicWsUrl };
    },

    get activeCalls() {
      return capacity.active;
    },

    close() {
      closing ??= (async () => {
        shuttingDown = true;
        capacity.close();
        const stopped = new Promise<void>((resolve) => httpServer.close(() => resolve()));
        await admission.shutdown(shutdownWaitMs);
        httpServer.closeAllConnections();
        await stopped;
        admission.close();
        log.info("agent stopped");
      })();
      return closing;
    },
  };
}

/** This process's decoders and event loop, as admission reads them. */
const processLoad = (speech: Speech): LoadSources => ({
  recognition: () => speech.recognitionLoad(),
  eventLoop: () => {
    const { active, idle } = performance.eventLoopUtilization();
    return { activeMs: active, elapsedMs: active + idle };
  },
  now: () => performance.now(),
});

function callsNow(capacity: Capacity) {
  const { limit, why } = capacity.reading();
  return { active: capacity.active, limit, limitedBy: why };
}

/** The HTTP server with the REST endpoints; a handler that throws answers 500 instead of taking the process down. */
function createHttpServer(log: Logger, rest: Omit<RestContext, "isLocalRequest">): Server {
  const httpServer = createServer((request, response) => {
    try {
      handleRest({ ...rest, isLocalRequest }, request, response);
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
  return httpServer;
}

/** Resolves with the bound port; a failure to bind rejects, later server errors are logged. */
function listenOn(httpServer: Server, settings: Pick<ServerSettings, "host" | "port">, log: Logger): Promise<number> {
  return new Promise((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(settings.port, settings.host, () => {
      httpServer.off("error", reject);
      httpServer.on("error", (error) => log.error({ err: error }, "server error"));
      resolve((httpServer.address() as AddressInfo).port);
    });
  });
}

/** A host a browser can connect to: wildcard addresses become localhost, IPv6 gets brackets. */
function urlHost(host: string): string {
  if (host === "0.0.0.0" || host === "::") return "localhost";
  return host.includes(":") ? `[${host}]` : host;
}
