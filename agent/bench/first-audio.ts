/**
 * `npm run bench -- agent-first-audio [--calls=20 --rounds=5 --background=10 --steady-seconds=20]`
 *
 * How soon a call hears its caller when many start at once, on the local voice agent run as a
 * real process (`node --import tsx agent/src/main.ts`, LOG_LEVEL=warn, loopback, free port,
 * AGENT_MAX_CONCURRENT_CALLS high enough for every call below). Each client does what the
 * SDK does: connect (subprotocol convai), send conversation_initiation_client_data as the
 * socket opens, answer pings. "First audio" is from that init frame to the first `audio`
 * frame of the greeting; "metadata" is to conversation_initiation_metadata.
 *
 * For each agent setting (the default: a pool of one flite worker per core and the sentence
 * cache, the openings synthesized at start; then the cache off, so every line is synthesized):
 *   burst        --calls calls start at once, --rounds times (the calls of a round hang up
 *                before the next round);
 *   burst+typed  the same while --background other calls each type a turn a second after the
 *                answer to their last one (their replies are synthesized meanwhile; a background call the caller ends is
 *                replaced at once);
 *   distinct     --calls calls at once, each with its own visitor_name variable, so no
 *                greeting is cached: the pool alone (first sentence first).
 * Then, with the default setting, a steady phase: --calls calls held for --steady-seconds,
 * each streaming microphone audio in real time (low noise, 32 ms frames, as the SDK sends
 * them) and typing a turn every 5 s; the agent's CPU time and resident memory over that time
 * give the cost per call.
 *
 * Prints figures only; exits 1 only when a call fails outright (no metadata, no audio), 2 when
 * it cannot run.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { setTimeout as delay } from "node:timers/promises";
import WebSocket from "ws";
import { pcmToBase64, whiteNoise } from "../src/speech/audio";
import { numberOption } from "@mockingbird/testkit/cli-options";
import { startFigures } from "@mockingbird/testkit/figures/record";
import { tableOfRows, type FigureTable } from "@mockingbird/testkit/figures/figures";
import { percentile } from "@mockingbird/testkit/stats";
import { agentSignedUrl, startLocalAgent, type LocalAgent } from "@mockingbird/testkit/servers/agent-process";

const calls = numberOption("calls", 20);
const rounds = numberOption("rounds", 5);
const background = numberOption("background", 10);
const steadySeconds = numberOption("steady-seconds", 20);
const apiKey = "first-audio-bench-key";
const agentIds = ["it-helpdesk-mfa-reset", "ceo-urgent-wire", "hr-payroll-update"];
/** Visitor turns that keep a call going (questions, hesitation), typed in turn by the background calls. */
const keepGoing = ["who is this?", "what is this about?", "sorry, can you say that again?", "hmm, I'm not sure", "which team are you with?"];

const failures: string[] = [];

type Call = {
  readonly ws: WebSocket;
  readonly closed: Promise<void>;
  metadataMs: number | null;
  firstAudioMs: number | null;
  ended: boolean;
  /** agent_response frames received so far (a typed turn is answered when this grows). */
  replies: number;
};

function openCall(signedUrl: string, init: Record<string, unknown>): { call: Call; firstAudio: Promise<void> } {
  const ws = new WebSocket(signedUrl, ["convai"]);
  let initAt = 0;
  let resolveAudio: () => void = () => undefined;
  const firstAudio = new Promise<void>((resolve) => {
    resolveAudio = resolve;
  });
  const call: Call = {
    ws,
    closed: new Promise((resolve) => ws.once("close", () => resolve())),
    metadataMs: null,
    firstAudioMs: null,
    ended: false,
    replies: 0,
  };
  ws.on("error", () => undefined);
  ws.once("open", () => {
    initAt = performance.now();
    ws.send(JSON.stringify({ type: "conversation_initiation_client_data", conversation_config_override: { agent: {}, tts: {}, conversation: {} }, ...init }));
  });
  ws.on("message", (data) => {
    const frame = JSON.parse(String(data)) as { type: string; ping_event?: { event_id: number }; agent_tool_response?: { tool_name: string } };
    if (frame.type === "ping") ws.send(JSON.stringify({ type: "pong", event_id: frame.ping_event?.event_id }));
    else if (frame.type === "conversation_initiation_metadata") call.metadataMs ??= performance.now() - initAt;
    else if (frame.type === "agent_response") call.replies += 1;
    else if (frame.type === "audio" && call.firstAudioMs === null) {
      call.firstAudioMs = performance.now() - initAt;
      resolveAudio();
    } else if (frame.type === "agent_tool_response" && frame.agent_tool_response?.tool_name === "end_call") call.ended = true;
  });
  void call.closed.then(resolveAudio);
  return { call, firstAudio };
}

