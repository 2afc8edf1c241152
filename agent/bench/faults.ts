/**
 * `npm run bench -- agent-faults [--only=malformed|capacity]`: the local voice agent, run as
 * a real process (`node --import tsx agent/src/main.ts`, LOG_LEVEL=warn, loopback, free port),
 * under two kinds of fault. Each phase starts and stops its own agent.
 *
 * malformed: 10,000 malformed frames over a handful of concurrent connections (4 lanes,
 *   each reconnecting with a fresh signed URL whenever the agent closes its socket). Most
 *   connections send a valid conversation_initiation_client_data first (voice or text
 *   only), some send nothing valid at all. The mix: invalid JSON, JSON that is not an
 *   object, unknown or missing types, bad base64 and odd-length audio, wrong field types,
 *   over-long typed text, repeated init, binary frames; plus, on their own connections,
 *   frames over the agent's 256 KiB cap (agent/src/server/timings.ts maxPayloadBytes),
 *   text frames that are not UTF-8, and floods (frames, bytes, audio faster than real
 *   time) made of valid frames. Each connection's close must be the documented one
 *   (agent/README.md, "Other closes"). Afterwards: the process is alive, /health answers
 *   with no call left holding a line, a fresh valid call still gets
 *   conversation_initiation_metadata and its greeting (text and audio), and no error was
 *   logged. Prints frames sent, time taken, closes by code and reason, RSS before and after.
 *
 * capacity: an agent with AGENT_MAX_CONCURRENT_CALLS=5; 5 calls, then 5 more at once: each
 *   extra one must be closed before any frame (no metadata) with 1013 and 'All lines are
 *   busy. Please try again in a minute.'. After one call hangs up, a new call is accepted
 *   (on the signed URL of a refused call: a capacity refusal must not spend it), and the
 *   next extra is refused again.
 *
 * Exit 1 only when a correctness rule breaks (never on a timing figure); 2 when it cannot run.
 * Options: --frames=<n> (10000) --lanes=<n> (4)
 */
import os from "node:os";
import { createInterface } from "node:readline";
import { setTimeout as delay } from "node:timers/promises";
import WebSocket from "ws";
import { busyReason } from "@mockingbird/contract/close-reasons";
import { numberOption, stringOption } from "@mockingbird/testkit/cli-options";
import { tableOfRows, type Cell, type FigureTable } from "@mockingbird/testkit/figures/figures";
import { startFigures } from "@mockingbird/testkit/figures/record";
import { agentSignedUrl, startLocalAgent, type LocalAgent } from "@mockingbird/testkit/servers/agent-process";

const only = stringOption("only");
const targetFrames = numberOption("frames", 10_000);
const lanes = numberOption("lanes", 4);
const apiKey = "faults-bench-agent-key";
const agentId = "it-helpdesk-mfa-reset";
/** Whole malformed phase, new connections stop after this (the report says so; not a failure). */
const malformedDeadlineMs = 150_000;
const maxPayloadBytes = 256 * 1024;

const failures: string[] = [];
const figures = startFigures("agent-faults");
const tables: FigureTable[] = [];
const notes: string[] = [];
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));

// ------------------------------------------------------------------ the agent process

type AgentProcess = LocalAgent & {
  readonly logLevels: Map<string, number>;
  readonly errorLines: string[];
};

const levelNames: Record<number, string> = { 10: "trace", 20: "debug", 30: "info", 40: "warn", 50: "error", 60: "fatal" };

async function startAgent(env: Record<string, string> = {}): Promise<AgentProcess> {
  let agent: LocalAgent;
  const logLevels = new Map<string, number>();
  const errorLines: string[] = [];
  try {
    agent = await startLocalAgent({ env: { LOCAL_AGENT_API_KEY: apiKey, ...env }, stdio: "pipe", readyTimeoutMs: 120_000 });
  } catch (error) {
    cannotRun(error instanceof Error ? error.message : String(error));
  }
  const { child } = agent;
  // The agent logs JSON lines on stdout (pino); count them by level, keep errors verbatim.
  createInterface({ input: child.stdout! }).on("line", (line) => {
    let level = "unparsed";
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
      level = levelNames[entry.level ?? 0] ?? String(entry.level);
      // Kept as message (and error message), so repeats group together.
      if ((entry.level ?? 0) >= 50) errorLines.push(`${entry.msg ?? ""}${entry.err?.message ? ` (${entry.err.message})` : ""}`);
    } catch {
      errorLines.push(`(not JSON) ${line.slice(0, 300)}`);
    }
    logLevels.set(level, (logLevels.get(level) ?? 0) + 1);
  });
  createInterface({ input: child.stderr! }).on("line", (line) => errorLines.push(`(stderr) ${line.slice(0, 400)}`));
  return Object.assign(agent, { logLevels, errorLines });
}

