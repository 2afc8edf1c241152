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
import { launch, type EngineName } from "../../testkit/browser/engines";
import { startAudioSink } from "../../testkit/browser/audio-sink";

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

async function main() {
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
        const withProcessing = await tab.run<Record<string, unknown>>(probe(asked));
        const without = await tab.run<Record<string, unknown>>(probe(off));
        console.log(`${engine}\n  asked for the SDK's processing: ${JSON.stringify(withProcessing)}\n  asked for none:                ${JSON.stringify(without)}`);
      } catch (error) {
        console.log(`${engine}: ${(error as Error).message}`);
      } finally {
        await browser.close();
      }
    }
  } finally {
    sink.stop();
    server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
