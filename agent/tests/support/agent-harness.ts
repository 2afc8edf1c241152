import { performance } from "node:perf_hooks";
import WebSocket from "ws";
import { defaultOriginRules } from "@mockingbird/contract/origin-policy";
import { scenarioIds } from "@mockingbird/contract/scenarios";
import type { CallerReply, CallerSession, Debrief, VisitorTurn } from "../../src/caller/caller";
import type { LogLevel } from "../../src/log";
import { createAgentServer, type CallSettings, type ServerSettings, type SessionTimings } from "../../src/server";
import type { Recognizer, Speech, SpokenPart, Utterance } from "../../src/speech";
import { estimateTimeline } from "../../src/speech/synthesis/alignment";
import { concatPcm, durationMs } from "../../src/speech/audio";
import { splitSentences } from "../../src/speech/synthesis/sentences";
import { capturingLogger, type LogLine } from "./capturing-logger";

export type { LogLine } from "./capturing-logger";

/**
 * Starts the real agent server on port 0 with injected speech and caller, and talks
 * to it like the official client does: subprotocol "convai", JSON frames (docs/protocol.md §3).
 */

export const defaultAgentId = "it-helpdesk-mfa-reset";
export const testApiKey = "test-api-key";
export const testSigningSecret = "test-signing-secret-that-is-long-enough-0123456789";

// ---------------------------------------------------------------- speech double

export type FakeRecognizer = Recognizer & {
  readonly phrases: readonly string[] | undefined;
  readonly closed: boolean;
  readonly samplesPushed: number;
};

export type HeardNext = string | null | { transcript: string; alternatives?: readonly string[] };

export type FakeSpeech = Speech & {
  readonly recognizers: readonly FakeRecognizer[];
  /** What the next utterances are heard as: a transcript ("" or null: speech with no words in it), or one with alternatives. */
  understandNext(...heard: HeardNext[]): void;
  readonly synthesized: readonly string[];
  readonly prepared: readonly string[];
};

const loud = 1_000;
const quiet = 100;

/**
 * A recognizer that hears speech in loud samples: the first loud chunk after silence is
 * the start of speech, the next all-quiet chunk ends the utterance, which is understood
 * as the next text queued with understandNext(). A voice that speaks each sentence as a
 * tone of `msPerChar` per character, so longer lines take longer to play, timed as the
 * real voice times a line it has no phone timings for.
 */
export function fakeSpeech(options: { recognition?: boolean; msPerChar?: number; failSynthesisOf?: RegExp } = {}): FakeSpeech {
  const recognition = options.recognition ?? true;
  const msPerChar = options.msPerChar ?? 10;
  const recognizers: FakeRecognizer[] = [];
  const understood: HeardNext[] = [];
  const synthesized: string[] = [];
  const prepared: string[] = [];

  async function* speak(text: string): AsyncGenerator<SpokenPart> {
    synthesized.push(text);
    for (const part of splitSentences(text)) {
      if (options.failSynthesisOf?.test(text)) throw new Error("synthesis failed (test double)");
      await Promise.resolve();
      const pcm = tone(Array.from(part).length * msPerChar, 3_000);
      yield { text: part, pcm, timeline: estimateTimeline(part, durationMs(pcm), null) };
    }
  }

  return {
    status: recognition ? { recognition: "available", synthesis: "available" } : { recognition: "unavailable", reason: "test double without recognition", synthesis: "available" },
    recognizers,
    synthesized,
    prepared,
    recognitionLoad: () => null,
    understandNext(...heard) {
      understood.push(...heard);
    },
    createRecognizer({ phrases, onSpeechStart, onUtterance, onVoiceActivity }) {
      if (!recognition) return null;
      let inSpeech = false;
      let closed = false;
      let samplesPushed = 0;
      const recognizer: FakeRecognizer = {
        phrases,
        get closed() {
          return closed;
        },
        get samplesPushed() {
          return samplesPushed;
        },
        push(pcm) {
          if (closed) throw new Error("push after close");
          samplesPushed += pcm.length;
          const peak = pcm.reduce((max, sample) => Math.max(max, Math.abs(sample)), 0);
          onVoiceActivity?.(peak >= loud ? 1 : 0);
          if (!inSpeech && peak >= loud) {
            inSpeech = true;
            onSpeechStart();
          } else if (inSpeech && peak < quiet) {
            inSpeech = false;
            const next = understood.shift() ?? null;
            const utterance: Utterance =
              typeof next === "object" && next !== null ? { ...next, endOfTurnAt: performance.now() } : { transcript: next ?? "", endOfTurnAt: performance.now() };
            onUtterance(utterance);
          }
        },
        close() {
          closed = true;
        },
      };
      recognizers.push(recognizer);
      return recognizer;
    },
    async close() {
      for (const recognizer of recognizers) recognizer.close();
    },
    speak,
    async synthesize(text) {
      const parts: Int16Array[] = [];
      for await (const part of speak(text)) parts.push(part.pcm);
      return concatPcm(parts);
    },
    async prepare(lines) {
      prepared.push(...lines);
    },
  };
}

