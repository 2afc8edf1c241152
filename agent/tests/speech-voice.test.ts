/** @jest-environment node */
import { durationMs } from "../src/speech/audio";
import { createFlitePool, type SynthesisPool, type SynthesisPriority, type SynthesisRequest, type TimedSpeech } from "../src/speech/synthesis/synthesizer";
import type { SpokenPart } from "../src/speech";
import { createVoice, LEADING_SILENCE_MS } from "../src/speech/synthesis/voice";

jest.setTimeout(20_000);

type Request = { text: string; priority(): SynthesisPriority; signal: AbortSignal | undefined; finish(): void };

/** The voice over a synthesis pool that answers only when the test says so, and remembers what it was asked. */
function controlledVoice(options?: Parameters<typeof createVoice>[1]) {
  const requests: Request[] = [];
  const synthesizer: SynthesisPool = {
    size: 1,
    load: () => ({ running: 0, waiting: requests.length }),
    wake: () => undefined,
    warmUp: async () => undefined,
    close: async () => undefined,
    synthesize: () => Promise.reject(new Error("not used")),
    synthesizeTimed(text: string, request: SynthesisRequest = {}): Promise<TimedSpeech> {
      return new Promise((resolve, reject) => {
        const entry: Request = {
          text,
          priority: () => (typeof request.priority === "function" ? request.priority() : (request.priority ?? "first")),
          signal: request.signal,
          finish: () => resolve({ pcm: new Int16Array(text.length * 160), phones: [] }),
        };
        request.signal?.addEventListener("abort", () => reject(Object.assign(new Error("dropped"), { name: "AbortError" })), { once: true });
        requests.push(entry);
      });
    },
  };
  return { voice: createVoice(synthesizer, options), requests };
}

