/**
 * `npm run bench:agent`: end of visitor speech -> first agent audio through the real
 * protocol, with the real agent (pocketsphinx, flite, the playbook caller) in its own
 * process. Phase 1: 20 utterances, one call at a time. Phase 2: 20 concurrent calls
 * streaming speech in real time; p95 of the same, and the agent's CPU and memory per call.
 * Visitor speech is flite at test time, streamed in 20 ms frames like a browser microphone.
 */
import { readFileSync } from "node:fs";
import WebSocket from "ws";
import { closeFixtureSpeech, lastSpeechSample, speak } from "../tests/support/speech-fixtures";
import { concatPcm, pcmToBase64, samplesForMs } from "../src/speech/audio";
import { startLocalAgent } from "../../scripts/lib/serve";

const apiKey = "bench-agent-key";
const frameMs = 20;
const frameSamples = samplesForMs(frameMs);
// Phrases from the IT-helpdesk playbook that keep the call going (the caller answers, the call does not end).
const phrases = ["what is this about", "can you say that again please", "how do i know you are from the help desk", "which department are you in"];

type Sample = { latencyMs: number; understood: boolean };
/** A turn the agent has not answered by then counts as unanswered instead of hanging the run. */
const replyTimeoutMs = 10_000;
type ServerFrame = { type: string; ping_event?: { event_id?: number }; audio_event?: { event_id?: number; audio_base_64?: string } };

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** CPU seconds and RSS of a process, from /proc. */
function processUsage(pid: number): { cpuSeconds: number; rssMb: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  const ticks = Number(stat[11]) + Number(stat[12]);
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  return { cpuSeconds: ticks / 100, rssMb: rssKb / 1024 };
}

/** One visitor on one call: a microphone that streams silence, and speech on demand. */
class Visitor {
  private socket!: WebSocket;
  private queue: Int16Array[] = [];
  private timer?: NodeJS.Timeout;
  private speechEndsAtFrame = -1;
  private framesSent = 0;
  private speechEndSentAt = 0;
  private lastAgentEventId = 0;
  private replyWaiter?: (sample: Sample | null) => void;
  private understood = false;
  private audioMsQueued = 0;
  private audioStartedAt = 0;
  private lastAudioAt = 0;

  constructor(private readonly origin: string) {}

  async connect(): Promise<void> {
    const response = await fetch(`${this.origin}/v1/convai/conversation/get-signed-url?agent_id=it-helpdesk-mfa-reset`, { headers: { "xi-api-key": apiKey } });
    const { signed_url: signedUrl } = (await response.json()) as { signed_url: string };
    this.socket = new WebSocket(signedUrl, ["convai"]);
    await new Promise<void>((resolve, reject) => {
      this.socket.once("open", () => resolve());
      this.socket.once("error", reject);
    });
    this.socket.on("message", (data) => this.onFrame(JSON.parse(String(data))));
    this.socket.send(JSON.stringify({ type: "conversation_initiation_client_data", conversation_config_override: {}, dynamic_variables: {} }));
    this.startMicrophone();
    await this.waitForSilenceFromAgent();
  }

  private onFrame(frame: ServerFrame) {
    if (frame.type === "ping") this.socket.send(JSON.stringify({ type: "pong", event_id: frame.ping_event?.event_id }));
    if (frame.type === "user_transcript") this.understood = true;
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
          waiter({ latencyMs: now - this.speechEndSentAt, understood: this.understood });
        }
      }
    }
  }

  /** Waits until the agent's queued audio would have finished playing. */
  private async waitForSilenceFromAgent(): Promise<void> {
    for (;;) {
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
    const tick = () => {
      const frame = this.queue.shift() ?? new Int16Array(frameSamples);
      if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ user_audio_chunk: pcmToBase64(frame) }));
      this.framesSent++;
      if (this.framesSent === this.speechEndsAtFrame) this.speechEndSentAt = performance.now();
      // Drift-corrected: frame n leaves at started + n * 20 ms, like a real microphone.
      this.timer = setTimeout(tick, Math.max(0, started + this.framesSent * frameMs - performance.now()));
    };
    tick();
  }

  /** Null when the agent never answered. */
  async say(speech: Int16Array): Promise<Sample | null> {
    this.understood = false;
    this.speechEndSentAt = 0;
    const lastSample = lastSpeechSample(speech);
    const frames: Int16Array[] = [];
    for (let offset = 0; offset < speech.length; offset += frameSamples) {
      const frame = new Int16Array(frameSamples);
      frame.set(speech.subarray(offset, offset + frameSamples));
      frames.push(frame);
    }
    this.speechEndsAtFrame = this.framesSent + this.queue.length + Math.ceil((lastSample + 1) / frameSamples);
    const reply = new Promise<Sample | null>((resolve) => {
      this.replyWaiter = resolve;
      setTimeout(() => {
        if (this.replyWaiter !== resolve) return;
        this.replyWaiter = undefined;
        resolve(null);
      }, replyTimeoutMs + (frames.length * frameMs));
    });
    this.queue.push(...frames);
    const sample = await reply;
    if (sample === null) return null;
    await this.waitForSilenceFromAgent();
    return sample;
  }

  close() {
    clearTimeout(this.timer);
    this.socket.close(1000, "User ended conversation");
  }
}

