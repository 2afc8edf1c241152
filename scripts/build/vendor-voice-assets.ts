/**
 * Copies the voice SDK's audio worklets and the resampler it would otherwise fetch from a
 * CDN into public/vendor/voice/, so calls work under the strict CSP and with no third-party
 * request. Runs before every build and dev server; the copies are not committed, so an SDK
 * upgrade brings its own worklets.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const target = path.join(process.cwd(), "public", "vendor", "voice");

const assets = [
  { from: "@elevenlabs/client/worklets/rawAudioProcessor.js", to: "raw-audio-processor.js" },
  { from: "@elevenlabs/client/worklets/audioConcatProcessor.js", to: "audio-concat-processor.js" },
  { from: "@alexanderolsen/libsamplerate-js/dist/libsamplerate.worklet.js", to: "libsamplerate.worklet.js" },
];

mkdirSync(target, { recursive: true });
for (const asset of assets) {
  const source = require.resolve(asset.from);
  const destination = path.join(target, asset.to);
  // Unchanged copies keep their timestamps, so scripts/build/if-stale.sh does not see a new source.
  if (existsSync(destination) && readFileSync(destination).equals(readFileSync(source))) continue;
  copyFileSync(source, destination);
}
console.log(`voice assets copied to ${path.relative(process.cwd(), target)}`);
