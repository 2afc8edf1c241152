/**
 * One HTTP/1.1 exchange over a plain socket, for what fetch cannot send: absolute-form
 * targets, odd methods, spoofed Host headers, a chosen local address (127.0.0.x) per
 * client. Sends `head` (CRLFs added) and an optional body with `Connection: close`, and
 * parses the first response.
 */
import net from "node:net";

export type RawResponse = {
  readonly status: number;
  readonly reason: string;
  /** Lower-case names; repeated headers joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
};

export type RawRequest = {
  readonly port: number;
  readonly host?: string;
  /** The request line and headers, one per array item, without Connection (added). */
  readonly lines: readonly string[];
  readonly body?: string;
  /** The client's own address, e.g. 127.0.0.7: a distinct visitor on loopback. */
  readonly localAddress?: string;
  readonly timeoutMs?: number;
};

export function rawExchange(request: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port: request.port, host: request.host ?? "127.0.0.1", localAddress: request.localAddress });
    const chunks: Buffer[] = [];
    socket.setTimeout(request.timeoutMs ?? 10_000, () => socket.destroy(new Error("no complete answer before the timeout")));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const split = text.indexOf("\r\n\r\n");
      if (split === -1) return reject(new Error(`no HTTP answer (${text.length} bytes)`));
      const [statusLine = "", ...headerLines] = text.slice(0, split).split("\r\n");
      const match = /^HTTP\/1\.[01] (\d{3}) ?(.*)$/.exec(statusLine);
      if (!match) return reject(new Error(`not an HTTP status line: ${statusLine.slice(0, 80)}`));
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(":");
        if (colon <= 0) continue;
        const name = line.slice(0, colon).trim().toLowerCase();
        const value = line.slice(colon + 1).trim();
        headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
      }
      resolve({ status: Number(match[1]), reason: match[2] ?? "", headers, body: decodeBody(text.slice(split + 4), headers) });
    });
    const body = request.body ?? "";
    const lines = [...request.lines, "Connection: close"];
    if (body !== "") lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
    // write, not end: a half-closed socket lets Node drop the connection before it answers.
    // `Connection: close` makes the server close it once the answer is out.
    socket.write(`${lines.join("\r\n")}\r\n\r\n${body}`);
  });
}

function decodeBody(text: string, headers: Record<string, string>): string {
  if (!/chunked/i.test(headers["transfer-encoding"] ?? "")) return text;
  let rest = text;
  let body = "";
  for (;;) {
    const lineEnd = rest.indexOf("\r\n");
    const size = Number.parseInt(rest.slice(0, lineEnd), 16);
    if (lineEnd === -1 || !Number.isFinite(size) || size === 0) return body;
    body += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}
