import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import { headersFromSocket } from "../lib/http/forwarding";
import { sameSiteLocation } from "../lib/http/location";
import { methodVerdict, siteMethods } from "../lib/http/methods";
import { requestTargetOf } from "../lib/http/request-target";
import { cacheControlFor } from "../lib/security/cache-policy";
import { isCacheableSuccess, securityHeadersFor, type HeaderPair } from "../lib/security/response-headers";

/** A slow client holds a socket, not the server: its headers within 10 s, its whole request within 30 s, an idle keep-alive 5 s. */
export const socketTimeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 } as const;

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

export type GuardOptions = {
  /**
   * True when the server faces visitors directly (TRUST_PROXY_HEADER unset): forwarding
   * headers the visitor sent are dropped and X-Forwarded-For is written from the socket.
   */
  readonly ownsClientAddress: boolean;
  /** The headers every response of a path carries (lib/security/response-headers.ts by default). */
  readonly headersFor?: (pathname: string) => HeaderPair[];
  /** One line per failure of the wrapped handler; never a stack trace. */
  readonly log?: (line: string) => void;
};

/**
 * Everything the site server does before and around Next.js, so that whatever arrives,
 * the answer is one the site means to give:
 *
 * - the request target becomes a path (absolute-form targets lose their authority);
 * - methods other than the site's get 405 (501 if HTTP does not define them);
 * - forwarding headers are the socket's, when the server faces visitors;
 * - every response carries the security headers, whoever writes it (Next.js' own
 *   redirects and errors included), a Location on this site only, and for successful
 *   GETs the cache lifetime of lib/security/cache-policy.ts.
 */
export function guardRequests(next: RequestHandler, options: GuardOptions): RequestHandler {
  const headersFor = options.headersFor ?? ((pathname: string) => securityHeadersFor(pathname));
  const log = options.log ?? ((line: string) => console.error(line));

  return async function guarded(request, response) {
    const target = requestTargetOf(request.url);
    const pathname = target.kind === "path" ? target.pathname : "/";
    for (const { key, value } of headersFor(pathname)) response.setHeader(key, value);
    enforceOnWrite(response, request.method ?? "GET", target.kind === "path" ? target.target : "/", pathname);

    if (target.kind === "invalid") return plainAnswer(response, 400, "Bad Request");
    if (target.kind === "server-wide") {
      if (request.method === "OPTIONS") return plainAnswer(response, 204, "", { Allow: siteMethods.join(", ") });
      return plainAnswer(response, 400, "Bad Request");
    }
    const verdict = methodVerdict(request.method, pathname);
    if (!verdict.serve) {
      drain(request);
      return plainAnswer(response, verdict.status, verdict.status === 405 ? "Method Not Allowed" : "Not Implemented", { Allow: verdict.allow });
    }

    request.url = target.target;
    if (options.ownsClientAddress) replaceForwardingHeaders(request);
    try {
      await next(request, response);
    } catch (error) {
      log(`[site] ${request.method} ${pathname}: ${error instanceof Error ? error.name : "unknown error"}`);
      if (!response.headersSent) plainAnswer(response, 500, "Internal Server Error");
      else response.destroy();
    }
  };
}

/**
 * Hooks writeHead, which every response passes through (also when headers are written
 * implicitly by the first write or end), to fix what Next.js may have set by then.
 */
function enforceOnWrite(response: ServerResponse, method: string, requestPath: string, pathname: string): void {
  const writeHead = response.writeHead;
  response.writeHead = function guardedWriteHead(this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    const reason = typeof rest[0] === "string" ? rest[0] : undefined;
    const headers = (typeof rest[0] === "string" ? rest[1] : rest[0]) as OutgoingHttpHeaders | readonly unknown[] | undefined;
    if (headers) moveIntoResponse(this, headers);

    const location = this.getHeader("location");
    if (typeof location === "string") this.setHeader("Location", sameSiteLocation(location, requestPath));
    if ((method === "GET" || method === "HEAD") && isCacheableSuccess(statusCode) && !pathname.startsWith("/functions/")) {
      this.setHeader("Cache-Control", cacheControlFor(pathname));
    }
    // Headers given to writeHead were moved into the response above; the reason phrase stays.
    return Reflect.apply(writeHead, this, reason === undefined ? [statusCode] : [statusCode, reason]) as ServerResponse;
  } as ServerResponse["writeHead"];
}

