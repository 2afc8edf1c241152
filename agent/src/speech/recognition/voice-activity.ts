/**
 * Where the visitor's turns start and end, from WebRTC's voice activity detector (libfvad,
 * npm @echogarden/fvad-wasm, BSD-3-Clause; docs/speech.md §3): a GMM over 20 ms frames, ~2 µs each, no
 * model file. On top of its per-frame verdicts:
 * - a turn opens after a few voiced frames close together (one click or cough frame is not
 *   enough), with the audio just before kept so the recogniser hears the onset;
 * - it becomes *real speech* (barge-in) only after a few hundred ms of voiced frames;
 * - it ends after a stretch of silence (the hangover), and a turn that never had enough voiced
 *   frames to be speech is dropped as noise;
 * - a frame counts as voiced only when it is also well above the room's noise floor
 *   (NoiseFloor): in a café the other tables' voices are speech too, and WebRTC's detector says
 *   so, but the visitor speaks into the microphone, 10 dB and more above them.
 */
import { samplesForMs, whiteNoise } from "../audio";
import { instantiatePackagedWasm } from "./packaged-wasm";

export const VAD_FRAME_MS = 20;
const BOOST_TARGET_DBFS = -20;
const MAX_BOOST_DB = 24;
export const VAD_SAMPLE_RATE = 16_000;
const FRAME_SAMPLES = (VAD_SAMPLE_RATE / 1000) * VAD_FRAME_MS;
const PRIMER = whiteNoise(samplesForMs(500), -50, 0x5eed);

export type VoiceActivityOptions = {
  /** libfvad's aggressiveness, 0-3: 3 calls the fewest noise frames speech. */
  mode: 0 | 1 | 2 | 3;
  /** Voiced frames within `openWindowMs` that open a turn. */
  openMs: number;
  openWindowMs: number;
  /** Voiced time in a turn that makes it real speech: the moment barge-in is announced. */
  realSpeechMs: number;
  /** A turn with less voiced time than this is noise and is dropped. */
  minSpeechMs: number;
  /** Silence that ends a turn. */
  hangoverMs: number;
  /**
   * Silence after which a turn whose words already make a whole answer may end (a `pause` event),
   * before the hangover (recognizer.ts). 0 or at least the hangover: never.
   */
  pauseMs?: number;
  /**
   * Silence after which the turn's words so far are decoded to their end (a `lull` event), so that
   * they are ready when the pause comes. Absent, 0 or not below the pause: at the pause.
   */
  lullMs?: number;
  /** A turn this long is ended by force, which bounds what one utterance holds. */
  maxTurnMs: number;
  /**
   * How far above the room's noise floor a frame must be to count as the visitor's voice (dB),
   * at least; 0 turns the gate off. A room whose level swings (other people talking) needs more
   * than a steady hum: the margin grows to `spreadFactor` times the room's own swing (the floor's
   * percentile minus a lower one).
   */
  aboveFloorDb: number;
  spreadFactor: number;
  /**
   * How far below the visitor's loudest frames lately a frame may be and still count as their
   * voice (dB; absent or 0: no such limit). In a silent line (a microphone the browser's noise
   * suppression gates to nothing) the floor gives no limit, and the fade of the last word and the
   * detector's own overhang counted as speech for a tenth of a second after it.
   */
  belowLoudDb?: number;
  /** The floor's percentile of the last 5 s of frame levels (0.1 when absent). */
  floorPercentile?: number;
  /** At most this much gain for a quiet microphone, for the detector alone (dB; 0: none). */
  maxBoostDb?: number;
};

/**
 * The room's noise floor, in dBFS: a low percentile of the frame levels over the last few
 * seconds. Speech has pauses between words and sentences, so the floor stays at the level of
 * what fills them (the room's noise, the other tables), and a visitor speaking for a few seconds
 * does not raise it. From the first frame on, it is judged by what it has heard so far: the
 * caller's greeting plays first, and what the microphone hears meanwhile is the room
 * (`initialDbfs`, a quiet line, only before any frame).
 */
