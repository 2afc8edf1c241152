import { WebSocket, type RawData } from "ws";
import type { Logger } from "../../log";
import { closeReason, type Close } from "@mockingbird/contract/close-reasons";
import { FrameGate } from "./frame-gate";
import type { ServerFrame } from "../messages";

export type CallSocketOptions = {
  readonly ws: WebSocket;
  readonly log: Logger;
  /** Outgoing bytes queued for a client that stopped reading before `onStalled` (timings.maxBufferedBytes). */
  readonly maxBufferedBytes: number;
  /** How long the client gets to answer the server's close before the socket is cut (timings.closeAnswerMs). */
  readonly closeAnswerMs: number;
  readonly onMessage: (bytes: Buffer, isBinary: boolean) => void;
  /** The client stopped reading: the owner closes the call. */
  readonly onStalled: () => void;
  /** The socket has closed, whoever closed it. */
  readonly onClosed: (code: number, reason: Buffer) => void;
};

/**
 * The call's transport: one websocket, JSON frames out through the frame gate (frame-gate.ts),
 * raw frames in as bytes. It knows nothing of what the frames mean. Once `discard`ed (the call
 * is over) it sends nothing more.
 */
export class CallSocket {
  private readonly ws: WebSocket;
  private readonly gate: FrameGate;
  private discarded = false;

  constructor(private readonly options: CallSocketOptions) {
    const { ws, log } = options;
    this.ws = ws;
    this.gate = new FrameGate((data) =>
      ws.send(data, (error) => {
        if (error) log.debug({ err: error }, "send failed");
      }),
    );
    ws.on("message", (data, isBinary) => options.onMessage(asBuffer(data), isBinary));
    ws.on("close", (code, reason) => options.onClosed(code, reason));
    ws.on("error", (error) => log.warn({ err: error }, "websocket error"));
  }

  /** Sends one frame if the socket is open; a client that stopped reading is reported, not sent to. */
  send(frame: ServerFrame): boolean {
    if (this.discarded || this.ws.readyState !== WebSocket.OPEN) return false;
    if (this.ws.bufferedAmount > this.options.maxBufferedBytes) {
      this.options.log.warn({ bufferedBytes: this.ws.bufferedAmount }, "closing: the client is not reading");
      this.options.onStalled();
      return false;
    }
    this.gate.send(JSON.stringify(frame));
    return true;
  }

  /**
   * Frames sent from now on wait until the client has read what was already sent (it answers a
   * websocket ping sent after it, which every RFC 6455 client does as it reads), or `maxMs` at
   * most, then go out in order (frame-gate.ts). Resolves when they may go.
   */
  holdUntilRead(maxMs: number): Promise<void> {
    const opened = this.gate.holdFor(maxMs);
    if (!this.gate.holding) return opened;
    const open = () => this.gate.open();
    this.ws.once("pong", open);
    void opened.then(() => this.ws.off("pong", open));
    try {
      this.ws.ping();
    } catch (error) {
      this.options.log.debug({ err: error }, "ping failed; the first frames go now");
      this.gate.open();
    }
    return opened;
  }

  /** The call is over: frames still waiting are dropped and nothing more is sent. */
  discard(): void {
    this.discarded = true;
    this.gate.discard();
  }

  /** Closes with the catalogue's code and reason (cut to the 123 bytes a close frame allows). */
  close(close: Close): void {
    closeSocket(this.ws, close, this.options.closeAnswerMs, this.options.log);
  }
}

/**
 * Sends the close frame, and cuts the socket if the client has not answered it within
 * `answerMs`: ws would otherwise keep a silent client's socket open for 30 s.
 */
export function closeSocket(ws: WebSocket, { code, reason }: Close, answerMs: number, log: Logger): void {
  try {
    ws.close(code, closeReason(reason));
  } catch (error) {
    log.warn({ err: error }, "close failed; terminating the socket");
    ws.terminate();
    return;
  }
  if (ws.readyState === WebSocket.CLOSED) return;
  const cut = setTimeout(() => {
    if (ws.readyState === WebSocket.CLOSED) return;
    log.debug("the client did not answer the close: terminating the socket");
    ws.terminate();
  }, answerMs);
  cut.unref();
  ws.once("close", () => clearTimeout(cut));
}

function asBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