export function tone(ms: number, amplitude: number): Int16Array {
  const samples = new Int16Array(Math.round(ms * 16));
  for (let i = 0; i < samples.length; i += 1) samples[i] = Math.round(amplitude * Math.sin((2 * Math.PI * 440 * i) / 16_000));
  return samples;
}

export function silence(ms: number): Int16Array {
  return new Int16Array(Math.round(ms * 16));
}

export function pcmBase64(pcm: Int16Array): string {
  return Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength).toString("base64");
}

// ---------------------------------------------------------------- caller double

type OpeningOverrides = Parameters<CallerSession["opening"]>[0];

export type ScriptedCaller = CallerSession & {
  readonly openings: readonly OpeningOverrides[];
  readonly turns: readonly VisitorTurn[];
};

const badLineReply = "Sorry, you're breaking up. Can you say that again?";

/**
 * A caller with a fixed script: "goodbye" hangs up, "here is the code" complies,
 * "I will call you back" verifies, anything else gets pressure; no words at all gets the
 * bad-line reply. The opening honours firstMessage and {{name}}.
 */
export function scriptedCaller(scenarioId: string): ScriptedCaller {
  const openings: OpeningOverrides[] = [];
  const turns: VisitorTurn[] = [];
  const tactics: { tactics: ["urgency"]; line: string }[] = [];
  let ended: CallerReply["end"] | null = null;
  const reply = (value: CallerReply): CallerReply => {
    ended = value.end ?? null;
    return value;
  };
  return {
    scenarioId,
    get ended() {
      return ended ?? null;
    },
    phrases: ["yes", "no", "who is this", "goodbye", "here is the code", "i will call you back"],
    openings,
    turns,
    opening(overrides) {
      openings.push(overrides);
      const template = overrides?.firstMessage ?? "Hi {{name}}, this is Sam from the IT helpdesk.";
      return { text: template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => overrides?.variables?.[name] ?? "there") };
    },
    async respond(turn): Promise<CallerReply> {
      turns.push(turn);
      if (turn.text === "") return { text: badLineReply };
      const text = turn.text.toLowerCase();
      if (text.includes("goodbye")) return reply({ text: "Fine, goodbye.", end: "hung-up" });
      if (text.includes("here is the code")) return reply({ text: "Perfect, thank you.", end: "complied" });
      if (text.includes("call you back")) return reply({ text: "Sure, call the helpdesk.", end: "verified" });
      const line = "I need that code right now, the system locks in five minutes.";
      tactics.push({ tactics: ["urgency"], line });
      return { text: line, tactics: ["urgency"] };
    },
    answerableEarly: (words) => words.startsWith("who is this"),
    silence(kind) {
      return kind === "prompt" ? { text: "Hello? Are you still there?" } : reply({ text: "I've lost you. Bye.", end: "silent" });
    },
    debrief(reason): Debrief {
      const outcome = reason === "complied" ? "complied" : reason === "verified" ? "verified" : reason === "refused" ? "held-firm" : "ended-early";
      return {
        scenario: scenarioId,
        title: "IT helpdesk MFA reset",
        outcome,
        tacticsUsed: [...tactics],
        moment: null,
        nextTime: ["Hang up and call the helpdesk on the number you know.", "Never read out an MFA code."],
      };
    },
  };
}

// ---------------------------------------------------------------- the server

/** The agent's defaults (config.ts), which the production agents match. */
export const testCallSettings: CallSettings = { maxCallMs: 180_000, turnTimeoutMs: 7_000, silenceEndCallMs: 30_000 };

export type HarnessOptions = {
  speech?: Speech;
  createCaller?: (scenarioId: string) => CallerSession;
  settings?: Partial<ServerSettings>;
  timings?: Partial<SessionTimings>;
  clock?: () => number;
};