/** writeHead's headers argument (an object, [[name, value]…] or [name, value, …]) as setHeader calls. */
function moveIntoResponse(response: ServerResponse, headers: OutgoingHttpHeaders | readonly unknown[]): void {
  if (!Array.isArray(headers)) {
    for (const [name, value] of Object.entries(headers as OutgoingHttpHeaders)) if (value !== undefined) response.setHeader(name, value);
    return;
  }
  const pairs: [string, string][] = Array.isArray(headers[0])
    ? (headers as [string, string][])
    : Array.from({ length: Math.floor(headers.length / 2) }, (_, index) => [String(headers[2 * index]), String(headers[2 * index + 1])] as [string, string]);
  for (const [name, value] of pairs) response.appendHeader(name, value);
}

function replaceForwardingHeaders(request: IncomingMessage): void {
  const peer = request.socket.remoteAddress ?? "";
  const raw = headersFromSocket(request.rawHeaders, peer);
  request.rawHeaders = raw;
  const parsed: Record<string, string | string[]> = {};
  for (const name of Object.keys(request.headers)) delete request.headers[name];
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const name = (raw[index] as string).toLowerCase();
    const value = raw[index + 1] as string;
    const existing = parsed[name];
    if (existing === undefined) parsed[name] = name === "set-cookie" ? [value] : value;
    else if (Array.isArray(existing)) existing.push(value);
    else parsed[name] = name === "cookie" ? `${existing}; ${value}` : `${existing}, ${value}`;
  }
  Object.assign(request.headers, parsed);
}

function plainAnswer(response: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  const body = status === 204 ? "" : `${text}\n`;
  response.writeHead(status, {
    ...headers,
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(body)),
    "Cache-Control": "no-store",
  });
  response.end(body);
}

/** A refused request's body is read and thrown away, so the connection stays usable. */
function drain(request: IncomingMessage): void {
  request.resume();
  request.on("error", () => undefined);
}

/**
 * Answers what never becomes a request: a line Node cannot parse (an unknown method gets
 * 501, oversized headers 431, anything else 400) or a CONNECT. With the security headers, one answer, then the connection closes; nothing
 * is logged, since garbage from the network is not the server's failure.
 */
export function guardConnections(server: Server, headersFor: (pathname: string) => HeaderPair[] = (pathname) => securityHeadersFor(pathname)): void {
  const rawAnswer = (socket: Duplex, status: number, reason: string, extra: Record<string, string> = {}) => {
    if (!socket.writable) return socket.destroy();
    const body = `${reason}\n`;
    const lines = [
      `HTTP/1.1 ${status} ${reason}`,
      ...headersFor("/").map(({ key, value }) => `${key}: ${value}`),
      ...Object.entries(extra).map(([key, value]) => `${key}: ${value}`),
      "Content-Type: text/plain; charset=utf-8",
      `Content-Length: ${Buffer.byteLength(body)}`,
      "Cache-Control: no-store",
      "Connection: close",
    ];
    socket.end(`${lines.join("\r\n")}\r\n\r\n${body}`);
  };

  server.on("clientError", (error: Error & { code?: string }, socket: Socket) => {
    if (error.code === "ECONNRESET" || !socket.writable) return socket.destroy();
    if (error.code === "HPE_INVALID_METHOD") return rawAnswer(socket, 501, "Not Implemented", { Allow: siteMethods.join(", ") });
    if (error.code === "HPE_HEADER_OVERFLOW") return rawAnswer(socket, 431, "Request Header Fields Too Large");
    if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") return rawAnswer(socket, 408, "Request Timeout");
    rawAnswer(socket, 400, "Bad Request");
  });
  server.on("connect", (_request: IncomingMessage, socket: Duplex) => rawAnswer(socket, 405, "Method Not Allowed", { Allow: siteMethods.join(", ") }));
}
