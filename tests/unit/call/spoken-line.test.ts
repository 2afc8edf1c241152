import { alignedWords, appendWords, chunkDurationMs, finalText, heardText, lastRevealAt, scheduleChunk, type SpokenLine } from "@/lib/call/spoken-line";

const alignment = (text: string, times: number[]) => ({ chars: [...text], char_start_times_ms: times, char_durations_ms: times.map(() => 40) });

describe("scheduleChunk (the SDK's playback queue)", () => {
  it("plays a chunk right after the one queued before it", () => {
    expect(scheduleChunk(1_500, 1_000, 250)).toEqual({ startsAt: 1_500, endsAt: 1_750 });
  });

  it("plays a chunk at once when the queue has run dry", () => {
    expect(scheduleChunk(800, 1_000, 250)).toEqual({ startsAt: 1_000, endsAt: 1_250 });
  });
});

describe("chunkDurationMs", () => {
  const base64Of = (bytes: number) => Buffer.alloc(bytes).toString("base64");

  it("reads 16-bit PCM at its rate", () => {
    expect(chunkDurationMs(base64Of(32_000), "pcm_16000")).toBe(1_000);
    expect(chunkDurationMs(base64Of(4_410), "pcm_22050")).toBe(100);
  });

  it("reads μ-law at one byte a sample", () => {
    expect(chunkDurationMs(base64Of(800), "ulaw_8000")).toBe(100);
  });

  it("assumes the protocol's default pcm_16000 for an unknown format", () => {
    expect(chunkDurationMs(base64Of(3_200), "mp3_44100")).toBe(100);
  });
});

describe("alignedWords", () => {
  it("groups characters into words that keep their trailing spaces, timed from the chunk's start", () => {
    expect(alignedWords(alignment("Hi there", [0, 50, 100, 150, 200, 250, 300, 350]), 1_000)).toEqual([
      { text: "Hi ", at: 1_000 },
      { text: "there", at: 1_150 },
    ]);
  });

  it("gives no words for a missing or malformed alignment", () => {
    expect(alignedWords(undefined, 0)).toEqual([]);
    expect(alignedWords({ chars: ["a", "b"], char_start_times_ms: [0] }, 0)).toEqual([]);
    expect(alignedWords({ chars: ["a"], char_start_times_ms: ["soon"] }, 0)).toEqual([]);
    expect(alignedWords({ chars: "ab", char_start_times_ms: [0, 1] }, 0)).toEqual([]);
  });
});

describe("appendWords", () => {
  it("joins a word that a chunk boundary cut in two, keeping its first time", () => {
    expect(appendWords([{ text: "pass", at: 10 }], [{ text: "word ", at: 90 }, { text: "now", at: 120 }])).toEqual([
      { text: "password ", at: 10 },
      { text: "now", at: 120 },
    ]);
  });

  it("keeps words apart across a boundary at a space", () => {
    expect(appendWords([{ text: "your ", at: 10 }], [{ text: "code", at: 90 }])).toHaveLength(2);
  });
});

describe("heardText", () => {
  const line = (over: Partial<SpokenLine>): SpokenLine => ({ eventId: 1, text: "Hello there", words: [], startsAt: null, ...over });

  it("is the words whose audio has started", () => {
    const spoken = line({ words: [{ text: "Hello ", at: 100 }, { text: "there", at: 400 }], startsAt: 100 });
    expect(heardText(spoken, 50)).toBe("");
    expect(heardText(spoken, 100)).toBe("Hello");
    expect(heardText(spoken, 399)).toBe("Hello");
    expect(heardText(spoken, 400)).toBe("Hello there");
  });

  it("without alignment, is the whole line once its audio has started and nothing before", () => {
    expect(heardText(line({}), 5_000)).toBe("");
    expect(heardText(line({ startsAt: 300 }), 299)).toBe("");
    expect(heardText(line({ startsAt: 300 }), 300)).toBe("Hello there");
  });
});

describe("finalText and lastRevealAt", () => {
  it("prefer the agent's text, else what the alignment spelled", () => {
    expect(finalText({ eventId: 1, text: " Hello. ", words: [{ text: "Helo", at: 0 }], startsAt: 0 })).toBe("Hello.");
    expect(finalText({ eventId: 1, text: null, words: [{ text: "Hi ", at: 0 }, { text: "you", at: 5 }], startsAt: 0 })).toBe("Hi you");
    expect(lastRevealAt({ eventId: 1, text: null, words: [{ text: "Hi ", at: 0 }, { text: "you", at: 5 }], startsAt: 0 })).toBe(5);
    expect(lastRevealAt({ eventId: 1, text: "x", words: [], startsAt: null })).toBeNull();
  });
});