export async function startAgent(options: HarnessOptions = {}) {
  const speech = (options.speech as FakeSpeech | undefined) ?? fakeSpeech();
  const callers: ScriptedCaller[] = [];
  const clients: ConvaiClient[] = [];
  const settings: ServerSettings = {
    host: "127.0.0.1",
    port: 0,
    publicUrl: undefined,
    apiKey: testApiKey,
    signingSecret: testSigningSecret,
    maxConcurrentCalls: 5,
    allowedOrigins: defaultOriginRules("https://www.mockingbird.test"),
    // The tests set the greeting (an empty one: the caller waits) and the language; the production agents enable text_only alone.
    allowedOverrides: ["agent.first_message", "agent.language", "conversation.text_only"],
    trustProxyHeader: undefined,
    call: testCallSettings,
    ...options.settings,
  };
  const { log, lines: logs } = capturingLogger((process.env.AGENT_TEST_LOG_LEVEL as LogLevel | undefined) ?? "debug");
  const server = createAgentServer({
    settings,
    log,
    speech,
    createCaller:
      options.createCaller ??
      ((scenarioId) => {
        const caller = scriptedCaller(scenarioId);
        callers.push(caller);
        return caller;
      }),
    scenarioIds,
    // No hold after the metadata and quick streaming, unless a test asks: the tests of those set them.
    timings: { handshakeTimeoutMs: 2_000, endGraceMs: 500, firstFramesMaxHoldMs: 0, textDeltaIntervalMs: 1, ...options.timings },
    clock: options.clock,
    // The clients run on this event loop too: its load is the test's, not a server's (capacity: server-capacity.test.ts).
    load: null,
  });
  const address = await server.listen();

  const harness = {
    server,
    httpUrl: address.httpUrl,
    wsUrl: address.wsUrl,
    speech,
    callers: callers as readonly ScriptedCaller[],
    /** Every log line, parsed (level debug and up). */
    logs: logs as readonly LogLine[],
    /** Log lines of one call. */
    logsOf: (conversationId: string | undefined): LogLine[] => logs.filter((line) => line.conversationId === conversationId),
    /** Asks the REST endpoint for a signed URL, as the site does. */
    async signedUrl(agentId = defaultAgentId): Promise<string> {
      const response = await fetch(`${address.httpUrl}/v1/convai/conversation/get-signed-url?agent_id=${encodeURIComponent(agentId)}`, { headers: { "xi-api-key": testApiKey } });
      if (response.status !== 200) throw new Error(`signed URL: HTTP ${response.status}`);
      return ((await response.json()) as { signed_url: string }).signed_url;
    },
    /**
     * Opens a websocket offering "convai" (or `protocols`); with `origin`, as a browser page of that
     * origin does; with `headers`, as a proxy in front of the agent passes it on (X-Real-IP).
     */
    connect(url: string, protocols = ["convai"], origin?: string, headers?: Record<string, string>): ConvaiClient {
      const client = new ConvaiClient(url, protocols, origin, headers);
      clients.push(client);
      return client;
    },
    /** A fresh signed URL, connected, init sent, metadata received. */
    async startCall(init: Record<string, unknown> = {}, agentId = defaultAgentId): Promise<ConvaiClient> {
      return harness.startCallOn(await harness.signedUrl(agentId), init);
    },
    /** A call on this signed URL: connected, init sent, metadata received. */
    async startCallOn(url: string, init: Record<string, unknown> = {}): Promise<ConvaiClient> {
      const client = harness.connect(url);
      await client.opened;
      client.send({ type: "conversation_initiation_client_data", conversation_config_override: { agent: {}, tts: {}, conversation: {} }, ...init });
      await client.waitFor(ofType("conversation_initiation_metadata"), "metadata");
      return client;
    },
    async close(): Promise<void> {
      for (const client of clients) client.terminate();
      await server.close();
    },
  };
  return harness;
}

export type Harness = Awaited<ReturnType<typeof startAgent>>;

