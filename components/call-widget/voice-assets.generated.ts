// Written by scripts/build/vendor-voice-assets.ts (npm run build and npm run dev run it): do not edit.
/** Self-hosted copies, named for their content: the strict CSP allows no blob: worklets and no CDN. */
export const voiceAssets = {
  workletPaths: {
    rawAudioProcessor: "/vendor/voice/raw-audio-processor.6731b766e9e6.js",
    audioConcatProcessor: "/vendor/voice/audio-concat-processor.e352f9c0e6e5.js",
  },
  libsampleratePath: "/vendor/voice/libsamplerate.ca6e162f194d.js",
};