export class NoiseFloor {
  private readonly recent: number[] = [];
  private readonly sorted: number[] = [];

  constructor(
    private readonly windowFrames = 250,
    private readonly percentile = 0.1,
    private readonly initialDbfs = -60,
  ) {}

  /** Adds one frame's level; returns the floor after it. */
  push(levelDbfs: number): number {
    this.recent.push(levelDbfs);
    this.sorted.splice(this.insertionPoint(levelDbfs), 0, levelDbfs);
    if (this.recent.length > this.windowFrames) {
      const oldest = this.recent.shift() as number;
      this.sorted.splice(this.insertionPoint(oldest), 1);
    }
    return this.level;
  }

  get level(): number {
    return this.at(this.percentile);
  }

  /** The level of the loudest frames lately (90th percentile): the visitor's voice once they have spoken. */
  get loud(): number {
    return this.at(0.9);
  }

  /** How much the room's level swings: the floor minus a lower percentile of the same window (dB). */
  get swing(): number {
    return this.level - this.at(this.percentile / 4);
  }

  private at(percentile: number): number {
    if (this.sorted.length === 0) return this.initialDbfs;
    return this.sorted[Math.floor(percentile * (this.sorted.length - 1))] as number;
  }

  private insertionPoint(value: number): number {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.sorted[middle] as number) < value) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** A frame's RMS level in dBFS (-100 for digital silence). */
export function frameLevelDbfs(frame: Int16Array): number {
  let energy = 0;
  for (const sample of frame) energy += sample * sample;
  return energy === 0 ? -100 : 10 * Math.log10(energy / frame.length / 32768 ** 2);
}

/** What one frame changed. */
export type VoiceEvent =
  | { kind: "open" } // a turn may be starting: keep the audio from here (and the frames before, see prerollFrames)
  | { kind: "speech" } // the turn is real speech (barge-in)
  | { kind: "lull" } // the turn has enough speech and has been silent for lullMs: its words so far may be its last
  | { kind: "pause" } // the turn has enough speech and has been silent for pauseMs: its words may already make a whole answer
  | { kind: "end"; speechMs: number } // the turn ended with enough speech in it
  | { kind: "noise" }; // the turn ended without enough speech: drop it

type FvadExports = {
  memory: WebAssembly.Memory;
  ctors: () => void;
  create: () => number;
  destroy: (handle: number) => void;
  malloc: (bytes: number) => number;
  free: (pointer: number) => void;
  setMode: (handle: number, mode: number) => number;
  setSampleRate: (handle: number, rate: number) => number;
  process: (handle: number, samples: number, length: number) => number;
};

let loaded: FvadExports | null = null;

/** The package's wasm (packaged-wasm.ts); the export names are its glue's for the pinned version 0.2.0, self-tested before first use. */
function fvad(): FvadExports {
  if (loaded) return loaded;
  const raw = instantiatePackagedWasm("@echogarden/fvad-wasm", "fvad.wasm", {
    a: {
      a: () => {
        throw new Error("fvad: assertion failed");
      },
      // Refuses to grow memory: each detector needs a few KB of the initial heap.
      b: () => 0,
    },
  });
  const wasm: FvadExports = {
    memory: raw.c as WebAssembly.Memory,
    ctors: raw.d as () => void,
    create: raw.e as () => number,
    malloc: raw.f as (bytes: number) => number,
    destroy: raw.h as (handle: number) => void,
    free: raw.i as (pointer: number) => void,
    setMode: raw.j as (handle: number, mode: number) => number,
    setSampleRate: raw.k as (handle: number, rate: number) => number,
    process: raw.l as (handle: number, samples: number, length: number) => number,
  };
  wasm.ctors();
  const probe = wasm.create();
  const sane = probe !== 0 && wasm.setSampleRate(probe, 12_345) === -1 && wasm.setSampleRate(probe, VAD_SAMPLE_RATE) === 0 && wasm.setMode(probe, 9) === -1;
  if (probe !== 0) wasm.destroy(probe);
  if (!sane) throw new Error("@echogarden/fvad-wasm is not the version this module was written for (0.2.0)");
  loaded = wasm;
  return wasm;
}

