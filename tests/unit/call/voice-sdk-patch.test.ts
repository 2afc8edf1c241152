/**
 * @jest-environment node
 *
 * The project's patch of @elevenlabs/client 1.25.0 (patches/, docs/call-widget.md, "The voice SDK patch"),
 * tested on the SDK's own built modules as installed: esbuild bundles them to CommonJS for
 * jest, and the SDK's collaborators (socket, microphone, speaker) are fakes.
 */
import { buildSync } from "esbuild";
import path from "node:path";
import { WebSocketServer, WebSocket as NodeWebSocket } from "ws";

type Closable = { close(): Promise<void> };
type SessionSetup = { connection: { close(): void; conversationId: string }; input: Closable & { context: FakeContext }; output: Closable & { context: FakeContext }; detach(): Promise<void> };
type Sdk = {
  webSessionSetup(options: Record<string, unknown>): Promise<SessionSetup>;
  VoiceConversation: new (...args: unknown[]) => {
    markConnected(): void;
    updateMode(mode: string): void;
    endSession(): Promise<void>;
    endSessionWithDetails(details: { reason: string }): Promise<void>;
  };
  WebSocketConnection: { create(config: Record<string, unknown>): Promise<unknown> };
  MediaDeviceOutput: { create(options: Record<string, unknown>): Promise<{ context: FakeContext }> };
  MediaDeviceInput: { create(options: Record<string, unknown>): Promise<{ context: FakeContext }> };
};

