/** @jest-environment node */
import { EventEmitter } from "node:events";
import { WebSocket } from "ws";
import { closes } from "@mockingbird/contract/close-reasons";
import { pingFrame } from "../src/server/messages";
import { CallSocket } from "../src/server/session/transport";
import { capturingLogger } from "./support/capturing-logger";

/** The part of a ws socket the transport uses, recording what it is asked to do. */
class FakeWebSocket extends EventEmitter {
  readyState: number = WebSocket.OPEN;
  bufferedAmount = 0;
  readonly sent: string[] = [];
  readonly closes: [number, string][] = [];
  terminated = false;
  failClose = false;

  pings = 0;
  failPing = false;

  send(data: string): void {
    this.sent.push(data);
  }

  ping(): void {
    if (this.failPing) throw new Error("ping failed");
    this.pings += 1;
  }

  close(code: number, reason: string): void {
    if (this.failClose) throw new Error("close failed");
    this.closes.push([code, reason]);
  }

  terminate(): void {
    this.terminated = true;
  }
}

function setUp() {
  const ws = new FakeWebSocket();
  const received: [string, boolean][] = [];
  const events: string[] = [];
  const { log, lines } = capturingLogger();
  const socket = new CallSocket({
    ws: ws as unknown as WebSocket,
    log,
    maxBufferedBytes: 1_000,
    closeAnswerMs: 2_000,
    onMessage: (bytes, isBinary) => received.push([bytes.toString("utf8"), isBinary]),
    onStalled: () => events.push("stalled"),
    onClosed: (code, reason) => events.push(`closed ${code} ${reason.toString("utf8")}`),
  });
  return { ws, socket, received, events, lines };
}

const ping = pingFrame(1, null);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe("frames out", () => {
  it("sends each frame as one JSON text message", () => {
    const { ws, socket } = setUp();
    expect(socket.send(ping)).toBe(true);
    expect(ws.sent).toEqual([JSON.stringify(ping)]);
  });

  it("holds the frames sent after the metadata until the client answers a websocket ping, then sends them in order", async () => {
    const { ws, socket } = setUp();
    const opened = socket.holdUntilRead(250);
    expect(ws.pings).toBe(1);
    socket.send(pingFrame(1, null));
    socket.send(pingFrame(2, null));
    expect(ws.sent).toEqual([]);
    ws.emit("pong", Buffer.alloc(0));
    await opened;
    expect(ws.sent.map((data) => JSON.parse(data).ping_event.event_id)).toEqual([1, 2]);
  });

  it("sends the held frames at the cap when the client never answers the ping", async () => {
    const { ws, socket } = setUp();
    const opened = socket.holdUntilRead(250);
    socket.send(ping);
    jest.advanceTimersByTime(249);
    expect(ws.sent).toEqual([]);
    jest.advanceTimersByTime(1);
    await opened;
    expect(ws.sent).toHaveLength(1);
  });

  it("sends the held frames at once when the ping cannot be sent", async () => {
    const { ws, socket } = setUp();
    ws.failPing = true;
    const opened = socket.holdUntilRead(250);
    socket.send(ping);
    await opened;
    expect(ws.sent).toHaveLength(1);
  });

  it("holds nothing when the cap is 0", async () => {
    const { ws, socket } = setUp();
    await socket.holdUntilRead(0);
    socket.send(ping);
    expect(ws.pings).toBe(0);
    expect(ws.sent).toHaveLength(1);
  });

  it("reports a client that stopped reading instead of queueing more for it", () => {
    const { ws, socket, events, lines } = setUp();
    ws.bufferedAmount = 1_001;
    expect(socket.send(ping)).toBe(false);
    expect(ws.sent).toEqual([]);
    expect(events).toEqual(["stalled"]);
    expect(lines.find(({ msg }) => msg === "closing: the client is not reading")).toEqual(expect.objectContaining({ bufferedBytes: 1_001 }));
  });

  it("sends nothing on a socket that is no longer open", () => {
    const { ws, socket } = setUp();
    ws.readyState = WebSocket.CLOSING;
    expect(socket.send(ping)).toBe(false);
    expect(ws.sent).toEqual([]);
  });

  it("sends nothing once discarded, not even the frames that waited behind the gate", () => {
    const { ws, socket } = setUp();
    void socket.holdUntilRead(250);
    socket.send(ping);
    socket.discard();
    expect(socket.send(ping)).toBe(false);
    jest.advanceTimersByTime(1_000);
    expect(ws.sent).toEqual([]);
  });
});

describe("frames in", () => {
  it("hands each message on as bytes, whether ws delivers a buffer, fragments or an ArrayBuffer", () => {
    const { ws, received } = setUp();
    ws.emit("message", Buffer.from("{}"), false);
    ws.emit("message", [Buffer.from('{"a"'), Buffer.from(":1}")], false);
    ws.emit("message", new Uint8Array([0x7b, 0x7d]).buffer, true);
    expect(received).toEqual([
      ["{}", false],
      ['{"a":1}', false],
      ["{}", true],
    ]);
  });
});

describe("closing", () => {
  it("closes with the catalogue's code and reason", () => {
    const { ws, socket } = setUp();
    socket.close(closes.callEnded);
    expect(ws.closes).toEqual([[1000, "Call ended."]]);
  });

  it("cuts a reason to the 123 bytes a close frame allows, on a character boundary", () => {
    const { ws, socket } = setUp();
    socket.close({ code: 1008, reason: `x${"é".repeat(200)}` });
    const reason = ws.closes[0]?.[1] ?? "";
    expect(Buffer.byteLength(reason)).toBeLessThanOrEqual(123);
    expect(reason.endsWith("...")).toBe(true);
    expect(reason).not.toContain("\uFFFD");
  });

  it("terminates the socket when it cannot be closed", () => {
    const { ws, socket, lines } = setUp();
    ws.failClose = true;
    socket.close(closes.internal);
    expect(ws.terminated).toBe(true);
    expect(lines.map(({ msg }) => msg)).toContain("close failed; terminating the socket");
  });

  it("cuts a socket whose client has not answered the close within closeAnswerMs, and leaves one that did", () => {
    const silent = setUp();
    silent.socket.close(closes.callEnded);
    silent.ws.readyState = WebSocket.CLOSING;
    jest.advanceTimersByTime(1_999);
    expect(silent.ws.terminated).toBe(false);
    jest.advanceTimersByTime(1);
    expect(silent.ws.terminated).toBe(true);

    const answering = setUp();
    answering.socket.close(closes.callEnded);
    answering.ws.readyState = WebSocket.CLOSED;
    answering.ws.emit("close", 1000, Buffer.from(""));
    jest.advanceTimersByTime(2_000);
    expect(answering.ws.terminated).toBe(false);
  });

  it("reports the socket's close with its code and reason, and logs socket errors", () => {
    const { ws, events, lines } = setUp();
    ws.emit("error", new Error("reset"));
    ws.emit("close", 1006, Buffer.from("gone"));
    expect(events).toEqual(["closed 1006 gone"]);
    expect(lines.map(({ msg }) => msg)).toContain("websocket error");
  });
});
