/**
 * Every bench, in one place: `npm run bench` lists them, `npm run bench -- <name> [options]`
 * runs one (scripts/bench/run.ts). A bench prints figures and never fails on a timing; it
 * exits 1 when a correctness rule breaks, 2 when it cannot run. Each writes its own record
 * (testkit/figures: docs/figures/<name>.json and .md), from which the runner refreshes the docs'
 * blocks.
 */
import { tsxStep, type Step } from "../lib/run-step";

export type Bench = {
  readonly name: string;
  /** One line for the list. */
  readonly about: string;
  /** Run with Node and tsx, options appended. */
  readonly script: string;
  /** Commands run first, in order (what the bench needs installed or built). */
  readonly prepare?: readonly Step[];
};

const speechEvaluationDeps: Step = ["bash", "scripts/setup/ensure-speech-eval-deps.sh"];
const qualityDeps: Step = ["bash", "scripts/setup/ensure-quality-deps.sh"];
const freshBuilds = tsxStep("scripts/build/when-stale.ts", "--server", "--export");

export const benches: readonly Bench[] = [
  { name: "pages", about: "JS (gzip) before interaction per route over the Next.js floor, voice SDK bytes, other hosts, HTML size (the budget gate's table)", script: "scripts/quality/budgets.ts" },
  { name: "lighthouse", about: "Lighthouse medians of 3 per route beside a bare Next.js page of the same versions audited in turn, mobile, on the static export over nginx HTTP/2 + TLS (the gate); --server=wrangler for Cloudflare's runtime", script: "scripts/quality/lighthouse.ts", prepare: [qualityDeps, freshBuilds] },
  { name: "serving", about: "requests/s and latency of Home and an article: next start vs nginx serving the static export", script: "scripts/bench/serving.ts" },
  { name: "headers", about: "headers and cache lifetimes of every response class, bare next start vs npm start", script: "scripts/bench/response-headers.ts" },
  { name: "signed-url", about: "throughput and latency of the signed-URL route under next start; the handler's own cost", script: "scripts/bench/signed-url/route.ts" },
  { name: "signed-url-abuse", about: "abuse of npm start from many loopback addresses: a flood, other visitors, a /24, failed calls; before/after", script: "scripts/bench/signed-url/abuse.ts" },
  { name: "signed-url-supabase", about: "10,000 requests from 1,000 addresses over 4 Edge Function instances (Deno) sharing one PostgreSQL", script: "scripts/bench/signed-url/supabase.ts" },
  { name: "export-cdn", about: "the static export on wrangler: routes, 404, _headers rules applied, per-page policies, redirects for capitals", script: "scripts/bench/export-cdn.ts" },
  { name: "export-call", about: "the export's demo call, Start Call -> 'Connected', through wrangler, the Edge Function and the local agent", script: "scripts/bench/export-call.ts" },
  { name: "widget", about: "the call widget per engine: bytes on intent, other origins, Start Call -> 'Connected' and -> first audio, typed calls", script: "scripts/bench/call-widget.ts" },
  { name: "microphone-processing", about: "what Chromium, Firefox ESR and WebKitGTK apply to the microphone (echo cancellation, noise suppression, gain control) when the SDK asks", script: "scripts/bench/microphone-processing.ts" },
  { name: "agent", about: "end of visitor speech -> first agent audio over the real protocol, one call then 10 at once; understood; CPU and memory", script: "agent/bench/call-latency.ts", prepare: [speechEvaluationDeps] },
  { name: "agent-first-audio", about: "the local agent's first audio with 20 calls starting at once, with typed turns in flight, cached and not", script: "agent/bench/first-audio.ts" },
  { name: "agent-faults", about: "the local agent under 10,000 malformed frames and over capacity: every close as documented, nothing leaked", script: "agent/bench/faults.ts" },
  { name: "understanding", about: "intents understood typed and spoken by five flite/festival voices, held-out split apart; word error rate", script: "agent/bench/understanding.ts", prepare: [speechEvaluationDeps] },
  { name: "recognition-designs", about: "the recognition designs compared on the evaluation set (grammar, general, domain, interpolated)", script: "agent/bench/recognition-designs.ts", prepare: [speechEvaluationDeps] },
  { name: "turn-end", about: "how soon the voice activity detector hears the visitor stop: speech's end -> pause and -> turn's end, silent line and a quiet room, pauses inside speech; held-out apart", script: "agent/bench/turn-end.ts", prepare: [speechEvaluationDeps] },
  { name: "speech-latency", about: "end of speech -> transcript straight against the speech part, without the websocket", script: "agent/bench/speech-latency.ts", prepare: [speechEvaluationDeps] },
  { name: "rooms", about: "the caller in real rooms: quiet, unseen voices, babble and pink noise 20/15/10 dB, telephone, reverb, tempo, level, clipping, the browser path; held-out apart", script: "agent/bench/rooms.ts", prepare: [speechEvaluationDeps] },
  { name: "noise-suppression", about: "the recogniser's noise suppressor (RNNoise): CPU per second of a call's audio, the 16/48 kHz conversion apart", script: "agent/bench/noise-suppression.ts" },
  { name: "caller-voice", about: "the caller's voice: festival's slt HTS against flite's slt, intelligibility to the recogniser, pitch movement, synthesis time, CPU", script: "agent/bench/caller-voice.ts", prepare: [speechEvaluationDeps] },
];

export const benchNames = benches.map((bench) => bench.name);
