/**
 * @jest-environment node
 *
 * The project's patch of @elevenlabs/client 1.25.0 (patches/, README "The voice SDK patch"),
 * tested on the SDK's own built modules as installed: esbuild bundles them to CommonJS for
 * jest, and the SDK's collaborators (socket, microphone, speaker) are fakes.
 */
import { buildSync } from "esbuild";
import path from "node:path";
import { WebSocketServer, WebSocket as NodeWebSocket } from "ws";

type Sdk = {
  VoiceConversation: new (...args: unknown[]) => {
    markConnected(): void;
    updateMode(mode: string): void;
    endSession(): Promise<void>;
    endSessionWithDetails(details: { reason: string }): Promise<void>;
  };
  WebSocketConnection: { create(config: Record<string, unknown>): Promise<unknown> };
};

function loadSdk(): Sdk {
  const dist = path.join(process.cwd(), "node_modules/@elevenlabs/client/dist");
  const result = buildSync({
    stdin: {
      contents: `export { VoiceConversation } from "./VoiceConversation.js"; export { WebSocketConnection } from "./utils/WebSocketConnection.js";`,
      resolveDir: dist,
    },
    bundle: true,
    format: "cjs",
    platform: "node",
    write: false,
    logLevel: "silent",
  });
  const bundle = { exports: {} as Sdk };
  new Function("module", "exports", "require", result.outputFiles[0]!.text)(bundle, bundle.exports, require);
  return bundle.exports;
}

const sdk = loadSdk();
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function voiceCall() {
  const playbackListeners = new Set<(event: { data: { type: string; finished: boolean } }) => void>();
  const playback = { addListener: (listener: never) => playbackListeners.add(listener), removeListener: (listener: never) => playbackListeners.delete(listener) };
  const connection = { onMessage() {}, onDisconnect() {}, onModeChange() {}, onOutgoingMessage() {}, close: jest.fn(), sendMessage() {}, conversationId: "c" };
  const input = { close: jest.fn(async () => {}), setMuted: async () => {} };
  const output = { close: jest.fn(async () => {}), interrupt() {} };
  const onDisconnect = jest.fn();
  const conversation = new sdk.VoiceConversation({ onDisconnect, onModeChange() {}, onStatusChange() {}, onCanSendFeedbackChange() {} }, connection, input, output, playback, async () => {});
  conversation.markConnected();
  const playedOut = () => playbackListeners.forEach((listener) => listener({ data: { type: "process", finished: true } }));
  return { conversation, connection, input, output, onDisconnect, playedOut };
}

describe("the patched voice SDK", () => {
  it("lets the caller's closing line play out when the agent hangs up, with socket and microphone already closed", async () => {
    const call = voiceCall();
    call.conversation.updateMode("speaking");

    const ending = call.conversation.endSessionWithDetails({ reason: "agent" });
    await tick();
    expect(call.connection.close).toHaveBeenCalled();
    expect(call.input.close).toHaveBeenCalled();
    expect(call.output.close).not.toHaveBeenCalled();
    expect(call.onDisconnect).not.toHaveBeenCalled();

    call.playedOut();
    await ending;
    expect(call.output.close).toHaveBeenCalled();
    expect(call.onDisconnect).toHaveBeenCalledWith({ reason: "agent" });
  });

  it("closes at once when the agent hangs up with nothing left to play", async () => {
    const call = voiceCall();
    await call.conversation.endSessionWithDetails({ reason: "agent" });
    expect(call.output.close).toHaveBeenCalled();
  });

  it("cuts the closing line when the visitor presses End Call while it plays", async () => {
    const call = voiceCall();
    call.conversation.updateMode("speaking");
    const ending = call.conversation.endSessionWithDetails({ reason: "agent" });
    await tick();

    await call.conversation.endSession();
    await ending;
    expect(call.output.close).toHaveBeenCalled();
  });

  it("does not wait for playback when the visitor hangs up", async () => {
    const call = voiceCall();
    call.conversation.updateMode("speaking");
    await call.conversation.endSession();
    expect(call.output.close).toHaveBeenCalled();
  });

  describe("a start whose server never answers", () => {
    let server: WebSocketServer;
    let closed: Promise<void>;
    beforeEach(async () => {
      (globalThis as { WebSocket?: unknown }).WebSocket = NodeWebSocket;
      server = new WebSocketServer({ port: 0, handleProtocols: () => "convai" });
      closed = new Promise((resolve) => server.on("connection", (socket) => socket.on("close", () => resolve())));
      await new Promise((resolve) => server.once("listening", resolve));
    });
    afterEach(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    it("is abandoned by its signal: the promise rejects and the socket closes", async () => {
      const controller = new AbortController();
      const port = (server.address() as { port: number }).port;
      const start = sdk.WebSocketConnection.create({ signedUrl: `ws://127.0.0.1:${port}/v1/convai/conversation`, signal: controller.signal });
      await new Promise((resolve) => server.once("connection", resolve));

      controller.abort(new Error("gave up"));

      await expect(start).rejects.toThrow("gave up");
      await closed;
    });

    it("is refused before any socket opens when its signal has already aborted", async () => {
      const controller = new AbortController();
      controller.abort(new Error("too late"));
      await expect(sdk.WebSocketConnection.create({ signedUrl: "ws://127.0.0.1:9/never", signal: controller.signal })).rejects.toThrow("too late");
    });
  });
});
