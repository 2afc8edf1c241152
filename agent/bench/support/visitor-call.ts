/**
 * One visitor on a call with the local agent, over its real websocket protocol, as the benches
 * drive it: a microphone that streams the room (silence, or a condition's noise) in real-time
 * 20 ms frames, speech on demand, and the time from the end of that speech to the caller's
 * first audio. A turn counts as understood when the caller's reply is its reaction to what the
 * visitor meant (`reactionLines`).
 */
import WebSocket from "ws";
import type { Playbook } from "../../src/caller/playbook-schema";
import { concatPcm, pcmToBase64, samplesForMs } from "../../src/speech/audio";
import type { EvaluatedIntent, EvaluationUtterance } from "../../eval/evaluation-set";
import { lastSpeechSample } from "../../testkit/speech-audio";
import { agentSignedUrl } from "@mockingbird/testkit/servers/agent-process";

const frameMs = 20;
const frameSamples = samplesForMs(frameMs);
/** A turn the agent has not answered by then counts as unanswered instead of hanging the run. */
const replyTimeoutMs = 10_000;

/** `speechEnd`: the sample where the speech in `pcm` ends, when noise would hide it from a level threshold. */
export type Turn = { utterance: EvaluationUtterance; pcm: Int16Array; speechEnd?: number };
/** `tentatives`: the tentative transcripts (the words so far) the turn was sent while it was spoken. */
export type Sample = { latencyMs: number; understood: boolean; heard: string | null; tentatives: number };
type ServerFrame = {
  type: string;
  ping_event?: { event_id?: number };
  audio_event?: { event_id?: number; audio_base_64?: string };
  agent_response_event?: { agent_response?: string; event_id?: number };
  user_transcription_event?: { user_transcript?: string };
};

/** Deterministic pseudo-random numbers, so two runs stagger the visitors alike. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export const comparable = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();

/** The lines the caller answers each intent with (ask_repeat: its previous line, checked apart). */
export function reactionLines(playbook: Playbook): Map<EvaluatedIntent, Set<string>> {
  const fill = (line: string) => comparable(line.replace(/\{\{\s*([a-z0-9_]+)\s*\}\}/g, (_, name: string) => playbook.variables[name] ?? ""));
  const { reactions } = playbook;
  const set = (lines: readonly string[]) => new Set(lines.map(fill));
  const said = (tagged: readonly { line: string }[]) => tagged.map((entry) => entry.line);
  return new Map<EvaluatedIntent, Set<string>>([
    ["ask_identity", set(said(reactions.askIdentity))],
    ["ask_purpose", set(said(reactions.askPurpose))],
    ["offer_callback", set(said(reactions.callbackOffer))],
    ["refuse", set([...said(reactions.refusal.pushes), ...reactions.refusal.giveUp])],
    ["verify", set(reactions.verification)],
    ["comply", set(reactions.compliance)],
    ["goodbye", set(reactions.goodbye)],
  ]);
}

/** One visitor on one call: a microphone that streams the room (a quiet line by default), and speech on demand. */
export class Visitor {
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
  private tentatives = 0;
  private audioMsQueued = 0;
  private audioStartedAt = 0;
  private lastAudioAt = 0;
  private readonly lines = new Map<number, string>();
  closed = false;
  /** The close code, once the socket closed (1013: refused as busy). */
  closeCode: number | null = null;

  private roomAt = 0;

  constructor(
    private readonly origin: string,
    readonly scenario: string,
    private readonly apiKey: string,
    /** What the microphone hears while the visitor is silent, looped; silence when absent. */
    private readonly room?: Int16Array,
  ) {}

  async connect(): Promise<void> {
    this.socket = new WebSocket(await agentSignedUrl(this.origin, this.scenario, this.apiKey), ["convai"]);
    await new Promise<void>((resolve, reject) => {
      this.socket.once("open", () => resolve());
      this.socket.once("error", reject);
    });
    this.socket.on("message", (data) => this.onFrame(JSON.parse(String(data)) as ServerFrame));
    this.socket.on("close", (code) => {
      this.closed = true;
      this.closeCode = code;
      this.replyWaiter?.(null);
    });
    this.socket.send(JSON.stringify({ type: "conversation_initiation_client_data", conversation_config_override: {}, dynamic_variables: {} }));
    this.startMicrophone();
    await this.waitForSilenceFromAgent();
  }

  private onFrame(frame: ServerFrame) {
    if (frame.type === "ping") this.socket.send(JSON.stringify({ type: "pong", event_id: frame.ping_event?.event_id }));
    if (frame.type === "tentative_user_transcript") this.tentatives++;
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
    const roomFrame = () => {
      const room = this.room;
      if (!room || room.length < frameSamples) return quiet;
      if (this.roomAt + frameSamples > room.length) this.roomAt = 0;
      const frame = room.subarray(this.roomAt, this.roomAt + frameSamples);
      this.roomAt += frameSamples;
      return frame;
    };
    const tick = () => {
      if (this.closed) return;
      const frame = this.queue.shift() ?? roomFrame();
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
    this.tentatives = 0;
    this.speechEndSentAt = 0;
    const previousLine = this.lastAgentLine;
    // A clean answer gets a short pause before it; an answer with its room already in it starts as it is.
    const speech = turn.speechEnd === undefined ? concatPcm([new Int16Array(samplesForMs(200)), turn.pcm]) : turn.pcm;
    const lastSample = turn.speechEnd ?? lastSpeechSample(speech);
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
    const sample = { latencyMs: answered.at - this.speechEndSentAt, understood, heard: this.heard, tentatives: this.tentatives };
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