/** One call's detector. Feed it 20 ms frames of 16 kHz mono s16le; free() it when the call ends. */
export class VoiceActivity {
  private readonly native = fvad();
  private handle: number;
  private readonly buffer: number;
  private readonly recent: boolean[] = [];
  private inTurn = false;
  private lastVoiced = false;
  private readonly floor: NoiseFloor;
  private real = false;
  private voicedFrames = 0;
  private silentRun = 0;
  private turnFrames = 0;
  private readonly frames: { open: number; window: number; real: number; min: number; hangover: number; lull: number; pause: number; max: number };

  constructor(private readonly options: VoiceActivityOptions) {
    this.floor = new NoiseFloor(250, options.floorPercentile ?? 0.1);
    this.handle = this.native.create();
    this.buffer = this.native.malloc(FRAME_SAMPLES * 2);
    if (this.handle === 0 || this.buffer === 0 || this.native.setSampleRate(this.handle, VAD_SAMPLE_RATE) !== 0 || this.native.setMode(this.handle, options.mode) !== 0) {
      this.free();
      throw new Error("could not create a voice activity detector");
    }
    // The detector's noise model starts empty and takes the first frames of any line for speech;
    // half a second of a quiet line's noise settles it (measured: no false turn at the start).
    // (Not the room's floor: that is this line's own.)
    for (let offset = 0; offset + FRAME_SAMPLES <= PRIMER.length; offset += FRAME_SAMPLES) this.classify(PRIMER.subarray(offset, offset + FRAME_SAMPLES), false);
    const frames = (ms: number) => Math.max(1, Math.round(ms / VAD_FRAME_MS));
    // Never: the hangover comes first.
    const pause = options.pauseMs && options.pauseMs < options.hangoverMs ? frames(options.pauseMs) : Number.POSITIVE_INFINITY;
    this.frames = {
      open: frames(options.openMs),
      window: frames(Math.max(options.openWindowMs, options.openMs)),
      real: frames(options.realSpeechMs),
      min: frames(options.minSpeechMs),
      hangover: frames(options.hangoverMs),
      pause,
      lull: options.lullMs && options.lullMs < (options.pauseMs ?? 0) ? Math.min(frames(options.lullMs), pause) : pause,
      max: frames(options.maxTurnMs),
    };
  }

  /** Frames of audio from before the turn opened that belong to it (the onset the detector needed to be sure). */
  get prerollFrames(): number {
    return this.frames.window + 5;
  }

  /** The silence a lull is (ms); Infinity when there is none. */
  get lullMs(): number {
    return this.frames.lull * VAD_FRAME_MS;
  }

  /** The last frame's speech probability: libfvad's verdict is a yes or a no, so 1 or 0. */
  get probability(): number {
    return this.lastVoiced ? 1 : 0;
  }

  /** The room's noise floor as the detector judges it (dBFS). */
  get floorDbfs(): number {
    return this.floor.level;
  }

  get inSpeech(): boolean {
    return this.inTurn;
  }

  /** How long the turn under way has been silent (0 while voiced, or between turns). */
  get silentMs(): number {
    return this.inTurn ? this.silentRun * VAD_FRAME_MS : 0;
  }

  /**
   * Ends the turn under way now, as its hangover would (the words already make a whole answer):
   * only during a silence, and only a turn with enough speech in it. Null when it cannot.
   */
  endNow(): VoiceEvent | null {
    if (!this.inTurn || this.silentRun === 0 || this.voicedFrames < this.frames.min) return null;
    const speechMs = this.voicedFrames * VAD_FRAME_MS;
    this.reset();
    return { kind: "end", speechMs };
  }