async function main() {
  const server = await startLocalAgent({ LOCAL_AGENT_API_KEY: apiKey, AGENT_MAX_CONCURRENT_CALLS: "25", LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" });
  const { origin, child: agent } = server;
  try {
    console.log("synthesizing visitor speech with flite ...");
    const speech = await Promise.all(phrases.map((phrase) => speak(phrase)));
    const withLead = speech.map((pcm) => concatPcm([new Int16Array(samplesForMs(200)), pcm]));

    console.log("phase 1: 20 utterances, one call at a time (real time, so this takes a couple of minutes) ...");
    const sequential: (Sample | null)[] = [];
    for (let call = 0; call < 5; call++) {
      const visitor = new Visitor(origin);
      await visitor.connect();
      for (let turn = 0; turn < 4; turn++) sequential.push(await visitor.say(withLead[turn % withLead.length]!));
      visitor.close();
    }

    console.log("phase 2: 20 concurrent calls, 3 utterances each ...");
    const idle = processUsage(agent.pid!);
    const visitors = Array.from({ length: 20 }, () => new Visitor(origin));
    await Promise.all(visitors.map((visitor) => visitor.connect()));
    const before = processUsage(agent.pid!);
    const startedAt = performance.now();
    let peakRss = before.rssMb;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, processUsage(agent.pid!).rssMb)), 250);
    const concurrent = (
      await Promise.all(
        visitors.map(async (visitor, index) => {
          const samples: (Sample | null)[] = [];
          for (let turn = 0; turn < 3; turn++) samples.push(await visitor.say(withLead[(index + turn) % withLead.length]!));
          return samples;
        }),
      )
    ).flat();
    clearInterval(sampler);
    const after = processUsage(agent.pid!);
    const seconds = (performance.now() - startedAt) / 1000;
    visitors.forEach((visitor) => visitor.close());

    const report = (label: string, turns: (Sample | null)[]) => {
      const samples = turns.filter((turn): turn is Sample => turn !== null);
      const unanswered = turns.length - samples.length;
      if (unanswered > 0) console.log(`${label}: ${unanswered} of ${turns.length} turns got no answer within ${replyTimeoutMs / 1000} s`);
      const latencies = samples.map((sample) => sample.latencyMs);
      const understood = samples.filter((sample) => sample.understood).length;
      console.log(
        `${label}: n=${samples.length}  p50 ${percentile(latencies, 50).toFixed(0)} ms  p95 ${percentile(latencies, 95).toFixed(0)} ms  max ${Math.max(...latencies).toFixed(0)} ms  understood ${understood}/${samples.length}`,
      );
    };
    console.log("\nend of visitor speech -> first agent audio (target p50 <= 700 ms)");
    report("one call at a time   ", sequential);
    report("20 concurrent calls  ", concurrent);
    const cpuPercent = ((after.cpuSeconds - before.cpuSeconds) / seconds) * 100;
    console.log(`agent CPU during 20 calls: ${cpuPercent.toFixed(0)}% of one core in all, ${(cpuPercent / 20).toFixed(1)}% per call`);
    console.log(`agent memory: ${idle.rssMb.toFixed(0)} MB idle, ${peakRss.toFixed(0)} MB peak with 20 calls, ${((peakRss - idle.rssMb) / 20).toFixed(1)} MB per call`);
  } finally {
    server.stop();
    await closeFixtureSpeech();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
