/**
 * RNNoise (Xiph's recurrent-network noise suppressor, npm @echogarden/rnnoise-wasm, BSD-3-Clause,
 * its model built in): what the recogniser hears when the room is noisy. RNNoise works on 10 ms
 * frames at 48 kHz; the agent's audio is 16 kHz, so each frame goes up by three and back down
 * (resample-3x.ts). One suppressor per call: its state is that line's noise, learnt as the
 * greeting plays. Output lags input by RNNoise's frame plus the two filters (SUPPRESSION_DELAY_SAMPLES).
 */
import { instantiatePackagedWasm } from "./packaged-wasm";
import { Downsampler3x, ROUND_TRIP_DELAY_16K, Upsampler3x } from "./resample-3x";

/** RNNoise's frame: 10 ms at 48 kHz. */
const RNNOISE_FRAME = 480;
/** The same 10 ms at 16 kHz. */
const FRAME_16K = RNNOISE_FRAME / 3;

/** How far behind its input a suppressor's output is, in 16 kHz samples (rounded). */
export const SUPPRESSION_DELAY_SAMPLES = Math.round(FRAME_16K + ROUND_TRIP_DELAY_16K);

type RnnoiseExports = {
  memory: WebAssembly.Memory;
  ctors: () => void;
  frameSize: () => number;
  /** rnnoise_create(model): 0 selects the built-in model. */
  create: (model: number) => number;
  destroy: (state: number) => void;
  malloc: (bytes: number) => number;
  free: (pointer: number) => void;
  /** rnnoise_process_frame(state, out, in): floats in 16-bit range; returns the frame's voice probability. */
  processFrame: (state: number, output: number, input: number) => number;
};

let loaded: RnnoiseExports | null = null;

/** The package's wasm (packaged-wasm.ts); the export names are its glue's for the pinned version 0.2.0, self-tested before first use. */
function rnnoise(): RnnoiseExports {
  if (loaded) return loaded;
  let memory: WebAssembly.Memory | null = null;
  const raw = instantiatePackagedWasm("@echogarden/rnnoise-wasm", "rnnoise.wasm", {
    a: {
      // Refuses to grow memory: the initial 16 MB heap holds hundreds of 18 KB states.
      a: () => 0,
      b: (destination: number, source: number, bytes: number) => {
        if (memory) new Uint8Array(memory.buffer).copyWithin(destination, source, source + bytes);
        return destination;
      },
    },
  });
  const wasm: RnnoiseExports = {
    memory: raw.c as WebAssembly.Memory,
    ctors: raw.d as () => void,
    frameSize: raw.f as () => number,
    create: raw.h as (model: number) => number,
    destroy: raw.i as (state: number) => void,
    free: raw.j as (pointer: number) => void,
    processFrame: raw.k as (state: number, output: number, input: number) => number,
    malloc: raw.l as (bytes: number) => number,
  };
  memory = wasm.memory;
  wasm.ctors();
  const probe = wasm.frameSize() === RNNOISE_FRAME ? wasm.create(0) : 0;
  if (probe !== 0) wasm.destroy(probe);
  if (probe === 0) throw new Error("@echogarden/rnnoise-wasm is not the version this module was written for (0.2.0)");
  loaded = wasm;
  return wasm;
}

/** One call's noise suppressor: 16 kHz mono s16le in any frame length that is a multiple of 10 ms; free() it when the call ends. */
export class NoiseSuppressor {
  private readonly native = rnnoise();
  private state: number;
  /** Input and output frames in the wasm heap, one after the other. */
  private buffer: number;
  private readonly up = new Upsampler3x();
  private readonly down = new Downsampler3x();
  private readonly high = new Float32Array(RNNOISE_FRAME);
  private readonly low = new Float64Array(FRAME_16K);

  constructor() {
    this.state = this.native.create(0);
    this.buffer = this.native.malloc(RNNOISE_FRAME * 4 * 2);
    if (this.state === 0 || this.buffer === 0) {
      this.free();
      throw new Error("could not create a noise suppressor");
    }
  }

  /** The frame with the room's noise taken out, SUPPRESSION_DELAY_SAMPLES later; a freed suppressor passes it through. */
  process(frame: Int16Array): Int16Array {
    if (this.state === 0) return frame.slice();
    if (frame.length % FRAME_16K !== 0) throw new RangeError(`frames are multiples of ${FRAME_16K} samples (10 ms), got ${frame.length}`);
    const out = new Int16Array(frame.length);
    for (let offset = 0; offset < frame.length; offset += FRAME_16K) {
      this.up.process(frame.subarray(offset, offset + FRAME_16K), this.high);
      new Float32Array(this.native.memory.buffer, this.buffer, RNNOISE_FRAME).set(this.high);
      const output = this.buffer + RNNOISE_FRAME * 4;
      this.native.processFrame(this.state, output, this.buffer);
      this.down.process(new Float32Array(this.native.memory.buffer, output, RNNOISE_FRAME), this.low);
      for (let i = 0; i < FRAME_16K; i++) out[offset + i] = Math.max(-32768, Math.min(32767, Math.round(this.low[i] as number)));
    }
    return out;
  }

  free(): void {
    if (this.buffer !== 0) this.native.free(this.buffer);
    if (this.state !== 0) this.native.destroy(this.state);
    this.buffer = 0;
    this.state = 0;
  }
}
