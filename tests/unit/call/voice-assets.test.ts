import { readFileSync } from "node:fs";
import { manifestSource, voiceAssets } from "@/scripts/build/vendor-voice-assets";

describe("self-hosted voice assets", () => {
  it("the committed manifest names the installed worklets' current content hashes (`npm run build` rewrites it after an upgrade)", () => {
    const committed = readFileSync("components/call-widget/voice-assets.generated.ts", "utf8");
    expect(committed).toBe(manifestSource(voiceAssets()));
  });

  it("every file name is lowercase, versioned by content and under /vendor/voice/", () => {
    for (const asset of voiceAssets()) {
      expect(asset.url).toMatch(/^\/vendor\/voice\/[a-z-]+\.[0-9a-f]{12}\.js$/);
    }
  });
});
