/** @jest-environment node */
import { festivalEngine, festivalHtsInstalled, festivalRequest, schemeString } from "../src/speech/synthesis/festival";
import { createSynthesisPool, type SynthesisPool } from "../src/speech/synthesis/synthesizer";
import { durationMs } from "../src/speech/audio";

describe("festival requests", () => {
  it("quotes the line as a Scheme string, so quotes and backslashes in it stay text", () => {
    expect(schemeString('say "hi" \\ bye')).toBe('"say \\"hi\\" \\\\ bye"');
    expect(festivalRequest('It\'s "urgent".')).toContain('(Utterance Text "It\'s \\"urgent\\".")');
  });
});

describe("festival's HTS voice as resident processes", () => {
  let pool: SynthesisPool;
  beforeAll(() => {
    // ensure-deps installs festival and festvox-us-slt-hts: the caller's default voice needs them.
    expect(festivalHtsInstalled()).toBe(true);
    pool = createSynthesisPool(festivalEngine(), { workers: 2, timeoutMs: 20_000 });
  });
  afterAll(() => pool.close());

  it("speaks a sentence as 16 kHz audio with its phone timings, starting with a pause", async () => {
    const speech = await pool.synthesizeTimed("Hello, this is the service desk.");
    expect(durationMs(speech.pcm)).toBeGreaterThan(1000);
    expect(durationMs(speech.pcm)).toBeLessThan(4000);
    expect(speech.phones[0]?.name).toBe("pau");
    expect(speech.phones.at(-1)?.endS).toBeCloseTo(speech.pcm.length / 16_000, 1);
  });

  it("answers lines in order on every process, quotes and backslashes included", async () => {
    const lines = ['He said "now".', "Back\\slash test.", "Three.", "Four, five.", "Six."];
    const spoken = await Promise.all(lines.map((line) => pool.synthesize(line)));
    expect(spoken.every((pcm) => pcm.length > 0)).toBe(true);
    expect(durationMs(spoken[3] as Int16Array)).toBeGreaterThan(durationMs(spoken[2] as Int16Array));
  });

  it("gives nothing to say no audio, without asking festival", async () => {
    expect((await pool.synthesize("?!")).length).toBe(0);
  });

  it("starts new processes after being closed", async () => {
    await pool.close();
    expect((await pool.synthesize("Still here.")).length).toBeGreaterThan(0);
  });
});