type Health = { status: string; calls: { active: number; limit: number }; speech: { recognition: string } };

async function health(origin: string): Promise<{ status: number; body: Health | null }> {
  try {
    const response = await fetch(`${origin}/health`, { signal: AbortSignal.timeout(5_000) });
    return { status: response.status, body: (await response.json()) as Health };
  } catch {
    return { status: 0, body: null };
  }
}

/** Polls /health until `calls.active` is `active` (the server frees a line when the socket is gone). */
async function waitForActiveCalls(origin: string, active: number, timeoutMs = 5_000): Promise<number | null> {
  const deadline = Date.now() + timeoutMs;
  let last: number | null = null;
  while (Date.now() < deadline) {
    last = (await health(origin)).body?.calls.active ?? null;
    if (last === active) return last;
    await delay(100);
  }
  return last;
}

const signedUrl = (origin: string) => agentSignedUrl(origin, agentId, apiKey);

// ------------------------------------------------------------------ a client connection

type ServerFrame = { type?: string; agent_response_event?: { agent_response?: string }; ping_event?: { event_id?: number } };

/** One websocket to the agent, recording what comes back and how it ends. */
class Connection {
  readonly ws: WebSocket;
  readonly frames: ServerFrame[] = [];
  readonly opened: Promise<boolean>;
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: { type: string; resolve: (frame: ServerFrame | null) => void }[] = [];
  isClosed = false;

  constructor(url: string, options: { answerPings?: boolean } = {}) {
    this.ws = new WebSocket(url, ["convai"]);
    this.ws.on("error", () => undefined); // the close event says how it ended
    this.opened = new Promise((resolve) => {
      this.ws.once("open", () => resolve(true));
      this.ws.once("close", () => resolve(false));
    });
    this.closed = new Promise((resolve) => {
      this.ws.once("close", (code, reason) => {
        this.isClosed = true;
        for (const waiter of this.waiters.splice(0)) waiter.resolve(null);
        resolve({ code, reason: reason.toString("utf8") });
      });
    });
    this.ws.on("message", (data, isBinary) => {
      let frame: ServerFrame = { type: "(unparsable)" };
      try {
        frame = isBinary ? { type: "(binary)" } : (JSON.parse(String(data)) as ServerFrame);
      } catch {
        // recorded as unparsable
      }
      this.frames.push(frame);
      if (options.answerPings && frame.type === "ping") this.send(JSON.stringify({ type: "pong", event_id: frame.ping_event?.event_id }));
      const matching = this.waiters.filter((waiter) => waiter.type === frame.type);
      this.waiters = this.waiters.filter((waiter) => waiter.type !== frame.type);
      for (const waiter of matching) waiter.resolve(frame);
    });
  }

