/**
 * `npm run bench:agent`: end of visitor speech -> first agent audio, through the real protocol,
 * with the real agent (pocketsphinx, flite, the playbook caller) in its own process. Visitors
 * speak answers from the evaluation set (held-out split first) in Debian's flite and festival
 * voices, streamed in real time in 20 ms frames like a browser microphone, and a turn counts as
 * understood when the caller's reply is its reaction to what the visitor meant.
 *
 * Phase 1: one call at a time (`--sequential-calls`, default 4, of 5 turns). Phase 2: `--calls` calls (default 10) at once,
 * arriving at random moments over `--arrival-s` seconds (default 20) and pausing 0.5-1.5 s after
 * each reply like a person; p50/p95 latency, understood, and the agent's CPU and memory per call.
 *
 *   npx tsx agent/bench/call-latency.ts [--calls=10] [--arrival-s=20] [--sequential-calls=4]
 */
import { availableParallelism, loadavg } from "node:os";
import WebSocket from "ws";
import { createCaller } from "../src/caller";
import type { Playbook } from "../src/caller/playbook-schema";
import { loadPlaybooks } from "../src/caller/playbooks";
import { concatPcm, pcmToBase64, samplesForMs } from "../src/speech/audio";
import { loadEvaluationSet, type EvaluatedIntent, type EvaluationUtterance } from "../eval/evaluation-set";
import { lastSpeechSample } from "../tests/support/speech-fixtures";
import { numberOption } from "./support/cli-options";
import { startLocalAgent } from "./support/local-agent";
import { evaluationVoices, speakAs } from "./support/voices";

const apiKey = "bench-agent-key";
const frameMs = 20;
const frameSamples = samplesForMs(frameMs);
const concurrentCalls = Math.max(1, numberOption("calls", 10));
const sequentialCalls = Math.max(1, numberOption("sequential-calls", 4));
const arrivalMs = numberOption("arrival-s", 20) * 1000;
/** A turn the agent has not answered by then counts as unanswered instead of hanging the run. */
const replyTimeoutMs = 10_000;

/** Each call: who, what, why, a call-back offer, "say again", then how the visitor ends it. */
const script: readonly EvaluatedIntent[] = ["ask_identity", "ask_purpose", "offer_callback", "ask_repeat"];
const endings: readonly EvaluatedIntent[] = ["refuse", "verify", "goodbye", "comply"];

type Turn = { utterance: EvaluationUtterance; pcm: Int16Array };
type Sample = { latencyMs: number; understood: boolean; heard: string | null };
type ServerFrame = {
  type: string;
  ping_event?: { event_id?: number };
  audio_event?: { event_id?: number; audio_base_64?: string };
  agent_response_event?: { agent_response?: string; event_id?: number };
  user_transcription_event?: { user_transcript?: string };
};

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Deterministic pseudo-random numbers, so two runs stagger the visitors alike. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const comparable = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();

/** The lines the caller answers each intent with (ask_repeat: its previous line, checked apart). */
function reactionLines(playbook: Playbook): Map<EvaluatedIntent, Set<string>> {
  const fill = (line: string) => comparable(line.replace(/\{\{\s*([a-z0-9_]+)\s*\}\}/g, (_, name: string) => playbook.variables[name] ?? ""));
  const { reactions } = playbook;
  const set = (lines: readonly string[]) => new Set(lines.map(fill));
  return new Map<EvaluatedIntent, Set<string>>([
    ["ask_identity", set(reactions.askIdentity.lines)],
    ["ask_purpose", set(reactions.askPurpose.lines)],
    ["offer_callback", set(reactions.callbackOffer.lines)],
    ["refuse", set([...reactions.refusal.pushes, ...reactions.refusal.giveUp])],
    ["verify", set(reactions.verification)],
    ["comply", set(reactions.compliance)],
    ["goodbye", set(reactions.goodbye)],
  ]);
}

/** One visitor on one call: a microphone that streams a quiet line, and speech on demand. */
class Visitor {
  private socket!: WebSocket;
  private queue: Int16Array[] = [];
  private timer?: NodeJS.Timeout;
  private speechEndsAtFrame = -1;
  private framesSent = 0;
  private speechEndSentAt = 0;
  private lastAgentEventId = 0;
  private lastAgentLine = "";
  private replyWaiter?: (reply: { at: number; eventId: number } | null) => void;
  private heard: string | null = null;
  private audioMsQueued = 0;
  private audioStartedAt = 0;
  private lastAudioAt = 0;
  private readonly lines = new Map<number, string>();
  closed = false;

  constructor(
    private readonly origin: string,
    readonly scenario: string,
  ) {}

  async connect(): Promise<void> {
    const response = await fetch(`${this.origin}/v1/convai/conversation/get-signed-url?agent_id=${this.scenario}`, { headers: { "xi-api-key": apiKey } });
    const { signed_url: signedUrl } = (await response.json()) as { signed_url: string };
    this.socket = new WebSocket(signedUrl, ["convai"]);
    await new Promise<void>((resolve, reject) => {
      this.socket.once("open", () => resolve());
      this.socket.once("error", reject);
    });
    this.socket.on("message", (data) => this.onFrame(JSON.parse(String(data)) as ServerFrame));
    this.socket.on("close", () => {
      this.closed = true;
      this.replyWaiter?.(null);
    });
    this.socket.send(JSON.stringify({ type: "conversation_initiation_client_data", conversation_config_override: {}, dynamic_variables: {} }));
    this.startMicrophone();
    await this.waitForSilenceFromAgent();
  }