async function collect(parts: AsyncIterable<SpokenPart>): Promise<SpokenPart[]> {
  const all: SpokenPart[] = [];
  for await (const part of parts) all.push(part);
  return all;
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("the caller's voice", () => {
  it("asks for every sentence of a line at once: the first at the head of the line, the rest behind", async () => {
    const { voice, requests } = controlledVoice();
    const parts = collect(voice.speak("Hi, it's Sam. We flagged your account. Read me the code."));
    await tick();
    expect(requests.map(({ text, priority }) => [text, priority()])).toEqual([
      ["Hi, it's Sam.", "first"],
      ["We flagged your account.", "next"],
      ["Read me the code.", "next"],
    ]);
    requests.forEach((request) => request.finish());
    expect((await parts).map((part) => part.text).join("")).toBe("Hi, it's Sam. We flagged your account. Read me the code.");
  });

  it("says a sentence it has said before without synthesizing it again", async () => {
    const { voice, requests } = controlledVoice();
    const first = collect(voice.speak("Sorry, you're breaking up."));
    await tick();
    requests[0]!.finish();
    await first;
    const again = await collect(voice.speak("Sorry, you're breaking up."));
    expect(requests).toHaveLength(1);
    expect(durationMs(again[0]!.pcm)).toBeGreaterThan(0);
  });

  it("synthesizes a sentence once for every call that asks for it at the same time", async () => {
    const { voice, requests } = controlledVoice();
    const calls = Array.from({ length: 20 }, () => collect(voice.speak("Hi, it's Sam from the service desk.")));
    await tick();
    expect(requests).toHaveLength(1);
    requests[0]!.finish();
    expect((await Promise.all(calls)).every((parts) => parts.length === 1)).toBe(true);
  });

  it("keeps a shared synthesis going when one of the calls waiting for it ends", async () => {
    const { voice, requests } = controlledVoice();
    const ended = new AbortController();
    const leaving = collect(voice.speak("Please hold.", ended.signal));
    const staying = collect(voice.speak("Please hold."));
    await tick();
    ended.abort();
    await expect(leaving).rejects.toMatchObject({ name: "AbortError" });
    expect(requests[0]!.signal?.aborted).toBe(false);
    requests[0]!.finish();
    expect(await staying).toHaveLength(1);
  });

  it("drops a synthesis nobody waits for any more", async () => {
    const { voice, requests } = controlledVoice();
    const ended = new AbortController();
    const leaving = collect(voice.speak("Nobody will hear this.", ended.signal));
    await tick();
    ended.abort();
    await expect(leaving).rejects.toMatchObject({ name: "AbortError" });
    expect(requests[0]!.signal?.aborted).toBe(true);
  });

  it("forgets the least recently used sentences once the cache is full", async () => {
    // Each sentence below is 20 characters: 3,200 samples, 6,400 bytes; room for two.
    const { voice, requests } = controlledVoice({ cacheBytes: 13_000 });
    const say = async (text: string) => {
      const parts = collect(voice.speak(text));
      await tick();
      requests.at(-1)?.finish();
      return parts;
    };
    await say("Sentence number one.");
    await say("Sentence number two.");
    await say("Sentence number one.");
    await say("Sentence number tri.");
    const asked = requests.length;
    await collect(voice.speak("Sentence number one."));
    expect(requests.length).toBe(asked);
    const evicted = collect(voice.speak("Sentence number two."));
    await tick();
    expect(requests.length).toBe(asked + 1);
    requests.at(-1)!.finish();
    await evicted;
    expect(voice.cachedBytes).toBeLessThanOrEqual(13_000);
  });

  it("with no cache, synthesizes a line each time it is said", async () => {
    const { voice, requests } = controlledVoice({ cacheBytes: 0 });
    for (let i = 0; i < 2; i += 1) {
      const parts = collect(voice.speak("Same line."));
      await tick();
      requests.at(-1)!.finish();
      await parts;
    }
    expect(requests).toHaveLength(2);
  });

  it("prepares lines ahead of need at spare priority, so the first call finds them ready", async () => {
    const { voice, requests } = controlledVoice();
    const prepared = voice.prepare(["Hi, it's Sam. Quick one."]);
    await tick();
    expect(requests.map((request) => request.priority())).toEqual(["spare", "spare"]);
    requests.forEach((request) => request.finish());
    await prepared;
    await collect(voice.speak("Hi, it's Sam. Quick one."));
    expect(requests).toHaveLength(2);
  });

  it("moves a line being made ahead of need up the line when a call asks for it meanwhile", async () => {
    const { voice, requests } = controlledVoice();
    void voice.prepare(["Hi, it's Sam. Quick one."]);
    await tick();
    const call = collect(voice.speak("Hi, it's Sam. Quick one."));
    await tick();
    expect(requests.map((request) => request.priority())).toEqual(["first", "next"]);
    requests.forEach((request) => request.finish());
    expect((await call).map((part) => part.text)).toEqual(["Hi, it's Sam. ", "Quick one."]);
  });
});

describe("the caller's voice with flite", () => {
  const flite = createFlitePool({ workers: 1 });
  afterAll(() => flite.close());

  it("times each sentence's characters inside its own audio, the first word right after a short lead-in", async () => {
    const voice = createVoice(flite);
    const parts = await collect(voice.speak("Hello there, this is Sam. Please read me the code."));
    expect(parts.map((part) => part.text)).toEqual(["Hello there, this is Sam. ", "Please read me the code."]);
    for (const part of parts) {
      const { startsMs, durationsMs, chars } = part.timeline;
      expect(chars.join("")).toBe(part.text);
      // flite's 150-220 ms of opening silence, cut to LEADING_SILENCE_MS.
      expect(Math.abs(startsMs[0]! - LEADING_SILENCE_MS)).toBeLessThanOrEqual(2);
      expect(startsMs.at(-1)! + durationsMs.at(-1)!).toBeLessThanOrEqual(durationMs(part.pcm) + 1);
    }
  });

  it("keeps the sentence's sound: only silence is cut from its start", async () => {
    const whole = await flite.synthesizeTimed("Please read me the code.");
    const [part] = await collect(createVoice(flite, { cacheBytes: 0 }).speak("Please read me the code."));
    const cut = whole.pcm.length - part!.pcm.length;
    expect(cut).toBeGreaterThan(0);
    expect(Array.from(whole.pcm.subarray(cut))).toEqual(Array.from(part!.pcm));
    const loudest = whole.pcm.subarray(0, cut).reduce((max, sample) => Math.max(max, Math.abs(sample)), 0);
    expect(loudest).toBeLessThan(1_000);
  });
});
