/** @jest-environment node */
import fc from "fast-check";
import { alignmentForChunk, charsHeard, heardText } from "../src/speech/chunk-alignment";
import { estimateTimeline, type Phone } from "../src/speech/synthesis/alignment";
import { splitSentences } from "../src/speech/synthesis/sentences";

/** flite's phones for "Hello there, this is Sam." (voice slt): silence, two phrases split by a pause, silence. */
const phones: Phone[] = [
  { name: "pau", endS: 0.164 },
  ...["hh", "ax", "l", "ow", "dh", "eh", "r"].map((name, i) => ({ name, endS: 0.164 + (i + 1) * 0.1 })),
  { name: "pau", endS: 0.915 },
  ...["dh", "ih", "s", "ih", "z", "s", "ae", "m"].map((name, i) => ({ name, endS: 0.915 + (i + 1) * 0.095 })),
  { name: "pau", endS: 1.789 },
];

describe("splitting a line into sentences", () => {
  it("cuts after each sentence, keeping the space with the sentence before it", () => {
    expect(splitSentences("Hi Alex, it's Sam. We flagged it! Okay? Yes.")).toEqual(["Hi Alex, it's Sam. ", "We flagged it! ", "Okay? ", "Yes."]);
  });

  it("does not cut after an abbreviation or an initial", () => {
    expect(splitSentences("Call Mr. Smith now. Then J. Doe.")).toEqual(["Call Mr. Smith now. ", "Then J. Doe."]);
  });

  it("keeps a part with nothing to say with its neighbour", () => {
    expect(splitSentences("Hi. ... Okay.")).toEqual(["Hi. ... ", "Okay."]);
  });

  it("gives back the line exactly when the parts are joined", () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), (line) => splitSentences(line).join("") === line));
  });
});

describe("when each character is spoken", () => {
  it("gives each phrase the voiced span flite reports for it", () => {
    const timeline = estimateTimeline("Hello there, this is Sam.", 1_789, phones);
    const startOf = (word: string) => timeline.startsMs[Array.from("Hello there, this is Sam.").join("").indexOf(word)]!;
    expect(startOf("Hello")).toBe(164);
    expect(startOf("this")).toBe(915);
    // The comma and the space take the pause between the phrases.
    expect(startOf(",")).toBeGreaterThanOrEqual(startOf("there"));
    expect(startOf("Sam")).toBeLessThan(1_789);
  });

  it("spreads the words over the voiced span when flite's pauses do not match the punctuation", () => {
    const timeline = estimateTimeline("Hello there this is Sam", 1_789, phones);
    expect(timeline.startsMs[0]).toBe(164);
    expect(timeline.startsMs.at(-1)! + timeline.durationsMs.at(-1)!).toBeLessThanOrEqual(1_789);
  });

  it("times every character inside the audio, in order, for any text and length", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), fc.integer({ min: 0, max: 20_000 }), (text, audioMs) => {
        const timeline = estimateTimeline(text, audioMs, null);
        expect(timeline.chars.join("")).toBe(text);
        timeline.startsMs.forEach((start, i) => {
          expect(start).toBeGreaterThanOrEqual(i === 0 ? 0 : timeline.startsMs[i - 1]!);
          expect(start + timeline.durationsMs[i]!).toBeLessThanOrEqual(audioMs);
        });
      }),
    );
  });

  it("gives digits more time than letters: each is a spoken word", () => {
    const timeline = estimateTimeline("code 4821 now", 3_000, null);
    const wordMs = (from: number, to: number) => timeline.startsMs[to]! - timeline.startsMs[from]!;
    expect(wordMs(5, 9)).toBeGreaterThan(wordMs(0, 4) * 2);
  });
});

describe("the alignment of one audio chunk", () => {
  const timeline = estimateTimeline("Hello there, this is Sam.", 1_789, phones);

  it("lists the characters that start in the chunk, timed from the chunk's start", () => {
    const chunk = alignmentForChunk(timeline, 900, 1_000, false);
    // "this" starts at 915 ms, when the second phrase does.
    expect(chunk.chars[chunk.char_start_times_ms.indexOf(15)]).toBe("t");
    expect(chunk.char_start_times_ms.every((start) => start >= 0 && start < 100)).toBe(true);
  });

  it("puts every character in exactly one chunk of the line", () => {
    const chunks = Array.from({ length: 18 }, (_, i) => alignmentForChunk(timeline, i * 100, (i + 1) * 100, i === 17));
    expect(chunks.flatMap((chunk) => chunk.chars).join("")).toBe("Hello there, this is Sam.");
  });
});

describe("the heard part of an interrupted line", () => {
  it("ends at the last whole word heard", () => {
    expect(heardText("I need your code right now", 13)).toBe("I need your");
  });

  it("is empty when nothing was heard and whole when everything was", () => {
    expect([heardText("Hello there", 0), heardText("Hello there", 11)]).toEqual(["", "Hello there"]);
  });

  it("counts the characters whose sound has played", () => {
    const timeline = estimateTimeline("Hello there, this is Sam.", 1_789, phones);
    expect(heardText("Hello there, this is Sam.", charsHeard(timeline, 1_000))).toBe("Hello there,");
  });
});
