/**
 * `npm run bench -- microphone-processing`: what each engine does to the microphone
 * before the audio leaves the page. The voice SDK asks getUserMedia for echo cancellation,
 * noise suppression and automatic gain control (and one channel, 16 kHz); this opens the
 * microphone the same way in Chromium, Firefox ESR and WebKitGTK (testkit/browser, as the engine suite does: fake
 * devices, a PulseAudio null sink) and prints what each engine says it applied
 * (MediaStreamTrack.getSettings) and what it could (getCapabilities), then the same with the
 * processing turned off.
 */
import { createServer } from "node:http";
import { launch, type EngineName } from "@mockingbird/testkit/browser/engines";
import { startAudioSink } from "@mockingbird/testkit/browser/audio-sink";
import { startFigures } from "@mockingbird/testkit/figures/record";
import type { Cell } from "@mockingbird/testkit/figures/figures";

const engines: EngineName[] = ["chromium", "firefox", "webkit"];
const asked = { echoCancellation: true, noiseSuppression: true, autoGainControl: true, channelCount: { ideal: 1 }, sampleRate: { ideal: 16_000 } };
const off = { echoCancellation: false, noiseSuppression: false, autoGainControl: false };

const probe = (constraints: object) => `
  const stream = await navigator.mediaDevices.getUserMedia({ audio: ${JSON.stringify(constraints)} });
  const track = stream.getAudioTracks()[0];
  const settings = track.getSettings();
  const capabilities = track.getCapabilities ? track.getCapabilities() : {};
  stream.getTracks().forEach((t) => t.stop());
  const pick = (o) => ({ echoCancellation: o.echoCancellation, noiseSuppression: o.noiseSuppression, autoGainControl: o.autoGainControl, voiceIsolation: o.voiceIsolation, sampleRate: o.sampleRate, channelCount: o.channelCount });
  return { settings: pick(settings), capabilities: pick(capabilities), supported: Object.keys(navigator.mediaDevices.getSupportedConstraints()).filter((k) => /Cancel|Suppress|Gain|Isolation/.test(k)) };
`;

type Probe = { settings: Record<string, unknown>; capabilities: Record<string, unknown>; supported: string[] };
const processing = ["echoCancellation", "noiseSuppression", "autoGainControl", "voiceIsolation", "sampleRate", "channelCount"] as const;
const shown = (value: unknown): Cell => (value === undefined ? "-" : typeof value === "object" ? JSON.stringify(value) : String(value));

async function main() {
  const figures = startFigures("microphone-processing");
  const applied: Cell[][] = [];
  const possible: Cell[][] = [];
  const server = createServer((_, response) => response.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>microphone</title>"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const sink = await startAudioSink();
  try {
    for (const engine of engines) {
      const browser = await launch(engine, "fake", sink.env);
      try {
        const tab = await browser.newTab();
        await tab.goto(`${origin}/`);
        const withProcessing = await tab.run<Probe>(probe(asked));
        const without = await tab.run<Probe>(probe(off));
        console.log(`${engine}\n  asked for the SDK's processing: ${JSON.stringify(withProcessing)}\n  asked for none:                ${JSON.stringify(without)}`);
        for (const [request, result] of [["the SDK's processing", withProcessing], ["none", without]] as const) applied.push([engine, request, ...processing.map((name) => shown(result.settings[name]))]);
        possible.push([engine, ...processing.map((name) => shown(withProcessing.capabilities[name])), withProcessing.supported.join(", ") || "-"]);
      } catch (error) {
        console.log(`${engine}: ${(error as Error).message}`);
        applied.push([engine, "could not open the microphone", ...processing.map(() => (error as Error).message.split("\n")[0]!)]);
      } finally {
        await browser.close();
      }
    }
  } finally {
    sink.stop();
    server.close();
  }
  figures.record({
    tables: [
      { id: "applied", title: "What each engine says it applied to the fake microphone (MediaStreamTrack.getSettings)", columns: ["engine", "asked for", ...processing], rows: applied },
      { id: "capabilities", title: "What each engine could apply (getCapabilities) and the constraints it knows", columns: ["engine", ...processing, "supported constraints"], rows: possible },
    ],
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