function loadSdk(): Sdk {
  const dist = path.join(process.cwd(), "node_modules/@elevenlabs/client/dist");
  const result = buildSync({
    stdin: {
      contents: [
        `export { VoiceConversation } from "./VoiceConversation.js";`,
        `export { WebSocketConnection } from "./utils/WebSocketConnection.js";`,
        `export { MediaDeviceOutput } from "./platform/web/output.js";`,
        `export { MediaDeviceInput } from "./platform/web/input.js";`,
        `export { webSessionSetup } from "./platform/web/VoiceSessionSetup.js";`,
      ].join(" "),
      resolveDir: dist,
    },
    // As the site builds it (next.config.ts): the widget opens websocket sessions only.
    alias: { "livekit-client": path.join(process.cwd(), "lib/call/livekit-client-stub.ts") },
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

/**
 * The Web Audio a browser gives the SDK, faked: a context runs at the rate asked for unless the
 * rates it `refuses`, and a microphone can be fed into a context at another rate unless
 * `mixedRates` is false. Records the worklet modules each context loads.
 */
type FakeContext = { sampleRate: number; modules: string[]; state: string; close(): Promise<void> };
/** An AudioWorkletNode the SDK made: its processor, the messages posted to it, whether it was let go of. */
type FakeWorkletNode = { processor: string; messages: { type: string; format?: string; sampleRate?: number }[]; closed: boolean };
function fakeBrowser({
  sampleRateConstraint,
  deviceRate = 48_000,
  refuses = [] as number[],
  mixedRates = true,
  silentDevice = false,
}: {
  sampleRateConstraint: boolean;
  deviceRate?: number;
  refuses?: number[];
  mixedRates?: boolean;
  /** No audio output the browser can open: resume() never settles (Firefox). */
  silentDevice?: boolean;
}) {
  const contexts: FakeContext[] = [];
  const tracks: { stop: jest.Mock }[] = [];
  const workletNodes: FakeWorkletNode[] = [];
  const wakeLock = { request: jest.fn(() => new Promise(() => {})) };
  const node = () => ({ connect() {}, disconnect() {}, port: { postMessage() {}, start() {}, addEventListener() {} }, gain: { value: 1 }, stream: {} });
  class AudioContext {
    sampleRate: number;
    modules: string[] = [];
    state = "suspended";
    audioWorklet = { addModule: async (url: string) => void this.modules.push(url) };
    constructor(options: { sampleRate?: number } = {}) {
      if (options.sampleRate !== undefined && refuses.includes(options.sampleRate)) throw Object.assign(new Error("unsupported rate"), { name: "NotSupportedError" });
      this.sampleRate = options.sampleRate ?? deviceRate;
      contexts.push(this);
    }
    createAnalyser = () => ({ ...node(), fftSize: 0, frequencyBinCount: 1024, getByteFrequencyData() {} });
    createGain = node;
    createMediaStreamDestination = node;
    createMediaStreamSource = () => {
      if (!mixedRates && this.sampleRate !== deviceRate) throw Object.assign(new Error("different sample-rate"), { name: "NotSupportedError" });
      return node();
    };
    resume = () => (silentDevice ? new Promise<void>(() => {}) : Promise.resolve(void (this.state = "running")));
    close = async () => void (this.state = "closed");
  }
  const globals = {
    window: { AudioContext },
    AudioContext,
    AudioWorkletNode: class {
      port: object;
      constructor(_context: unknown, processor: string) {
        const record: FakeWorkletNode = { processor, messages: [], closed: false };
        workletNodes.push(record);
        this.port = { postMessage: (message: FakeWorkletNode["messages"][number]) => record.messages.push(message), start() {}, close: () => void (record.closed = true), addEventListener() {}, removeEventListener() {} };
      }
      connect() {}
      disconnect() {}
    },
    Audio: class {
      style = {};
      parentNode = { removeChild() {} };
      load() {}
      pause() {}
      play = async () => {};
    },
    document: { body: { appendChild() {} }, addEventListener() {}, removeEventListener() {}, visibilityState: "visible" },
    navigator: {
      wakeLock,
      userAgent: "test",
      platform: "Linux",
      maxTouchPoints: 0,
      mediaDevices: {
        getSupportedConstraints: () => (sampleRateConstraint ? { sampleRate: true } : {}),
        getUserMedia: jest.fn(async () => {
          const track = { stop: jest.fn() };
          tracks.push(track);
          return { getTracks: () => [track] };
        }),
      },
      permissions: { query: async () => ({ addEventListener() {}, removeEventListener() {} }) },
    },
  };
  Object.assign(globalThis, globals);
  return {
    contexts,
    tracks,
    workletNodes,
    wakeLock,
    getUserMedia: globals.navigator.mediaDevices.getUserMedia,
    restore: () => Object.keys(globals).forEach((key) => delete (globalThis as Record<string, unknown>)[key]),
  };
}

const sdk = loadSdk();
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const paths = { workletPaths: { rawAudioProcessor: "/raw.js", audioConcatProcessor: "/concat.js" }, libsampleratePath: "/libsamplerate.js" };
const metadata = (input = "pcm_16000", output = "pcm_16000") =>
  JSON.stringify({ type: "conversation_initiation_metadata", conversation_initiation_metadata_event: { conversation_id: "c1", agent_output_audio_format: output, user_input_audio_format: input } });

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

  describe("audio at the wire rate", () => {
    let browser: ReturnType<typeof fakeBrowser> | undefined;
    afterEach(() => browser?.restore());

    it("plays the caller at the wire rate without loading the 2 MB resampler in a browser without getUserMedia's sampleRate constraint (Firefox)", async () => {
      browser = fakeBrowser({ sampleRateConstraint: false });
      const output = await sdk.MediaDeviceOutput.create({ sampleRate: 16_000, format: "pcm", ...paths });
      expect(output.context.sampleRate).toBe(16_000);
      expect(output.context.modules).toEqual(["/concat.js"]);
    });

    it("resamples playback only for a context at another rate, such as one the page unlocked at the device's rate", async () => {
      browser = fakeBrowser({ sampleRateConstraint: true });
      const unlocked = new (globalThis as unknown as { AudioContext: new () => FakeContext }).AudioContext();
      const output = await sdk.MediaDeviceOutput.create({ sampleRate: 16_000, format: "pcm", audioContext: unlocked, ...paths });
      expect(output.context.modules).toEqual(["/libsamplerate.js", "/concat.js"]);
    });

    it("feeds the microphone into a context at the wire rate without the resampler in Firefox", async () => {
      browser = fakeBrowser({ sampleRateConstraint: false });
      const input = await sdk.MediaDeviceInput.create({ sampleRate: 16_000, format: "pcm", ...paths });
      expect(input.context.sampleRate).toBe(16_000);
      expect(input.context.modules).toEqual(["/raw.js"]);
    });

    it("falls back to the device's rate and the resampler where the browser will not feed a microphone into a context at another rate", async () => {
      browser = fakeBrowser({ sampleRateConstraint: false, mixedRates: false });
      const input = await sdk.MediaDeviceInput.create({ sampleRate: 16_000, format: "pcm", ...paths });
      expect(input.context.sampleRate).toBe(48_000);
      expect(input.context.modules).toEqual(["/libsamplerate.js", "/raw.js"]);
      expect(browser.contexts[0]!.state).toBe("closed");
    });

    it("lets go of the microphone when the page abandons a start whose speaker never starts", async () => {
      browser = fakeBrowser({ sampleRateConstraint: true, silentDevice: true });
      const controller = new AbortController();
      const input = sdk.MediaDeviceInput.create({ sampleRate: 16_000, format: "pcm", signal: controller.signal, ...paths });
      const output = sdk.MediaDeviceOutput.create({ sampleRate: 16_000, format: "pcm", signal: controller.signal, ...paths });
      await tick();
      expect(browser.tracks).toHaveLength(1);
      controller.abort(new Error("the speaker did not start"));
      await expect(input).rejects.toThrow("the speaker did not start");
      await expect(output).rejects.toThrow("the speaker did not start");
      expect(browser.tracks[0]!.stop).toHaveBeenCalled();
      expect(browser.contexts.every((context) => context.state === "closed")).toBe(true);
    });

    it("uses the device's rate and the resampler where the browser refuses a context at the wire rate", async () => {
      browser = fakeBrowser({ sampleRateConstraint: true, refuses: [16_000] });
      const output = await sdk.MediaDeviceOutput.create({ sampleRate: 16_000, format: "pcm", ...paths });
      expect(output.context.sampleRate).toBe(48_000);
      expect(output.context.modules).toEqual(["/libsamplerate.js", "/concat.js"]);
    });
  });

  describe("a voice session's start", () => {
    let browser: ReturnType<typeof fakeBrowser>;
    let server: WebSocketServer;
    /** The server's side of the next socket, once the client has sent its initiation. */
    let nextSocket: Promise<NodeWebSocket>;

    beforeEach(async () => {
      browser = fakeBrowser({ sampleRateConstraint: true });
      (globalThis as { WebSocket?: unknown }).WebSocket = NodeWebSocket;
      server = new WebSocketServer({ port: 0, handleProtocols: () => "convai" });
      nextSocket = new Promise((resolve) => server.once("connection", (socket) => socket.once("message", () => resolve(socket))));
      await new Promise((resolve) => server.once("listening", resolve));
    });
    afterEach(async () => {
      browser.restore();
      for (const client of server.clients) client.terminate();
      await new Promise((resolve) => server.close(resolve));
    });

    /** What the page hands over: its running context, its microphone, a signed URL still to come. */
    function pageStart() {
      const context = new (globalThis as unknown as { AudioContext: new (options: { sampleRate: number }) => FakeContext }).AudioContext({ sampleRate: 16_000 });
      context.state = "running";
      const track = { stop: jest.fn() };
      let giveUrl: (url: string) => void = () => {};
      const signedUrl = new Promise<string>((resolve) => (giveUrl = resolve));
      const controller = new AbortController();
      const url = `ws://127.0.0.1:${(server.address() as { port: number }).port}/v1/convai/conversation`;
      const setup = sdk.webSessionSetup({ signedUrl, connectionType: "websocket", audioContext: context, inputStream: Promise.resolve({ getTracks: () => [track] }), signal: controller.signal, ...paths });
      return { context, track, setup, giveUrl: () => giveUrl(url), abort: (reason: Error) => controller.abort(reason) };
    }

    /** The page's session once the socket's metadata (formats `input`, `output`) has arrived. */
    async function sessionOf(page: ReturnType<typeof pageStart>, input?: string, output?: string) {
      page.giveUrl();
      (await nextSocket).send(metadata(input, output));
      return page.setup;
    }

    it("sets the call's audio up while the signed URL and the socket are still coming, in the page's one context, on the page's microphone", async () => {
      const page = pageStart();
      await tick();
      await tick();
      // Before the URL: both worklets loaded, in the page's context, and no second microphone or context.
      expect(page.context.modules.sort()).toEqual(["/concat.js", "/raw.js"]);
      expect(browser.contexts).toEqual([page.context]);
      expect(browser.getUserMedia).not.toHaveBeenCalled();

      const session = await sessionOf(page);

      expect(session.connection.conversationId).toBe("c1");
      expect(session.input.context).toBe(page.context);
      expect(session.output.context).toBe(page.context);
      session.connection.close();
    });

    it("asks for the wake lock, which only keeps the screen on, once the call is set up, and waits for it nowhere", async () => {
      const page = pageStart();
      page.giveUrl();
      (await nextSocket).send(metadata());
      expect(browser.wakeLock.request).not.toHaveBeenCalled();
      // The fake browser never grants the lock.
      const session = await page.setup;
      expect(browser.wakeLock.request).toHaveBeenCalledWith("screen");
      session.connection.close();
    });

    it("moves the audio to the formats the metadata names where they are not the expected pcm_16000", async () => {
      const page = pageStart();
      const session = await sessionOf(page, "pcm_16000", "pcm_24000");

      const players = browser.workletNodes.filter((node) => node.processor === "audioConcatProcessor");
      expect(players).toHaveLength(2);
      expect(players[0]!.closed).toBe(true);
      expect(players[1]!.messages).toContainEqual({ type: "setFormat", format: "pcm", sampleRate: 24_000 });
      expect(page.context.modules).toContain("/libsamplerate.js");
      expect(browser.workletNodes.filter((node) => node.processor === "rawAudioProcessor")).toHaveLength(1);
      session.connection.close();
    });

    it("leaves the shared context to the output: the microphone closes first, the caller's last words still play", async () => {
      const page = pageStart();
      const session = await sessionOf(page);

      await session.input.close();
      expect(page.track.stop).toHaveBeenCalled();
      expect(page.context.state).toBe("running");
      await session.output.close();
      expect(page.context.state).toBe("closed");
      session.connection.close();
    });

    it("lets go of the microphone and the context when the socket is refused before the session", async () => {
      const page = pageStart();
      page.giveUrl();
      (await nextSocket).close(1008, "This call link has expired. Please start a new call.");

      await expect(page.setup).rejects.toThrow("This call link has expired. Please start a new call.");
      await tick();
      expect(page.track.stop).toHaveBeenCalled();
      expect(page.context.state).toBe("closed");
    });

    it("is abandoned by the page's signal while it waits for the signed URL: nothing connects and everything is let go of", async () => {
      const page = pageStart();
      await tick();
      page.abort(new Error("the visitor ended the call"));

      await expect(page.setup).rejects.toThrow("the visitor ended the call");
      await tick();
      expect(server.clients.size).toBe(0);
      expect(page.track.stop).toHaveBeenCalled();
      expect(page.context.state).toBe("closed");
    });
  });

  describe("the call's socket, against a server of the test's", () => {
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

    it("sends nothing once the server has closed the socket, where each frame the microphone still posted was an error", async () => {
      const port = (server.address() as { port: number }).port;
      const serverSocket = new Promise<NodeWebSocket>((resolve) => server.once("connection", resolve));
      const start = sdk.WebSocketConnection.create({ signedUrl: `ws://127.0.0.1:${port}/v1/convai/conversation` });
      const agent = await serverSocket;
      agent.send(metadata());
      const connection = (await start) as { socket: NodeWebSocket; sendMessage(message: object): void };
      const send = jest.spyOn(connection.socket, "send");

      connection.sendMessage({ user_audio_chunk: "AAAA" });
      expect(send).toHaveBeenCalledTimes(1);
      const clientClosed = new Promise((resolve) => connection.socket.once("close", resolve));
      agent.close(1001, "Server shutting down");
      await clientClosed;
      connection.sendMessage({ user_audio_chunk: "AAAA" });
      connection.sendMessage({ type: "pong", event_id: 1 });

      expect(send).toHaveBeenCalledTimes(1);
    });

    it("is refused before any socket opens when its signal has already aborted", async () => {
      const controller = new AbortController();
      controller.abort(new Error("too late"));
      await expect(sdk.WebSocketConnection.create({ signedUrl: "ws://127.0.0.1:9/never", signal: controller.signal })).rejects.toThrow("too late");
    });
  });
});