  private onFrame(frame: ServerFrame) {
    if (frame.type === "ping") this.socket.send(JSON.stringify({ type: "pong", event_id: frame.ping_event?.event_id }));
    if (frame.type === "user_transcript") this.heard = frame.user_transcription_event?.user_transcript ?? "";
    if (frame.type === "agent_response") this.lines.set(Number(frame.agent_response_event?.event_id), frame.agent_response_event?.agent_response ?? "");
    if (frame.type === "audio") {
      const eventId = Number(frame.audio_event?.event_id);
      const bytes = Buffer.byteLength(frame.audio_event?.audio_base_64 ?? "", "base64");
      const now = performance.now();
      if (this.audioMsQueued === 0 || now - this.lastAudioAt > 1000) this.audioStartedAt = now;
      this.audioMsQueued += bytes / 2 / 16;
      this.lastAudioAt = now;
      if (eventId > this.lastAgentEventId) {
        this.lastAgentEventId = eventId;
        if (this.replyWaiter && this.speechEndSentAt > 0) {
          const waiter = this.replyWaiter;
          this.replyWaiter = undefined;
          waiter({ at: now, eventId });
        }
      }
    }
  }

  /** Waits until the agent's queued audio would have finished playing. */
  private async waitForSilenceFromAgent(): Promise<void> {
    for (;;) {
      if (this.closed) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
      const playbackEnds = this.audioStartedAt + this.audioMsQueued;
      if (this.audioMsQueued > 0 && performance.now() > playbackEnds + 300 && performance.now() - this.lastAudioAt > 500) {
        this.audioMsQueued = 0;
        return;
      }
    }
  }

  private startMicrophone() {
    const started = performance.now();
    const quiet = new Int16Array(frameSamples);
    const tick = () => {
      if (this.closed) return;
      const frame = this.queue.shift() ?? quiet;
      if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ user_audio_chunk: pcmToBase64(frame) }));
      this.framesSent++;
      if (this.framesSent === this.speechEndsAtFrame) this.speechEndSentAt = performance.now();
      // Drift-corrected: frame n leaves at started + n * 20 ms, like a real microphone.
      this.timer = setTimeout(tick, Math.max(0, started + this.framesSent * frameMs - performance.now()));
    };
    tick();
  }

  /** Says one turn and waits for the answer (and for it to finish playing); null when the agent never answered. */
  async say(turn: Turn, expected: Set<string> | "repeat"): Promise<Sample | null> {
    if (this.closed) return null;
    this.heard = null;
    this.speechEndSentAt = 0;
    const previousLine = this.lastAgentLine;
    const speech = concatPcm([new Int16Array(samplesForMs(200)), turn.pcm]);
    const lastSample = lastSpeechSample(speech);
    const frames: Int16Array[] = [];
    for (let offset = 0; offset < speech.length; offset += frameSamples) {
      const frame = new Int16Array(frameSamples);
      frame.set(speech.subarray(offset, offset + frameSamples));
      frames.push(frame);
    }
    this.speechEndsAtFrame = this.framesSent + this.queue.length + Math.ceil((lastSample + 1) / frameSamples);
    const reply = new Promise<{ at: number; eventId: number } | null>((resolve) => {
      this.replyWaiter = resolve;
      setTimeout(() => {
        if (this.replyWaiter !== resolve) return;
        this.replyWaiter = undefined;
        resolve(null);
      }, replyTimeoutMs + frames.length * frameMs);
    });
    this.queue.push(...frames);
    const answered = await reply;
    if (answered === null) return null;
    const line = this.lines.get(answered.eventId) ?? "";
    this.lastAgentLine = line;
    const understood = expected === "repeat" ? comparable(line) === comparable(previousLine) : expected.has(comparable(line));
    const sample = { latencyMs: answered.at - this.speechEndSentAt, understood, heard: this.heard };
    await this.waitForSilenceFromAgent();
    return sample;
  }

  rememberGreeting(): void {
    this.lastAgentLine = this.lines.get(Math.min(...this.lines.keys())) ?? "";
  }

  close() {
    clearTimeout(this.timer);
    this.closed = true;
    if (this.socket.readyState === WebSocket.OPEN) this.socket.close(1000, "User ended conversation");
  }
}

type Plan = { scenario: string; turns: { turn: Turn; intent: EvaluatedIntent }[] };