  /** One 20 ms frame; returns what it changed, in order (at most three events). */
  push(frame: Int16Array): VoiceEvent[] {
    if (this.handle === 0 || frame.length !== FRAME_SAMPLES) return [];
    const voiced = this.classify(frame);
    this.lastVoiced = voiced;
    if (!this.inTurn) return this.idle(voiced);
    return this.during(voiced);
  }

  /** Forgets the current turn (the caller abandoned it). */
  reset(): void {
    this.inTurn = false;
    this.real = false;
    this.voicedFrames = 0;
    this.silentRun = 0;
    this.turnFrames = 0;
    this.recent.length = 0;
  }

  free(): void {
    if (this.buffer !== 0) this.native.free(this.buffer);
    if (this.handle !== 0) this.native.destroy(this.handle);
    this.handle = 0;
  }

  private classify(frame: Int16Array, hearsTheRoom = true): boolean {
    const input = new Int16Array(this.native.memory.buffer, this.buffer, FRAME_SAMPLES);
    input.set(frame);
    // A quiet microphone (a laptop across the desk, gain turned down) is turned up for the detector
    // alone, which has a fixed energy threshold: its loudest frames lately to -20 dBFS, +24 dB at most.
    const boost = hearsTheRoom ? Math.min(this.options.maxBoostDb ?? MAX_BOOST_DB, Math.max(0, BOOST_TARGET_DBFS - this.floor.loud)) : 0;
    if (boost > 1) {
      const factor = 10 ** (boost / 20);
      for (let i = 0; i < FRAME_SAMPLES; i++) input[i] = Math.max(-32768, Math.min(32767, Math.round((frame[i] as number) * factor)));
    }
    const speech = this.native.process(this.handle, this.buffer, FRAME_SAMPLES) === 1;
    if (!hearsTheRoom) return speech;
    const level = frameLevelDbfs(frame);
    const aboveFloor = this.options.aboveFloorDb <= 0 || level >= this.floor.level + Math.max(this.options.aboveFloorDb, this.options.spreadFactor * this.floor.swing);
    const belowLoud = this.options.belowLoudDb ?? 0;
    const nearLoud = belowLoud <= 0 || level >= this.floor.loud - belowLoud;
    this.floor.push(level);
    return speech && aboveFloor && nearLoud;
  }

  private idle(voiced: boolean): VoiceEvent[] {
    this.recent.push(voiced);
    if (this.recent.length > this.frames.window) this.recent.shift();
    const voicedRecently = this.recent.filter(Boolean).length;
    if (voicedRecently < this.frames.open) return [];
    this.inTurn = true;
    this.real = false;
    this.voicedFrames = voicedRecently;
    this.silentRun = 0;
    this.turnFrames = this.recent.length;
    this.recent.length = 0;
    return this.voicedFrames >= this.frames.real ? [{ kind: "open" }, this.becomeReal()] : [{ kind: "open" }];
  }

  private during(voiced: boolean): VoiceEvent[] {
    const events: VoiceEvent[] = [];
    this.turnFrames++;
    if (voiced) {
      this.voicedFrames++;
      this.silentRun = 0;
      if (!this.real && this.voicedFrames >= this.frames.real) events.push(this.becomeReal());
    } else this.silentRun++;
    if (this.silentRun === this.frames.lull && this.voicedFrames >= this.frames.min) events.push({ kind: "lull" });
    if (this.silentRun === this.frames.pause && this.voicedFrames >= this.frames.min) events.push({ kind: "pause" });
    if (this.silentRun >= this.frames.hangover || this.turnFrames >= this.frames.max) {
      const speechMs = this.voicedFrames * VAD_FRAME_MS;
      const enough = this.voicedFrames >= this.frames.min;
      this.reset();
      events.push(enough ? { kind: "end", speechMs } : { kind: "noise" });
    }
    return events;
  }

  private becomeReal(): VoiceEvent {
    this.real = true;
    return { kind: "speech" };
  }
}