const signedUrl = (agent: LocalAgent, agentId: string) => agentSignedUrl(agent.origin, agentId, apiKey);

async function hangUp(all: readonly Call[]): Promise<void> {
  for (const call of all) if (call.ws.readyState === WebSocket.OPEN) call.ws.close(1000, "User ended conversation");
  await Promise.all(all.map((call) => Promise.race([call.closed, delay(5_000)])));
}

/** `count` calls whose init frames go out together; resolves when each has its first audio (or failed). */
async function burst(agent: LocalAgent, count: number, initFor: (index: number) => Record<string, unknown>): Promise<Call[]> {
  const urls = await Promise.all(Array.from({ length: count }, (_, index) => signedUrl(agent, agentIds[index % agentIds.length]!)));
  const opened = urls.map((url, index) => openCall(url, initFor(index)));
  await Promise.race([Promise.all(opened.map(({ firstAudio }) => firstAudio)), delay(30_000)]);
  const result = opened.map(({ call }) => call);
  const silent = result.filter((call) => call.firstAudioMs === null).length;
  if (silent > 0) failures.push(`${silent} of ${count} calls got no audio within 30 s`);
  return result;
}

/**
 * Calls that each type a turn, wait for the answer (at most 5 s, as a visitor reads it), then
 * a second, and type the next, until stopped; a call the caller ends is replaced.
 */
function backgroundLoad(agent: LocalAgent, count: number): { stop(): Promise<number> } {
  let running = true;
  let turns = 0;
  const all: Call[] = [];
  const lane = async (lane: number): Promise<void> => {
    while (running) {
      const { call } = openCall(await signedUrl(agent, agentIds[lane % agentIds.length]!), {});
      all.push(call);
      let n = lane;
      while (running && !call.ended && call.ws.readyState !== WebSocket.CLOSED) {
        await delay(1_000);
        if (call.ws.readyState === WebSocket.OPEN && !call.ended) {
          const answered = call.replies + 1;
          call.ws.send(JSON.stringify({ type: "user_message", text: keepGoing[n % keepGoing.length] }));
          turns += 1;
          n += 1;
          for (let waited = 0; waited < 5_000 && call.replies < answered && call.ws.readyState === WebSocket.OPEN; waited += 50) await delay(50);
        }
      }
      await hangUp([call]);
    }
  };
  const lanes = Array.from({ length: count }, (_, index) => lane(index));
  return {
    async stop() {
      running = false;
      await hangUp(all);
      await Promise.all(lanes);
      return turns;
    },
  };
}

type Row = Record<string, string | number>;

function figures(label: string, measured: readonly Call[], extra: Row = {}): Row {
  const audio = measured.flatMap((call) => (call.firstAudioMs === null ? [] : [call.firstAudioMs]));
  const metadata = measured.flatMap((call) => (call.metadataMs === null ? [] : [call.metadataMs]));
  return {
    scenario: label,
    calls: measured.length,
    "metadata p50": ms(percentile(metadata, 50)),
    "first audio p50": ms(percentile(audio, 50)),
    "first audio p95": ms(percentile(audio, 95)),
    "first audio max": ms(Math.max(...audio)),
    ...extra,
  };
}

async function scenarios(label: string, env: Record<string, string>): Promise<Row[]> {
  const agent = await startLocalAgent({ env: { LOCAL_AGENT_API_KEY: apiKey, AGENT_MAX_CONCURRENT_CALLS: String(calls + background + 5), ...env }, readyTimeoutMs: 120_000 });
  const rows: Row[] = [];
  try {
    const measured: Call[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const done = await burst(agent, calls, () => ({}));
      measured.push(...done);
      await hangUp(done);
    }
    rows.push(figures(`${label}: ${calls} at once`, measured));

    const load = backgroundLoad(agent, background);
    await delay(3_000);
    const loaded: Call[] = [];
    const startedAt = performance.now();
    for (let round = 0; round < rounds; round += 1) {
      const done = await burst(agent, calls, () => ({}));
      loaded.push(...done);
      await hangUp(done);
    }
    const seconds = (performance.now() - startedAt) / 1000;
    const turns = await load.stop();
    rows.push(figures(`${label}: ${calls} at once, ${background} calls typing`, loaded, { "typed turns/s": (turns / Math.max(seconds + 3, 1)).toFixed(1) }));

    const distinct: Call[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const done = await burst(agent, calls, (index) => ({ dynamic_variables: { visitor_name: `Visitor ${round}-${index}` } }));
      distinct.push(...done);
      await hangUp(done);
    }
    rows.push(figures(`${label}: ${calls} at once, each greeting its own`, distinct));
  } finally {
    await agent.stop();
  }
  return rows;
}