async function plans(count: number): Promise<Plan[]> {
  const utterances = loadEvaluationSet();
  const scenarios = [...loadPlaybooks().keys()];
  const pick = (scenario: string, intent: EvaluatedIntent, n: number) => {
    const candidates = utterances.filter((u) => u.scenario === scenario && u.intent === intent);
    const ordered = [...candidates.filter((u) => u.split === "held-out"), ...candidates.filter((u) => u.split === "tuning")];
    return ordered[n % ordered.length] as EvaluationUtterance;
  };
  const result: Plan[] = [];
  for (let call = 0; call < count; call++) {
    const scenario = scenarios[call % scenarios.length] as string;
    const intents = [...script, endings[call % endings.length] as EvaluatedIntent];
    const turns = [];
    for (const [index, intent] of intents.entries()) {
      const utterance = pick(scenario, intent, call);
      const voice = evaluationVoices[(call + index) % evaluationVoices.length]!;
      turns.push({ turn: { utterance, pcm: await speakAs(voice, utterance.text) }, intent });
    }
    result.push({ scenario, turns });
  }
  return result;
}

async function runCall(origin: string, plan: Plan, pause: () => number): Promise<(Sample | null)[]> {
  const playbook = loadPlaybooks().get(plan.scenario) as Playbook;
  const expected = reactionLines(playbook);
  const visitor = new Visitor(origin, plan.scenario);
  await visitor.connect();
  visitor.rememberGreeting();
  const samples: (Sample | null)[] = [];
  for (const { turn, intent } of plan.turns) {
    await new Promise((resolve) => setTimeout(resolve, pause()));
    samples.push(await visitor.say(turn, intent === "ask_repeat" ? "repeat" : (expected.get(intent) as Set<string>)));
  }
  visitor.close();
  return samples;
}

function report(label: string, turns: (Sample | null)[]): string {
  const samples = turns.filter((turn): turn is Sample => turn !== null);
  const unanswered = turns.length - samples.length;
  const latencies = samples.map((sample) => sample.latencyMs);
  const understood = samples.filter((sample) => sample.understood).length;
  return (
    `${label}: n=${samples.length}  p50 ${percentile(latencies, 50).toFixed(0)} ms  p95 ${percentile(latencies, 95).toFixed(0)} ms  max ${Math.max(...latencies).toFixed(0)} ms` +
    `  understood ${understood}/${turns.length} (${((100 * understood) / turns.length).toFixed(0)}%)${unanswered > 0 ? `  unanswered ${unanswered}` : ""}`
  );
}

async function main() {
  // Checks the playbooks load before anything starts (a broken playbook is a clear error, not a hang).
  createCaller("it-helpdesk-mfa-reset");
  // Loading the language models takes a few seconds, minutes on a machine busy with other work.
  const agent = await startLocalAgent({ env: { LOCAL_AGENT_API_KEY: apiKey, AGENT_MAX_CONCURRENT_CALLS: String(concurrentCalls + 5), LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" }, readyTimeoutMs: 300_000 });
  try {
    console.log("synthesising visitor speech (flite and festival, cached after the first run) ...");
    const sequentialPlans = await plans(sequentialCalls);
    const concurrentPlans = await plans(concurrentCalls);
    const loadBefore = loadavg()[0] ?? 0;

    console.log("phase 1: one call at a time, 5 turns each (real time, so this takes a few minutes) ...");
    const sequential: (Sample | null)[] = [];
    const steady = () => 800;
    for (const plan of sequentialPlans) sequential.push(...(await runCall(agent.origin, plan, steady)));

    console.log(`phase 2: ${concurrentCalls} calls at once, arriving over ${arrivalMs / 1000} s, 5 turns each ...`);
    const idleRss = agent.rssMb();
    const cpuBefore = agent.cpuMs();
    const startedAt = performance.now();
    let peakRss = idleRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, agent.rssMb())), 250);
    const next = random(12);
    const arrivals = concurrentPlans.map(() => next() * arrivalMs);
    const pause = () => 500 + next() * 1000;
    const concurrent = (
      await Promise.all(
        concurrentPlans.map(async (plan, index) => {
          await new Promise((resolve) => setTimeout(resolve, arrivals[index]));
          return runCall(agent.origin, plan, pause);
        }),
      )
    ).flat();
    clearInterval(sampler);
    const seconds = (performance.now() - startedAt) / 1000;
    const cpuPercent = ((agent.cpuMs() - cpuBefore) / 1000 / seconds) * 100;

    console.log(
      [
        "",
        `end of visitor speech -> first agent audio (targets: one call p50 <= 700 ms, p95 <= 1 s; ${concurrentCalls} calls p95 <= 1.5 s, understood >= 85%)`,
        report("one call at a time    ", sequential),
        report(`${concurrentCalls} calls at once      `, concurrent),
        `agent CPU during the ${concurrentCalls} calls: ${cpuPercent.toFixed(0)}% of one core in all, ${(cpuPercent / concurrentCalls).toFixed(1)}% per call`,
        `agent memory: ${idleRss.toFixed(0)} MB idle, ${peakRss.toFixed(0)} MB peak with ${concurrentCalls} calls, ${((peakRss - idleRss) / concurrentCalls).toFixed(1)} MB per call`,
        `machine: ${availableParallelism()} cores, load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]?.toFixed(1)} after (the bench and its visitors run on the same machine; other work skews every figure)`,
      ].join("\n"),
    );
  } finally {
    await agent.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
