/** @jest-environment node */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_VOICE_ACTIVITY } from "../src/speech/recognition/tuning";
import { VAD_FRAME_MS, VoiceActivity } from "../src/speech/recognition/voice-activity";

const agentDir = join(__dirname, "..");
const design = readFileSync(join(agentDir, "DESIGN.md"), "utf8");

/** The section of DESIGN.md under a `## ` heading, up to the next one. */
function section(heading: string): string {
  const start = design.indexOf(`## ${heading}\n`);
  if (start < 0) throw new Error(`DESIGN.md has no section "${heading}"`);
  const end = design.indexOf("\n## ", start + 1);
  return design.slice(start, end < 0 ? undefined : end);
}

/** The members of a TypeScript interface or object type as its source declares them (two-space indented, one a line). */
function declaredMembers(file: string, declaration: string): string[] {
  const source = readFileSync(join(agentDir, "src", file), "utf8");
  const start = source.indexOf(declaration);
  if (start < 0) throw new Error(`${file} has no "${declaration}"`);
  const body = source.slice(start, source.indexOf("\n}", start));
  return [...body.matchAll(/^ {2}(?:readonly )?([a-zA-Z]+)\??[(:]/gm)].map(([, name]) => name!);
}

describe("agent/DESIGN.md", () => {
  it("states the audio kept from before a turn's onset as the voice activity detector's preroll", () => {
    const detector = new VoiceActivity(DEFAULT_VOICE_ACTIVITY);
    const prerollMs = detector.prerollFrames * VAD_FRAME_MS;
    detector.free();
    const stated = /the (\d+) ms before kept for the onset/.exec(design.replace(/\s+/g, " "));
    expect(stated && Number(stated[1])).toBe(prerollMs);
  });

  it("names every member of the caller's session and of the recognizer's options among the interfaces", () => {
    const interfaces = section("Interfaces between the three parts");
    const members = [...declaredMembers("caller/caller.ts", "export interface CallerSession {"), ...declaredMembers("speech/types.ts", "export type RecognizerOptions = {")];
    expect(members.length).toBeGreaterThan(10);
    expect(members.filter((name) => !new RegExp(`\`${name}[(\`]`).test(interfaces))).toEqual([]);
  });
});