  /** False once the socket is no longer open (the frame is not sent). */
  send(data: string | Buffer, binary = false): boolean {
    if (this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(data, { binary });
    return true;
  }

  /** The first frame of `type` (already received or next), or null on close or timeout. */
  next(type: string, timeoutMs: number): Promise<ServerFrame | null> {
    const seen = this.frames.find((frame) => frame.type === type);
    if (seen) return Promise.resolve(seen);
    if (this.isClosed) return Promise.resolve(null);
    return new Promise((resolve) => {
      const waiter = {
        type,
        resolve: (frame: ServerFrame | null) => {
          clearTimeout(timer);
          resolve(frame);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((other) => other !== waiter);
        resolve(null);
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Waits for the server's close; closes from this side after `timeoutMs`. */
  async closedWithin(timeoutMs: number): Promise<{ code: number; reason: string } | null> {
    const result = await Promise.race([this.closed, delay(timeoutMs).then(() => null)]);
    if (result === null) {
      this.ws.terminate();
      await this.closed;
    }
    return result;
  }
}

const initFrame = (textOnly: boolean) =>
  JSON.stringify({ type: "conversation_initiation_client_data", conversation_config_override: { agent: {}, tts: {}, conversation: textOnly ? { text_only: true } : {} }, dynamic_variables: {} });

// ------------------------------------------------------------------ phase 1: malformed frames

/** A small seeded PRNG, so a run's mix is the same every time. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Garbage = { kind: string; data: string | Buffer; binary?: boolean; afterInitOnly?: boolean };

function garbageFrames(random: () => number): (() => Garbage)[] {
  const junk = () => Array.from({ length: 1 + Math.floor(random() * 60) }, () => String.fromCharCode(32 + Math.floor(random() * 95))).join("");
  return [
    () => ({ kind: "invalid JSON", data: `{"type":"user_message","text":"${junk()}` }),
    () => ({ kind: "invalid JSON", data: `${junk()}}{` }),
    () => ({ kind: "not an object", data: ["[1,2,3]", "42", "null", '"user_audio_chunk"', "true"][Math.floor(random() * 5)]! }),
    () => ({ kind: "unknown type", data: JSON.stringify({ type: `no_such_type_${Math.floor(random() * 1e6)}` }) }),
    () => ({ kind: "unknown type", data: JSON.stringify({ type: 7, text: "typed" }) }),
    () => ({ kind: "unknown type", data: JSON.stringify({ hello: "no type and no audio" }) }),
    () => ({ kind: "bad base64 audio", data: JSON.stringify({ user_audio_chunk: "!!not*base64??" }) }),
    () => ({ kind: "bad base64 audio", data: JSON.stringify({ user_audio_chunk: "AAA" }) }),
    () => ({ kind: "bad base64 audio", data: JSON.stringify({ user_audio_chunk: 12345 }) }),
    () => ({ kind: "odd-length audio", data: JSON.stringify({ user_audio_chunk: Buffer.alloc(1 + 2 * Math.floor(random() * 800)).toString("base64") }) }),
    () => ({ kind: "wrong field types", data: JSON.stringify({ type: "pong", event_id: { nested: true } }) }),
    () => ({ kind: "wrong field types", data: JSON.stringify({ type: "user_message", text: 42 }) }),
    () => ({ kind: "wrong field types", data: JSON.stringify({ type: "feedback", score: "meh" }) }),
    () => ({ kind: "wrong field types", data: JSON.stringify({ type: "client_tool_result", tool_call_id: "" }) }),
    () => ({ kind: "over-long typed text", data: JSON.stringify({ type: "user_message", text: "x".repeat(1_001 + Math.floor(random() * 5_000)) }) }),
    () => ({ kind: "binary frame", data: Buffer.from(Array.from({ length: 1 + Math.floor(random() * 512) }, () => Math.floor(random() * 256))), binary: true }),
    () => ({ kind: "repeated init", data: initFrame(false), afterInitOnly: true }),
  ];
}

type Close = { code: number; reason?: string };
const tooManyMalformed: Close = { code: 1008, reason: "Too many malformed messages." };
const tooManyMessages: Close = { code: 1008, reason: "Too many messages." };

/** What a connection can send once its init (if any) is answered; each counted by kind. */
type Sender = {
  garbage(howMany: number): void;
  /** One malformed frame of a kind of its own, as a text frame. */
  malformed(kind: string, data: string | Buffer): void;
  /** Valid frames, too many or too fast. */
  flood(frame: string, times: number): void;
};
type Fault = { init: "voice" | "text" | "none"; send(sender: Sender): void; close: Close };

/** Each fault: the init its connection sends first, what it sends then, and the close it must get. */
const faults = {
  "garbage, voice call": { init: "voice", send: (s) => s.garbage(strikes + 1), close: tooManyMalformed },
  "garbage, text-only call": { init: "text", send: (s) => s.garbage(strikes + 1), close: tooManyMalformed },
  "garbage before init": { init: "none", send: (s) => s.garbage(strikes + 1), close: tooManyMalformed },
  "oversized frame": {
    init: "text",
    send: (s) => {
      s.garbage(5);
      s.malformed("oversized (> 256 KiB)", JSON.stringify({ type: "user_message", text: "y".repeat(maxPayloadBytes + 4096) }));
    },
    close: { code: 1009 },
  },
  "non-UTF-8 text": {
    init: "none",
    send: (s) => {
      s.garbage(5);
      s.malformed("text frame, not UTF-8", Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]));
    },
    close: { code: 1007 },
  },
  "frame flood": { init: "text", send: (s) => s.flood(JSON.stringify({ type: "user_activity" }), 800), close: tooManyMessages },
  // 200 KiB frames, each under the size cap, past the 2 MiB burst.
  "byte flood": { init: "text", send: (s) => s.flood(JSON.stringify({ type: "contextual_update", text: "z".repeat(200 * 1024) }), 14), close: tooManyMessages },
  // 1 s of silence per frame, sent at once: far past 2x real time with a 20 s burst.
  "audio flood": {
    init: "voice",
    send: (s) => s.flood(JSON.stringify({ user_audio_chunk: Buffer.alloc(32_000).toString("base64") }), 30),
    close: { code: 1008, reason: "Audio is arriving faster than real time." },
  },
} satisfies Record<string, Fault>;
type Plan = keyof typeof faults;
const closeText = ({ close }: Fault) => `${close.code} ${close.reason ?? ""}`.trim();

/** Which plan connection `n` follows: mostly garbage, the rest spread evenly through the run. */
function planFor(n: number): Plan {
  if (n % 150 === 75) return "audio flood";
  if (n % 50 === 10) return "frame flood";
  if (n % 50 === 35) return "byte flood";
  if (n % 25 === 5) return "oversized frame";
  if (n % 25 === 18) return "non-UTF-8 text";
  return (["garbage, voice call", "garbage, text-only call", "garbage before init"] as const)[n % 3]!;
}

/** Strikes the agent tolerates at once (abuse.ts): the next bad frame closes the socket. */
const strikes = 20;

async function malformedPhase(): Promise<void> {
  console.log(`\n== malformed frames: ${targetFrames} over ${lanes} concurrent connections at a time, reconnecting after each close`);
  const agent = await startAgent();
  const idleHealth = await health(agent.origin);
  console.log(`agent up (recognition ${idleHealth.body?.speech.recognition}, line limit ${idleHealth.body?.calls.limit}); RSS ${agent.rssMb().toFixed(0)} MB`);

  // A first valid call warms the agent up (speech models, JIT), so the RSS baseline is not a cold process.
  const warm = await validCall(agent.origin);
  if (!warm.ok) failures.push(`malformed: the warm-up call failed before any abuse: ${warm.detail}`);
  await waitForActiveCalls(agent.origin, 0);
  const rssBefore = agent.rssMb();

  const random = prng(20_260_522);
  const makers = garbageFrames(random);
  const sentByKind = new Map<string, number>();
  const closes = new Map<string, number>();
  const mismatches = new Map<string, number>();
  const plans = new Map<Plan, number>();
  let malformedSent = 0;
  let floodSent = 0;
  let validSent = 0;
  let voiceCalls = 0;
  let connections = 0;
  let stoppedAtDeadline = false;
  const count = (map: Map<string, number>, key: string, by = 1) => map.set(key, (map.get(key) ?? 0) + by);
  const startedAt = performance.now();

  const sendGarbage = (connection: Connection, howMany: number, live: boolean): void => {
    let sent = 0;
    while (sent < howMany) {
      const frame = makers[Math.floor(random() * makers.length)]!();
      if (frame.afterInitOnly && !live) continue;
      if (!connection.send(frame.data, frame.binary)) break;
      count(sentByKind, frame.kind);
      sent += 1;
    }
    malformedSent += sent;
  };

  async function runConnection(n: number): Promise<void> {
    const plan = planFor(n);
    plans.set(plan, (plans.get(plan) ?? 0) + 1);
    const connection = new Connection(await signedUrl(agent.origin));
    if (!(await connection.opened)) {
      const result = await connection.closed;
      count(closes, `${result.code} ${result.reason || "(no reason)"}`);
      count(mismatches, `${plan}: refused at open with ${result.code} ${result.reason}`);
      return;
    }
    const fault: Fault = faults[plan];
    if (fault.init !== "none") {
      connection.send(initFrame(fault.init === "text"));
      validSent += 1;
      if (fault.init === "voice") voiceCalls += 1;
      if (!(await connection.next("conversation_initiation_metadata", 10_000))) count(mismatches, `${plan}: no metadata after a valid init`);
    }
    fault.send({
      garbage: (howMany) => sendGarbage(connection, howMany, fault.init !== "none"),
      malformed: (kind, data) => {
        if (!connection.send(data)) return;
        count(sentByKind, kind);
        malformedSent += 1;
      },
      flood: (frame, times) => {
        for (let i = 0; i < times && connection.send(frame); i += 1) floodSent += 1;
      },
    });
    const result = await connection.closedWithin(10_000);
    const key = result ? `${result.code} ${result.reason || "(no reason)"}` : "not closed by the agent within 10 s";
    count(closes, key);
    const expected = fault.close;
    if (!result || result.code !== expected.code || (expected.reason !== undefined && result.reason !== expected.reason)) count(mismatches, `${plan}: ${key}`);
  }

  let nextConnection = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (malformedSent < targetFrames) {
        if (performance.now() - startedAt > malformedDeadlineMs) {
          stoppedAtDeadline = true;
          return;
        }
        if (!agent.alive()) return;
        const n = nextConnection;
        nextConnection += 1;
        connections += 1;
        try {
          await runConnection(n);
        } catch (error) {
          count(mismatches, `connection failed: ${error instanceof Error ? error.message : String(error)}`);
          if (!agent.alive()) return;
        }
      }
    }),
  );
  const seconds = (performance.now() - startedAt) / 1000;
  const rssAfter = agent.rssMb();

  note(`\nmalformed frames sent: ${malformedSent} in ${seconds.toFixed(1)} s (${Math.round(malformedSent / seconds)}/s) over ${connections} connections; plus ${floodSent} flood frames (valid, too fast) and ${validSent} valid init frames (${voiceCalls} of them voice calls, each of which has its greeting synthesized)`);
  if (stoppedAtDeadline) note(`note: stopped at the ${malformedDeadlineMs / 1000} s deadline before reaching ${targetFrames} frames`);
  table("malformed-kinds", `Malformed frames sent, by kind (${targetFrames} over ${lanes} concurrent connections)`, [...sentByKind.entries()].sort(([, a], [, b]) => b - a).map(([kind, frames]) => ({ kind, frames })));
  table("malformed-plans", "Connections by plan, and the close each must get", [...plans.entries()].map(([plan, n]) => ({ plan, connections: n, "expected close": closeText(faults[plan]) })), "connections by plan:");
  table("malformed-closes", "Closes by code and reason", [...closes.entries()].sort(([, a], [, b]) => b - a).map(([close, n]) => ({ close, connections: n })), "closes by code and reason:");
  for (const [what, n] of mismatches) failures.push(`malformed: ${n} connection(s) ended otherwise than documented: ${what}`);

  // Afterwards: alive, healthy, no line left taken, and a fresh call still works.
  if (!agent.alive()) failures.push(`malformed: the agent process died (exit code ${agent.child.exitCode}, signal ${agent.child.signalCode})`);
  const activeLeft = await waitForActiveCalls(agent.origin, 0);
  const after = await health(agent.origin);
  note(`/health after: HTTP ${after.status} ${JSON.stringify(after.body)}`);
  if (after.status !== 200 || after.body?.status !== "ok") failures.push(`malformed: /health answered ${after.status} after the abuse`);
  if (activeLeft !== 0) failures.push(`malformed: ${activeLeft} line(s) still taken after every socket closed (a leaked slot)`);
  const fresh = await validCall(agent.origin);
  note(`fresh valid call right after: ${fresh.detail}`);
  if (!fresh.ok) failures.push(`malformed: a fresh valid call right after the abuse did not get metadata first, then its greeting's text and audio: ${fresh.detail}`);
  await waitForActiveCalls(agent.origin, 0);
  const rssSettled = agent.rssMb();
  note(
    `agent RSS: ${rssBefore.toFixed(0)} MB before, ${rssAfter.toFixed(0)} MB right after (${signed(rssAfter - rssBefore)} MB), ` +
      `${rssSettled.toFixed(0)} MB after the fresh call (${signed(rssSettled - rssBefore)} MB)`,
  );
  note(`agent log lines by level: ${[...agent.logLevels.entries()].map(([level, n]) => `${level} ${n}`).join(", ") || "none"}`);
  reportErrorLines("malformed", agent.errorLines);
  await agent.stop();
}

/**
 * Error lines the agent logged, grouped by message. A handler that threw (the agent's
 * "every handler is total" rule) breaks correctness; other errors are printed as findings.
 */
function reportErrorLines(phase: string, lines: readonly string[]): void {
  const byMessage = new Map<string, number>();
  for (const message of lines) byMessage.set(message, (byMessage.get(message) ?? 0) + 1);
  for (const [message, n] of byMessage) {
    if (/handler failed|uncaught|unhandled|could not start|fatal/i.test(message) || message.startsWith("(stderr)")) failures.push(`${phase}: the agent logged ${n} x "${message}"`);
    else note(`agent error log (${phase}): ${n} x "${message}"`);
  }
}

/** A call as the SDK makes it: init, then metadata first, then the greeting's text and audio. */
async function validCall(origin: string): Promise<{ ok: boolean; detail: string }> {
  const startedAt = performance.now();
  const connection = new Connection(await signedUrl(origin), { answerPings: true });
  if (!(await connection.opened)) {
    const result = await connection.closed;
    return { ok: false, detail: `closed before open: ${result.code} ${result.reason}` };
  }
  connection.send(initFrame(false));
  const metadata = await connection.next("conversation_initiation_metadata", 10_000);
  const first = connection.frames[0]?.type;
  const greeting = await connection.next("agent_response", 10_000);
  const audio = await connection.next("audio", 15_000);
  const audioMs = performance.now() - startedAt;
  connection.ws.close(1000, "User ended conversation");
  await connection.closedWithin(5_000);
  if (!metadata || first !== "conversation_initiation_metadata") return { ok: false, detail: `first frame ${first ?? "none"}, metadata ${metadata ? "late" : "missing"}` };
  if (!greeting || !audio) return { ok: false, detail: `metadata, then greeting text ${greeting ? "received" : "missing"}, audio ${audio ? "received" : "missing"}` };
  return { ok: true, detail: `metadata first, greeting "${greeting.agent_response_event?.agent_response?.slice(0, 60) ?? ""}..." and its audio after ${audioMs.toFixed(0)} ms` };
}

// ------------------------------------------------------------------ phase 2: over capacity

async function capacityPhase(): Promise<void> {
  const limit = 5;
  console.log(`\n== over capacity: AGENT_MAX_CONCURRENT_CALLS=${limit}, ${limit} calls, then ${limit} more at once`);
  const agent = await startAgent({ AGENT_MAX_CONCURRENT_CALLS: String(limit) });
  const rows: Record<string, string | number>[] = [];
  const calls: Connection[] = [];
  for (let index = 0; index < limit; index += 1) {
    const connection = new Connection(await signedUrl(agent.origin), { answerPings: true });
    const opened = await connection.opened;
    if (opened) connection.send(initFrame(false));
    const metadata = opened ? await connection.next("conversation_initiation_metadata", 10_000) : null;
    rows.push({ call: `call ${index + 1}`, result: metadata ? "accepted: metadata" : "NOT accepted" });
    if (!metadata) failures.push(`capacity: call ${index + 1} of ${limit} was not accepted`);
    calls.push(connection);
  }
  const full = await health(agent.origin);
  note(`/health with ${limit} calls: ${JSON.stringify(full.body?.calls)}`);
  if (full.body?.calls.active !== limit) failures.push(`capacity: /health reports ${full.body?.calls.active} active calls, expected ${limit}`);

  const refusedUrls: string[] = [];
  const extra = async (label: string): Promise<void> => {
    const url = await signedUrl(agent.origin);
    refusedUrls.push(url);
    const connection = new Connection(url);
    // The SDK sends its init as soon as the socket opens.
    if (await connection.opened) connection.send(initFrame(false));
    const result = await connection.closedWithin(5_000);
    const frames = connection.frames.map((frame) => frame.type).join(",");
    const ok = result?.code === 1013 && result.reason === busyReason && connection.frames.length === 0;
    rows.push({ call: label, result: result ? `closed ${result.code} '${result.reason}'` : "not closed within 5 s", "frames before close": frames || "none", ok: ok ? "yes" : "NO" });
    if (!ok) failures.push(`capacity: ${label} was not refused as documented (${result ? `${result.code} '${result.reason}'` : "no close"}, frames: ${frames || "none"})`);
  };
  await Promise.all(Array.from({ length: limit }, (_, index) => extra(`extra ${index + 1}`)));

  // One call hangs up; the line is free again.
  calls[0]!.ws.close(1000, "User ended conversation");
  await calls[0]!.closed;
  const freed = await waitForActiveCalls(agent.origin, limit - 1);
  if (freed !== limit - 1) failures.push(`capacity: after one call hung up /health reports ${freed} active, expected ${limit - 1}`);
  // On the signed URL a refused call was given: a capacity refusal must not have spent it.
  const again = new Connection(refusedUrls[0]!, { answerPings: true });
  if (await again.opened) again.send(initFrame(false));
  const metadata = await again.next("conversation_initiation_metadata", 10_000);
  const greeting = await again.next("agent_response", 10_000);
  rows.push({ call: "after one hung up (on a refused call's signed URL)", result: metadata ? `accepted: metadata${greeting ? " and greeting" : ""}` : `NOT accepted (${JSON.stringify(await Promise.race([again.closed, delay(0)]))})` });
  if (!metadata) failures.push("capacity: after a call hung up, a new call (on a refused call's signed URL) was not accepted");
  calls[0] = again;
  await extra("one more extra (lines full again)");
  table("capacity", `Over capacity: AGENT_MAX_CONCURRENT_CALLS=${limit}, ${limit} calls, then ${limit} more at once`, rows);

  for (const call of calls) call.ws.close(1000, "User ended conversation");
  await Promise.all(calls.map((call) => call.closedWithin(5_000)));
  const left = await waitForActiveCalls(agent.origin, 0);
  note(`/health after every call hung up: ${left} active`);
  if (left !== 0) failures.push(`capacity: ${left} line(s) still taken after every call hung up`);
  if (!agent.alive()) failures.push("capacity: the agent process died");
  reportErrorLines("capacity", agent.errorLines);
  await agent.stop();
}

// ------------------------------------------------------------------ plumbing

/** Prints a table (under `label`, if given) and keeps it for the record. */
function table(id: string, title: string, rows: readonly Record<string, Cell | undefined>[], label?: string): void {
  if (label !== undefined) console.log(label);
  console.table(rows);
  tables.push(tableOfRows(id, title, rows));
}

/** Prints a finding and keeps it for the record's notes. */
function note(line: string): void {
  console.log(line);
  notes.push(`- ${line.replace(/^\n/, "")}`);
}

function signed(value: number): string {
  return `${value >= 0 ? "+" : ""}${value.toFixed(0)}`;
}

function cannotRun(message: string): never {
  console.error(`agent faults: ${message}`);
  process.exit(2);
}

async function main(): Promise<void> {
  console.log(`agent faults: Node ${process.version}, load average ${os.loadavg().map((v) => v.toFixed(2)).join(" ")}`);
  if (only === undefined || only === "malformed") await malformedPhase();
  if (only === undefined || only === "capacity") await capacityPhase();
  figures.record({ tables, notes, failures });
  if (failures.length > 0) {
    console.error(`\nFAILED (correctness):\n- ${failures.join("\n- ")}`);
    process.exitCode = 1;
  } else console.log("\nall checks passed");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 2;
});
