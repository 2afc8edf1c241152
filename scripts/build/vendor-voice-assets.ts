/**
 * Copies the voice SDK's audio worklets and the resampler it would otherwise fetch from a
 * CDN into public/vendor/voice/, so calls work under the strict CSP and with no third-party
 * request. Each file is named for its content hash (versioned static files: /vendor/ is cached
 * for a year), and components/call-widget/voice-assets.generated.ts tells the call engine the
 * names; it is committed, and tests/unit/call/voice-assets.test.ts fails when an upgrade of the
 * SDK or the resampler changes a file without it. Runs before every build and dev server.
 */
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);
const publicDir = path.join("public", "vendor", "voice");
const manifestModule = path.join("components", "call-widget", "voice-assets.generated.ts");

const sources = {
  rawAudioProcessor: { from: "@elevenlabs/client/worklets/rawAudioProcessor.js", name: "raw-audio-processor" },
  audioConcatProcessor: { from: "@elevenlabs/client/worklets/audioConcatProcessor.js", name: "audio-concat-processor" },
  libsamplerate: { from: "@alexanderolsen/libsamplerate-js/dist/libsamplerate.worklet.js", name: "libsamplerate" },
} as const;

type AssetKey = keyof typeof sources;
export type VoiceAsset = { key: AssetKey; source: string; file: string; url: string };

/** Every asset with its hashed, lowercase file name, from the installed packages. */
export function voiceAssets(): VoiceAsset[] {
  return (Object.keys(sources) as AssetKey[]).map((key) => {
    const source = require.resolve(sources[key].from);
    const hash = createHash("sha256").update(readFileSync(source)).digest("hex").slice(0, 12);
    const file = `${sources[key].name}.${hash}.js`;
    return { key, source, file, url: `/vendor/voice/${file}` };
  });
}

/** The TypeScript module the call engine imports: the SDK's options for self-hosted worklets. */
export function manifestSource(assets: VoiceAsset[]): string {
  const url = (key: AssetKey) => JSON.stringify(assets.find((asset) => asset.key === key)!.url);
  return `// Written by scripts/build/vendor-voice-assets.ts (npm run build and npm run dev run it): do not edit.
/** Self-hosted copies, named for their content: the strict CSP allows no blob: worklets and no CDN. */
export const voiceAssets = {
  workletPaths: {
    rawAudioProcessor: ${url("rawAudioProcessor")},
    audioConcatProcessor: ${url("audioConcatProcessor")},
  },
  libsampleratePath: ${url("libsamplerate")},
};
`;
}

function writeIfChanged(file: string, content: Buffer | string): void {
  // Unchanged files keep their timestamps, so scripts/build/when-stale.ts does not see a new source.
  if (existsSync(file) && readFileSync(file).equals(Buffer.from(content))) return;
  writeFileSync(file, content);
}

function main(root: string): void {
  const assets = voiceAssets();
  const target = path.join(root, publicDir);
  mkdirSync(target, { recursive: true });
  const wanted = new Set(assets.map((asset) => asset.file));
  for (const file of readdirSync(target)) if (!wanted.has(file)) rmSync(path.join(target, file));
  for (const asset of assets) {
    const destination = path.join(target, asset.file);
    if (!existsSync(destination)) copyFileSync(asset.source, destination);
  }
  writeIfChanged(path.join(root, manifestModule), manifestSource(assets));
  console.log(`voice assets copied to ${publicDir}: ${assets.map((asset) => asset.file).join(", ")}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main(process.cwd());
