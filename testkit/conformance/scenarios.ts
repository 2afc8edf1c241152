/**
 * The conformance scenarios: ElevenLabs' own client (@elevenlabs/client, unmodified) holds a
 * call with a server and checks what it gets, as a developer who builds on the service would.
 * The same code runs in Node (testkit/conformance/run-node.ts) and in Chromium
 * (testkit/conformance/page.ts), against the double of the service (testkit/fakes/elevenlabs-service)
 * and against the local agent, so the agent is held to what the service does.
 *
 * Each scenario returns its checks by name; a runner reports them and the test asserts them.
 */
import type { Conversation, PartialOptions } from "@elevenlabs/client";

export type Check = { what: string; ok: boolean; seen?: unknown };
export type ScenarioResult = { scenario: ScenarioName; checks: Check[] };

export const textScenarios = ["greeting", "typed-turn", "end-call", "time-limit"] as const;
/** Need a microphone: Chromium with a fake one (the client has no audio platform in Node). */
export const voiceScenarios = ["voice-turn", "barge-in"] as const;
export type ScenarioName = (typeof textScenarios)[number] | (typeof voiceScenarios)[number];

export type ScenarioContext = {
  startSession(options: PartialOptions & { signedUrl: string }): Promise<Conversation>;
  /** A fresh signed URL for one call. */
  signedUrl(): Promise<string>;
  /** The server's greeting, as it is configured. */
  greeting: string;
  /** A typed line that makes the caller hang up (end_call). */
  goodbye: string;
  /** How long the server lets a call run (the time-limit scenario waits for it). */
  maxDurationMs: number;
};

type Recorded = { at: number; kind: string; [key: string]: unknown };

/** One call with every callback recorded. */
async function call(context: ScenarioContext, voice: boolean) {
  const events: Recorded[] = [];
  const started = Date.now();
  const record = (kind: string, data: Record<string, unknown> = {}) => events.push({ at: Date.now() - started, kind, ...data });
  const conversation = await context.startSession({
    signedUrl: await context.signedUrl(),
    connectionType: "websocket",
    textOnly: !voice,
    onConnect: () => record("connect"),
    onMessage: ({ role, message, event_id }) => record("message", { role, message, eventId: event_id }),
    onAgentChatResponsePart: ({ type, text, event_id }) => record("part", { type, text, eventId: event_id }),
    onVadScore: ({ vadScore }) => record("vad", { score: vadScore }),
    onInterruption: ({ event_id }) => record("interruption", { eventId: event_id }),
    onAgentResponseCorrection: (event) => record("correction", { original: event.original_agent_response, corrected: event.corrected_agent_response }),
    onAgentToolResponse: (event) => record("tool-response", { name: event.tool_name }),
    onDisconnect: (details) => record("disconnect", { reason: details.reason, context: (details as { context?: { type?: string } }).context?.type ?? null }),
    onError: (message) => record("error", { message }),
    clientTools: {
      show_red_flag_debrief: async (parameters: Record<string, unknown>) => {
        record("client-tool", { parameters });
        return "shown";
      },
    },
  });
  const until = async (predicate: (event: Recorded) => boolean, timeoutMs: number): Promise<Recorded | undefined> => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = events.find(predicate);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return undefined;
  };
  const end = async () => {
    if (conversation.isOpen()) await conversation.endSession();
  };
  return { conversation, events, until, end };
}

const agentLines = (events: Recorded[]) => events.filter((event) => event.kind === "message" && event.role === "agent");

