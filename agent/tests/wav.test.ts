import { encodeWav } from "../testkit/speech-audio";
import { parseWav } from "../src/speech/wav";

/** A WAV's bytes with `chunks` (id, body) after the RIFF header. */
function riff(chunks: [string, Buffer][]): Buffer {
  const parts = chunks.map(([id, body]) => {
    const header = Buffer.alloc(8);
    header.write(id, 0, "ascii");
    header.writeUInt32LE(body.length, 4);
    return Buffer.concat([header, body, Buffer.alloc(body.length % 2)]);
  });
  const head = Buffer.alloc(12);
  head.write("RIFF", 0, "ascii");
  head.writeUInt32LE(4 + parts.reduce((sum, part) => sum + part.length, 0), 4);
  head.write("WAVE", 8, "ascii");
  return Buffer.concat([head, ...parts]);
}

function format({ tag = 1, channels = 1, rate = 16_000, bits = 16 } = {}): Buffer {
  const body = Buffer.alloc(16);
  body.writeUInt16LE(tag, 0);
  body.writeUInt16LE(channels, 2);
  body.writeUInt32LE(rate, 4);
  body.writeUInt32LE((rate * channels * bits) / 8, 8);
  body.writeUInt16LE((channels * bits) / 8, 12);
  body.writeUInt16LE(bits, 14);
  return body;
}

describe("the WAV reader", () => {
  it("reads back the samples and rate of the WAV the benches write", () => {
    const pcm = Int16Array.from([0, 1, -1, 32767, -32768]);
    expect(parseWav(encodeWav(pcm, 22_050))).toEqual({ samples: pcm, sampleRate: 22_050 });
  });

  it("skips other chunks, odd-sized ones padded, to find the audio", () => {
    const data = Buffer.alloc(4);
    data.writeInt16LE(-2, 0);
    data.writeInt16LE(3, 2);
    const wav = riff([["LIST", Buffer.from("abc")], ["fmt ", format()], ["data", data]]);
    expect(parseWav(wav)).toEqual({ samples: Int16Array.from([-2, 3]), sampleRate: 16_000 });
  });

  it("reads what a streamed WAV holds when its data size claims more", () => {
    const wav = riff([["fmt ", format()], ["data", Buffer.from([5, 0])]]);
    wav.writeUInt32LE(0xffffffff, wav.length - 6);
    expect(parseWav(wav).samples).toEqual(Int16Array.from([5]));
  });

  it("refuses what is not mono 16-bit PCM, or not a WAV, naming why", () => {
    expect(() => parseWav(riff([["fmt ", format({ channels: 2 })], ["data", Buffer.alloc(4)]]))).toThrow("WAV is format 1, 2 channel(s), 16-bit; expected PCM (1), mono, 16-bit");
    expect(() => parseWav(riff([["fmt ", format({ tag: 3, bits: 32 })], ["data", Buffer.alloc(4)]]))).toThrow("format 3");
    expect(() => parseWav(riff([["data", Buffer.alloc(4)]]))).toThrow("WAV data before its format");
    expect(() => parseWav(riff([["fmt ", format()]]))).toThrow("WAV has no audio data");
    expect(() => parseWav(Buffer.from("ID3 not a wave file"))).toThrow("not a RIFF/WAVE file");
  });
});