/** Polls until `condition` holds (for server-side effects the client cannot see, such as cleanup). */
export async function waitUntil(condition: () => boolean | Promise<boolean>, label: string): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never happened: ${label}`);
}

// ---------------------------------------------------------------- the client

// Frames are JSON from the server under test; tests read their fields directly.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Frame = { type: string; [key: string]: any };

export type Closed = { code: number; reason: string };

export const ofType =
  (type: string) =>
  (frame: Frame): boolean =>
    frame.type === type;

/** The event_id a frame carries, whatever its payload key. */
export function eventIdOf(frame: Frame): number | undefined {
  const payload = Object.entries(frame).find(([key]) => key !== "type")?.[1] as { event_id?: number } | undefined;
  return payload?.event_id;
}

/** A websocket client speaking the convai protocol; it answers pings like the SDK. */
export class ConvaiClient {
  readonly ws: WebSocket;
  readonly frames: Frame[] = [];
  readonly opened: Promise<void>;
  readonly closed: Promise<Closed>;
  private closedWith: Closed | null = null;
  private readonly waiters = new Set<() => void>();

  constructor(url: string, protocols: string[], origin?: string, headers?: Record<string, string>) {
    this.ws = new WebSocket(url, protocols, { ...(origin === undefined ? {} : { origin }), ...(headers === undefined ? {} : { headers }) });
    this.opened = new Promise((resolve, reject) => {
      this.ws.once("open", () => resolve());
      this.ws.once("error", reject);
      this.ws.once("unexpected-response", (_request, response) => reject(new Error(`upgrade refused: HTTP ${response.statusCode}`)));
    });
    this.opened.catch(() => undefined);
    this.closed = new Promise((resolve) => {
      this.ws.on("close", (code, reason) => {
        this.closedWith = { code, reason: reason.toString("utf8") };
        resolve(this.closedWith);
        this.wake();
      });
    });
    this.ws.on("error", () => undefined);
    this.ws.on("message", (data, isBinary) => {
      const frame = JSON.parse(isBinary ? "{}" : (data as Buffer).toString("utf8")) as Frame;
      this.frames.push(frame);
      if (frame.type === "ping") this.send({ type: "pong", event_id: frame.ping_event.event_id });
      this.wake();
    });
  }

  get protocol(): string {
    return this.ws.protocol;
  }

  /** From the metadata; the server's log lines for this call carry it. */
  get conversationId(): string | undefined {
    return this.frames.find((frame) => frame.type === "conversation_initiation_metadata")?.conversation_initiation_metadata_event.conversation_id;
  }

  send(frame: unknown): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }

  sendRaw(data: string | Buffer, binary = false): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(data, { binary });
  }

  /** Streams PCM as the SDK does: 512-sample (32 ms) user_audio_chunk frames. */
  sendAudio(pcm: Int16Array): void {
    for (let start = 0; start < pcm.length; start += 512) this.send({ user_audio_chunk: pcmBase64(pcm.subarray(start, start + 512)) });
  }

  /** Resolves with the index of the first frame at or after `from` that matches; rejects if the socket closes first. */
  waitForIndex(predicate: (frame: Frame) => boolean, label: string, from = 0): Promise<number> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        const index = this.frames.findIndex((frame, i) => i >= from && predicate(frame));
        if (index >= 0) {
          resolve(index);
          return true;
        }
        if (this.closedWith) {
          reject(new Error(`closed (${this.closedWith.code} ${this.closedWith.reason}) before ${label}; got ${this.frames.map((f) => f.type).join(", ")}`));
          return true;
        }
        return false;
      };
      if (check()) return;
      const waiter = (): void => {
        if (check()) this.waiters.delete(waiter);
      };
      this.waiters.add(waiter);
    });
  }

  async waitFor(predicate: (frame: Frame) => boolean, label: string, from = 0): Promise<Frame> {
    const index = await this.waitForIndex(predicate, label, from);
    return this.frames[index] as Frame;
  }

  /** Sends a ping-pong-free probe that the server answers: a typed turn. */
  async roundTrip(text = "who is this"): Promise<Frame> {
    const from = this.frames.length;
    this.send({ type: "user_message", text });
    return this.waitFor((frame) => frame.type === "agent_response", "an answer to a typed turn", from);
  }

  /** Audio frames of one agent turn, in order. */
  audioOf(eventId: number): Frame[] {
    return this.frames.filter((frame) => frame.type === "audio" && frame.audio_event.event_id === eventId);
  }

  /** Waits until `bytes` of PCM arrived for the turn `eventId`. */
  async waitForAudio(eventId: number, bytes: number): Promise<void> {
    let received = 0;
    let from = 0;
    while (received < bytes) {
      const index = await this.waitForIndex((frame) => frame.type === "audio" && frame.audio_event.event_id === eventId, `${bytes} bytes of audio for event ${eventId}`, from);
      received += Buffer.from((this.frames[index] as Frame).audio_event.audio_base_64, "base64").length;
      from = index + 1;
    }
  }

  close(code = 1000, reason = "User ended conversation"): void {
    this.ws.close(code, reason);
  }

  terminate(): void {
    this.ws.terminate();
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}