export async function runScenario(name: ScenarioName, context: ScenarioContext): Promise<ScenarioResult> {
  const checks: Check[] = [];
  const check = (what: string, ok: boolean, seen?: unknown) => checks.push({ what, ok, ...(ok ? {} : { seen }) });
  const voice = (voiceScenarios as readonly string[]).includes(name);
  const c = await call(context, voice);
  try {
    switch (name) {
      case "greeting": {
        const greeting = await c.until((event) => event.kind === "message" && event.role === "agent", 5_000);
        check("the greeting reaches onMessage as the agent's line", greeting?.message === context.greeting, greeting ?? c.events);
        break;
      }
      case "typed-turn": {
        await c.until((event) => event.kind === "message" && event.role === "agent", 5_000);
        c.conversation.sendUserMessage("Who is this, please?");
        const reply = await c.until((event) => event.kind === "message" && event.role === "agent" && agentLines(c.events).indexOf(event) >= 1, 10_000);
        check("the typed turn is answered", reply !== undefined, c.events);
        const parts = c.events.filter((event) => event.kind === "part" && event.eventId === reply?.eventId);
        const deltas = parts.filter((part) => part.type === "delta").map((part) => String(part.text));
        check("the reply streamed: start, deltas, stop", parts[0]?.type === "start" && parts.at(-1)?.type === "stop" && deltas.length > 1, parts);
        check("the deltas add up to the whole reply", deltas.join("") === reply?.message, { deltas, reply: reply?.message });
        check("the typed line is not echoed back as the visitor's transcript", !c.events.some((event) => event.kind === "message" && event.role === "user"), c.events);
        break;
      }
      case "end-call": {
        await c.until((event) => event.kind === "message" && event.role === "agent", 5_000);
        c.conversation.sendUserMessage(context.goodbye);
        const ended = await c.until((event) => event.kind === "disconnect", 20_000);
        check("the caller's debrief reaches the page's client tool before the end", c.events.some((event) => event.kind === "client-tool"), c.events);
        check("end_call ends the session as the agent's hang-up", ended?.reason === "agent" && ended.context === "end_call", ended ?? c.events);
        break;
      }
      case "time-limit": {
        const ended = await c.until((event) => event.kind === "disconnect", context.maxDurationMs + 10_000);
        check("the time limit ends the session with max_duration_exceeded", ended?.reason === "error" && ended.context === "max_duration_exceeded", ended ?? c.events);
        break;
      }
      case "voice-turn": {
        const greeting = await c.until((event) => event.kind === "message" && event.role === "agent", 5_000);
        check("the greeting arrives", greeting?.message === context.greeting, greeting ?? c.events);
        const heard = await c.until((event) => event.kind === "message" && event.role === "user", 25_000);
        check("the spoken turn comes back as the visitor's transcript", typeof heard?.message === "string" && heard.message !== "", c.events);
        const scores = c.events.filter((event) => event.kind === "vad").map((event) => Number(event.score));
        check("vad_score rises while the visitor speaks", scores.some((score) => score >= 0.5) && scores.every((score) => score >= 0 && score <= 1), scores);
        const reply = await c.until((event) => event.kind === "message" && event.role === "agent" && heard !== undefined && c.events.indexOf(event) > c.events.indexOf(heard), 10_000);
        check("the spoken turn is answered", reply !== undefined, c.events);
        break;
      }
      case "barge-in": {
        const interruption = await c.until((event) => event.kind === "interruption", 20_000);
        check("speaking over the greeting interrupts it", interruption !== undefined, c.events);
        const correction = await c.until((event) => event.kind === "correction", 5_000);
        check("the greeting is corrected to what was heard", correction !== undefined && String(correction.corrected).length < String(correction.original).length, correction ?? c.events);
        const heard = await c.until((event) => event.kind === "message" && event.role === "user", 20_000);
        check("the interrupting turn comes back as the visitor's transcript", heard !== undefined, c.events);
        break;
      }
    }
    check("no error reported", !c.events.some((event) => event.kind === "error"), c.events.filter((event) => event.kind === "error"));
  } finally {
    await c.end();
  }
  return { scenario: name, checks };
}

/** The greeting heard by the official client in `runs` calls one after another. */
export async function greetingsHeard(context: ScenarioContext, runs: number): Promise<number> {
  let heard = 0;
  for (let i = 0; i < runs; i++) {
    const c = await call(context, false);
    const greeting = await c.until((event) => event.kind === "message" && event.role === "agent", 3_000);
    if (greeting?.message === context.greeting) heard += 1;
    await c.end();
  }
  return heard;
}