/** CPU and memory per call: calls held with live microphone audio and a typed turn every 5 s. */
async function steady(): Promise<FigureTable> {
  const agent = await startLocalAgent({ env: { LOCAL_AGENT_API_KEY: apiKey, AGENT_MAX_CONCURRENT_CALLS: String(calls + 5) }, readyTimeoutMs: 120_000 });
  try {
    await delay(2_000);
    const idleRss = agent.rssMb();
    const live = await burst(agent, calls, () => ({}));
    const frame = JSON.stringify({ user_audio_chunk: pcmToBase64(whiteNoise(512, -60)) });
    const microphone = setInterval(() => {
      for (const call of live) if (call.ws.readyState === WebSocket.OPEN) call.ws.send(frame);
    }, 32);
    let n = 0;
    const typing = setInterval(() => {
      for (const call of live) if (call.ws.readyState === WebSocket.OPEN && !call.ended) call.ws.send(JSON.stringify({ type: "user_message", text: keepGoing[n % keepGoing.length] }));
      n += 1;
    }, 5_000);
    const cpuBefore = agent.cpuMs();
    const startedAt = performance.now();
    let peakRss = 0;
    while (performance.now() - startedAt < steadySeconds * 1000) {
      await delay(1_000);
      peakRss = Math.max(peakRss, agent.rssMb());
    }
    const cpuMs = agent.cpuMs() - cpuBefore;
    const wallMs = performance.now() - startedAt;
    clearInterval(microphone);
    clearInterval(typing);
    const stillLive = live.filter((call) => call.ws.readyState === WebSocket.OPEN).length;
    await hangUp(live);
    const corePercent = (100 * cpuMs) / wallMs;
    const title =
      `steady: ${calls} calls for ${(wallMs / 1000).toFixed(0)} s (${stillLive} still live at the end: the caller ends a call after its playbook's turns), ` +
      `each streaming 16 kHz audio in 32 ms frames and typing a turn every 5 s`;
    const cost = {
      "agent CPU (% of one core)": corePercent.toFixed(1),
      "per call": `${(corePercent / calls).toFixed(2)} %`,
      "RSS idle (MB)": idleRss.toFixed(0),
      "RSS peak (MB)": peakRss.toFixed(0),
      "per call (MB)": ((peakRss - idleRss) / calls).toFixed(1),
    };
    console.log(`\n${title}`);
    console.table([cost]);
    return { id: "steady", title: `${title[0]!.toUpperCase()}${title.slice(1)}`, columns: Object.keys(cost), rows: [Object.values(cost)] };
  } finally {
    await agent.stop();
  }
}

function ms(value: number): string {
  return Number.isFinite(value) ? `${Math.round(value)} ms` : "-";
}

async function main(): Promise<void> {
  const record = startFigures("agent-first-audio");
  console.log(
    `agent first audio: Node ${process.version}, ${os.availableParallelism()} cores, load average ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(" ")}; ${calls} calls per burst, ${rounds} rounds, ${background} background calls`,
  );
  const rows = [...(await scenarios("pool + cache", {})), ...(await scenarios("pool, no cache", { AGENT_SYNTHESIS_CACHE_MB: "0" }))];
  console.table(rows);
  const tables: FigureTable[] = [tableOfRows("bursts", `First audio with ${calls} calls starting at once, ${rounds} rounds, ${background} background calls typing in the second setting of each`, rows)];
  if (steadySeconds > 0) tables.push(await steady());
  const cached = rows[0];
  record.record({
    tables,
    headlines: cached ? [{ figure: `Local agent's first audio, ${calls} calls starting at once (sentence cache on)`, value: `p50 ${cached["first audio p50"]}, p95 ${cached["first audio p95"]}` }] : [],
    failures: [...new Set(failures)],
  });
  if (failures.length > 0) {
    console.error(`\nFAILED:\n- ${[...new Set(failures)].join("\n- ")}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 2;
});
