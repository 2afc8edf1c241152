/**
 * The one WAV reader of the agent: mono 16-bit PCM from a RIFF/WAVE file's bytes, which is what
 * flite (its worker hands them to synthesizer.ts), Festival's text2wave and the bench's
 * recordings write.
 */
export function parseWav(bytes: Uint8Array): { samples: Int16Array; sampleRate: number } {
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (bytes.length < 12 || tag(0) !== "RIFF" || tag(8) !== "WAVE") throw new Error("not a RIFF/WAVE file");
  let sampleRate = 0;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = tag(offset);
    const size = data.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === "fmt ") {
      if (body + 16 > bytes.length) throw new Error("WAV format chunk cut short");
      const format = data.getUint16(body, true);
      const channels = data.getUint16(body + 2, true);
      const bits = data.getUint16(body + 14, true);
      if (format !== 1 || channels !== 1 || bits !== 16) throw new Error(`WAV is format ${format}, ${channels} channel(s), ${bits}-bit; expected PCM (1), mono, 16-bit`);
      sampleRate = data.getUint32(body + 4, true);
    } else if (id === "data") {
      if (!sampleRate) throw new Error("WAV data before its format");
      // A streamed WAV's data size may claim more than was written (0xFFFFFFFF): read what is there.
      const length = Math.floor(Math.min(size, bytes.length - body) / 2);
      const samples = new Int16Array(length);
      for (let i = 0; i < length; i++) samples[i] = data.getInt16(body + i * 2, true);
      return { samples, sampleRate };
    }
    offset = body + size + (size % 2);
  }
  throw new Error("WAV has no audio data");
}
