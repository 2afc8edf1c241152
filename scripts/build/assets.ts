/**
 * What the site's pages need before Next.js builds or serves them (dev, build and the static
 * export run it first): the voice SDK's worklets copied under content-hashed names, the web font
 * cut to the site's characters, the product illustrations rendered to static SVG.
 */
import { runStep, tsxStep } from "../lib/run-step";

runStep(tsxStep("scripts/build/vendor-voice-assets.ts"));
runStep(tsxStep("scripts/build/subset-font.ts"));
runStep(tsxStep("scripts/build/render-illustrations.tsx"));
