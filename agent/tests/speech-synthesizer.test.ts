/** @jest-environment node */
import { durationMs } from "../src/speech/audio";
import { createFlitePool, MAX_TEXT_LENGTH, speakableText, type SynthesisPool } from "../src/speech/synthesis/synthesizer";

jest.setTimeout(20_000);

let synthesizer: SynthesisPool;

beforeAll(() => {
  synthesizer = createFlitePool();
});

afterAll(async () => {
  await synthesizer.close();
});

function peak(pcm: Int16Array): number {
  return pcm.reduce((max, sample) => Math.max(max, Math.abs(sample)), 0);
}

describe("flite synthesizer", () => {
  it("speaks a sentence as 16 kHz audio of plausible length (voice slt)", async () => {
    const pcm = await synthesizer.synthesize("Hello, this is the service desk calling about your account.");
    // Tag check rather than instanceof: the array comes from the worker, another realm than jest's sandbox.
    expect(Object.prototype.toString.call(pcm)).toBe("[object Int16Array]");
    // Eleven words at a speaking pace: between two and six seconds at 16,000 samples per second.
    expect(durationMs(pcm)).toBeGreaterThan(2000);
    expect(durationMs(pcm)).toBeLessThan(6000);
    expect(peak(pcm)).toBeGreaterThan(3000);
  });

  it("resamples the 8 kHz voice to 16 kHz (same duration as its 16 kHz sibling, within 20%)", async () => {
    const narrow = await synthesizer.synthesize("Please read me the code.", "kal");
    const wide = await synthesizer.synthesize("Please read me the code.", "kal16");
    expect(Math.abs(durationMs(narrow) - durationMs(wide)) / durationMs(wide)).toBeLessThan(0.2);
  });

  it("answers several requests at once, each with its own audio, longer for longer text", async () => {
    const texts = ["One.", "Two two two two.", "Three three three three three three three three."];
    const results = await Promise.all(texts.map((text) => synthesizer.synthesize(text)));
    expect(results[0]!.length).toBeLessThan(results[1]!.length);
    expect(results[1]!.length).toBeLessThan(results[2]!.length);
  });

  it("returns no audio for text with nothing to say", async () => {
    expect((await synthesizer.synthesize("  ...  ")).length).toBe(0);
  });

  it("refuses an unknown voice", async () => {
    await expect(synthesizer.synthesize("hello", "nobody" as never)).rejects.toThrow(/unknown flite voice/);
  });

  it("drops a request whose call ended while it waited, and goes on with the rest", async () => {
    const ended = new AbortController();
    // Every worker busy, so the next request waits.
    const busy = Array.from({ length: synthesizer.size }, (_, index) => synthesizer.synthesize(`Line ${index + 1} is being spoken right now.`));
    const dropped = synthesizer.synthesize("Nobody is left to hear this line.", undefined, ended.signal);
    const after = synthesizer.synthesize("The next caller still hears this.");
    ended.abort();
    await expect(dropped).rejects.toMatchObject({ name: "AbortError" });
    expect((await Promise.all(busy)).every((pcm) => pcm.length > 0)).toBe(true);
    expect((await after).length).toBeGreaterThan(0);
  });

  it("times each synthesis from when flite starts on it, not from when it joined the line", async () => {
    // Forty sentences on one worker take far longer than 1.5 s in all, but each alone takes well under it.
    const patient = createFlitePool({ timeoutMs: 1500, workers: 1 });
    try {
      const lines = Array.from({ length: 40 }, (_, index) => patient.synthesize(`Line number ${index + 1} of the call, please hold.`));
      const results = await Promise.all(lines);
      expect(results.every((pcm) => pcm.length > 0)).toBe(true);
    } finally {
      await patient.close();
    }
  });

  it("starts a new worker after being closed", async () => {
    await synthesizer.close();
    expect((await synthesizer.synthesize("Still here.")).length).toBeGreaterThan(0);
  });
});

describe("the synthesis pool", () => {
  it("runs as many syntheses at once as it has workers, and lines up the rest", async () => {
    const pool = createFlitePool({ workers: 2 });
    try {
      await pool.warmUp();
      const lines = ["First caller's greeting.", "Second caller's greeting.", "Third caller's greeting."].map((text) => pool.synthesize(text));
      expect(pool.load()).toEqual({ running: 2, waiting: 1 });
      expect((await Promise.all(lines)).every((pcm) => pcm.length > 0)).toBe(true);
      expect(pool.load()).toEqual({ running: 0, waiting: 0 });
    } finally {
      await pool.close();
    }
  });

  it("serves the first sentence of a line before the rest of other lines, and those before lines made ahead of need", async () => {
    const pool = createFlitePool({ workers: 1 });
    try {
      await pool.warmUp();
      const finished: string[] = [];
      const job = (name: string, priority: "first" | "next" | "spare") => pool.synthesizeTimed(`This is line ${name}.`, { priority }).then(() => finished.push(name));
      const running = job("A", "first");
      const place = { priority: "spare" as "first" | "next" | "spare" };
      const queued = [job("B", "next"), job("C", "spare"), job("D", "first"), pool.synthesizeTimed("This is line E.", { priority: () => place.priority }).then(() => finished.push("E"))];
      // E was made ahead of need, then a call asked for it: it moves up, behind D.
      place.priority = "first";
      await Promise.all([running, ...queued]);
      expect(finished).toEqual(["A", "D", "E", "B", "C"]);
    } finally {
      await pool.close();
    }
  });

  it("holds work made ahead of need while spareAllowed says no, except what a call comes to need, and starts it when woken", async () => {
    let allowed = false;
    const pool = createFlitePool({ workers: 1, spareAllowed: () => allowed });
    try {
      const finished: string[] = [];
      const place = { priority: "spare" as "first" | "next" | "spare" };
      const held = pool.synthesizeTimed("This is line A.", { priority: "spare" }).then(() => finished.push("A"));
      const needed = pool.synthesizeTimed("This is line B.", { priority: () => place.priority }).then(() => finished.push("B"));
      await pool.synthesizeTimed("This is line C.", { priority: "next" }).then(() => finished.push("C"));
      expect(finished).toEqual(["C"]);
      expect(pool.load()).toEqual({ running: 0, waiting: 2 });
      place.priority = "first";
      pool.wake();
      await needed;
      expect(finished).toEqual(["C", "B"]);
      allowed = true;
      pool.wake();
      await held;
      expect(finished).toEqual(["C", "B", "A"]);
    } finally {
      await pool.close();
    }
  });

  it("reports when each phone ends, within the audio", async () => {
    const { pcm, phones } = await synthesizer.synthesizeTimed("Hello there, this is Sam.");
    expect(phones.map((phone) => phone.name)).toContain("pau");
    expect(phones.filter((phone) => phone.name !== "pau").length).toBeGreaterThan(10);
    expect(Math.abs(phones.at(-1)!.endS * 1000 - durationMs(pcm))).toBeLessThan(50);
  });
});

describe("speakable text", () => {
  it("maps typographic punctuation to plain ASCII and drops the rest", () => {
    expect(speakableText("It\u2019s \u201curgent\u201d \u2014 really\u2026 caf\u00e9 \u{1F4DE}")).toBe("It's \"urgent\" , really... cafe");
  });

  it("collapses whitespace and control characters", () => {
    expect(speakableText("line one\n\tline\u0007 two")).toBe("line one line two");
  });

  it("cuts overlong text at a word boundary", () => {
    const text = speakableText("word ".repeat(1000));
    expect(text.length).toBeLessThanOrEqual(MAX_TEXT_LENGTH);
    expect(text.endsWith("word")).toBe(true);
  });
});
