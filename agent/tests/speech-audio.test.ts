/** @jest-environment node */
import fc from "fast-check";
import { base64DecodedLength, chunkPcm, concatPcm, decodePcmBase64, durationMs, isPaddedBase64, pcmToBase64, Reframer, resample } from "../src/speech/audio";

const samples = fc.array(fc.integer({ min: -32768, max: 32767 }), { maxLength: 2000 }).map((values) => Int16Array.from(values));

describe("base64 PCM", () => {
  it("round-trips any non-empty samples", () => {
    fc.assert(
      fc.property(samples.filter((pcm) => pcm.length > 0), (pcm) => {
        const decoded = decodePcmBase64(pcmToBase64(pcm));
        expect(decoded.ok && Array.from(decoded.pcm)).toEqual(Array.from(pcm));
      }),
    );
  });

  it("is little-endian", () => {
    expect(pcmToBase64(Int16Array.of(1, -2))).toBe(Buffer.from([0x01, 0x00, 0xfe, 0xff]).toString("base64"));
  });

  it("accepts every encoding the standard encoder produces", () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => isPaddedBase64(Buffer.from(bytes).toString("base64"))));
  });

  it("checks megabytes of audio without running out of stack", () => {
    const text = pcmToBase64(new Int16Array(6 * 1024 * 1024));
    expect(decodePcmBase64(text).ok).toBe(true);
    expect(decodePcmBase64(`${text.slice(0, -4)}A!==`)).toMatchObject({ ok: false, reason: "not-base64" });
  });

  it.each([
    ["an odd number of bytes", [Buffer.from([1, 2, 3]).toString("base64")], undefined, "odd-length"],
    ["text that is not padded standard base64", ["abc", "ab!d", "AAAA=AAA", "AA==AA==", "AAA-", "AA A", "A===", "====", "AAA\u00e9"], undefined, "not-base64"],
    ["an empty or non-string payload", ["", 42], undefined, "empty"],
    ["a payload over the size cap before decoding it (2,000 bytes at a cap of 1,999)", [pcmToBase64(new Int16Array(1000))], 1999, "too-large"],
  ])("refuses %s", (_behaviour, payloads, maxBytes, reason) => {
    for (const payload of payloads) expect(decodePcmBase64(payload, maxBytes)).toMatchObject({ ok: false, reason });
  });

  it("takes a payload of exactly the size cap", () => {
    expect(decodePcmBase64(pcmToBase64(new Int16Array(1000)), 2000).ok).toBe(true);
  });

  it("knows the decoded size from the text", () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => base64DecodedLength(Buffer.from(bytes).toString("base64")) === bytes.length));
  });
});

describe("chunking", () => {
  it("cuts 100 ms chunks of 1,600 samples with a shorter last one", () => {
    const chunks = chunkPcm(new Int16Array(4000), 100);
    expect(chunks.map((chunk) => chunk.length)).toEqual([1600, 1600, 800]);
  });

  it("keeps every sample in order", () => {
    fc.assert(
      fc.property(samples, fc.integer({ min: 20, max: 250 }), (pcm, ms) => {
        expect(Array.from(concatPcm(chunkPcm(pcm, ms)))).toEqual(Array.from(pcm));
      }),
    );
  });

  it("refuses chunk lengths outside 20-250 ms", () => {
    expect(() => chunkPcm(new Int16Array(10), 19)).toThrow(RangeError);
    expect(() => chunkPcm(new Int16Array(10), 251)).toThrow(RangeError);
  });
});

describe("re-framing", () => {
  it("turns pieces of any size into whole frames and keeps the remainder", () => {
    fc.assert(
      fc.property(fc.array(samples, { maxLength: 12 }), (pieces) => {
        const reframer = new Reframer(320);
        const frames: Int16Array[] = [];
        for (const piece of pieces) reframer.push(piece, (frame) => frames.push(frame));
        const all = concatPcm(pieces);
        const whole = Math.floor(all.length / 320) * 320;
        expect(frames.every((frame) => frame.length === 320)).toBe(true);
        expect(Array.from(concatPcm(frames))).toEqual(Array.from(all.subarray(0, whole)));
      }),
    );
  });
});

describe("resampling", () => {
  it("doubles the samples from 8 to 16 kHz and keeps the duration", () => {
    const pcm = new Int16Array(8000);
    const out = resample(pcm, 8000, 16000);
    expect(out.length).toBe(16000);
    expect(durationMs(out)).toBe(1000);
  });

  it("interpolates between neighbours", () => {
    expect(Array.from(resample(Int16Array.of(0, 100), 8000, 16000))).toEqual([0, 50, 100, 100]);
  });
});
