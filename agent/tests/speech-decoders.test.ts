/** @jest-environment node */
import pino from "pino";
import { Lane, type PooledDecoder } from "../src/speech/recognition/decoders/lane";
import { LanguageModelPool } from "../src/speech/recognition/decoders/pool";
import type { ChannelMismatch } from "../src/speech/recognition/decoders/rehearing";
import type { Decoder, LanguageModel, WordPosterior } from "../src/speech/recognition/pocketsphinx";

/**
 * A stand-in decoder that "hears" how many samples it was fed, and counts frees. Its cepstral mean
 * is what its last utterance heard. As strict as pocketsphinx about utterances: it refuses to start
 * one while one is open, and to end one that is not.
 */
class FakeDecoder {
  samples = 0;
  frees = 0;
  utterances = 0;
  inUtterance = false;
  mean = new Float32Array([0]);
  /** Like sphinxbase when an utterance ends on a frame boundary: the mean it reports was not updated. */
  staleMean = false;
  /** The mean each utterance started from. */
  readonly startedFrom: number[] = [];
  cepstralMean(): Float32Array {
    return this.staleMean ? new Float32Array(this.startedFrom.slice(-1)) : new Float32Array(this.mean);
  }
  cepstralStatistics(): { sum: Float32Array; frames: number } {
    return { sum: new Float32Array(this.mean), frames: 1 };
  }
  setCepstralMean(mean: Float32Array): boolean {
    this.mean = new Float32Array(mean);
    return true;
  }
  get freed(): boolean {
    return this.frees > 0;
  }
  startUtterance(): boolean {
    if (this.inUtterance) return false;
    this.inUtterance = true;
    this.startedFrom.push(this.mean[0] ?? Number.NaN);
    this.samples = 0;
    this.utterances++;
    return true;
  }
  async processAsync(pcm: Int16Array): Promise<boolean> {
    this.samples += pcm.length;
    return true;
  }
  async endUtteranceAsync(): Promise<boolean> {
    if (!this.inUtterance) return false;
    this.inUtterance = false;
    this.mean = new Float32Array([this.samples]);
    return true;
  }
  async hypothesisAsync(): Promise<string | null> {
    return this.samples > 0 ? `heard ${this.samples}` : null;
  }
  nbest(max: number): string[] {
    return this.samples > 0 ? [`heard ${this.samples}`, `heard ${this.samples} or so`].slice(0, max) : [];
  }
  wordPosteriors(): WordPosterior[] {
    return [];
  }
  free(): void {
    this.frees++;
  }
}

/**
 * A decoder on a microphone 40 (c0) louder than the warm-up: its running sums, as sphinxbase
 * keeps them, start from the mean it is given at a weight of 500 frames and add a frame of
 * c0 = 40 for every 160 samples it decodes.
 */
class LoudMicrophoneDecoder extends FakeDecoder {
  /** Frames at the start of each utterance heard at the warm-up's loudness. */
  protected readonly quietFrames: number = 0;
  private sums = { sum: 0, frames: 500 };
  private decodedFrames = 0;
  override cepstralStatistics(): { sum: Float32Array; frames: number } {
    return { sum: new Float32Array([this.sums.sum]), frames: this.sums.frames };
  }
  override setCepstralMean(mean: Float32Array): boolean {
    this.sums = { sum: 500 * (mean[0] ?? 0), frames: 500 };
    this.decodedFrames = 0;
    return super.setCepstralMean(mean);
  }
  override async processAsync(pcm: Int16Array): Promise<boolean> {
    for (let frame = 0; frame < pcm.length / 160; frame++) this.sums.sum += this.decodedFrames++ < this.quietFrames ? 0 : 40;
    this.sums.frames += pcm.length / 160;
    return super.processAsync(pcm);
  }
}

/** The same microphone, loud only from the second second of each utterance on (a visitor who starts softly, then speaks up). */
class LoudAfterASecondDecoder extends LoudMicrophoneDecoder {
  protected override readonly quietFrames = 100;
}

/** Lets the lease's queued decoding (a chain of native-call promises) run to its end. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

function fakeModel() {
  return { frees: 0, free() {
    this.frees++;
  } };
}

function poolOf(maxDecoders: number, mismatch?: ChannelMismatch, Decoder: new () => FakeDecoder = FakeDecoder) {
  const created: FakeDecoder[] = [];
  const model = fakeModel();
  const lane = new Lane(model as unknown as LanguageModel);
  let closedCallbacks = 0;
  const pool = new LanguageModelPool(
    [lane],
    async () => {
      const decoder = new Decoder();
      created.push(decoder);
      return decoder as unknown as Decoder;
    },
    maxDecoders,
    () => closedCallbacks++,
    pino({ level: "silent" }),
    mismatch,
  );
  return { pool, created, model, closedCallbacks: () => closedCallbacks };
}

const second = new Int16Array(16_000);

describe("language-model lease", () => {
  it("decodes what was fed, except the newest 300 ms (the detector's hangover)", async () => {
    const { pool } = poolOf(1);
    const lease = pool.lease(10 * 16_000);
    for (let i = 0; i < 10; i++) lease.feed(second.subarray(0, 1600));
    await expect(lease.finish()).resolves.toEqual({ best: `heard ${16_000 - 4_800}`, nbest: [], words: [] });
  });

  it("stops taking audio at its cap", async () => {
    const { pool } = poolOf(1);
    const lease = pool.lease(8_000);
    lease.feed(second);
    lease.feed(second);
    await expect(lease.finish()).resolves.toEqual({ best: `heard ${8_000 - 4_800}`, nbest: [], words: [] });
  });

  it("answers no best transcript when the model heard nothing", async () => {
    const { pool } = poolOf(1);
    await expect(pool.lease(16_000).finish()).resolves.toEqual({ best: null, nbest: [], words: [] });
  });

  it("passes on the best path's words with how sure the lattice is of each", async () => {
    const sure = [{ word: "<s>", posterior: 1 }, { word: "hello", posterior: 0.8 }, { word: "</s>", posterior: 1 }];
    class SureDecoder extends FakeDecoder {
      override wordPosteriors(): WordPosterior[] {
        return sure;
      }
    }
    const { pool } = poolOf(1, undefined, SureDecoder);
    const lease = pool.lease(16_000);
    lease.feed(second);
    await expect(lease.finish()).resolves.toEqual({ best: "heard 11200", nbest: [], words: sure });
  });

  it("adds the n-best list when asked for one", async () => {
    const { pool } = poolOf(1);
    const lease = pool.lease(16_000, 5);
    lease.feed(second);
    await expect(lease.finish()).resolves.toEqual({ best: "heard 11200", nbest: ["heard 11200", "heard 11200 or so"], words: [] });
  });

  it("gives its decoder back when a native call throws", async () => {
    class ThrowingDecoder extends FakeDecoder {
      override startUtterance(): boolean {
        throw new Error("native call failed");
      }
    }
    const { pool } = poolOf(1, undefined, ThrowingDecoder);
    const lease = pool.lease(16_000);
    lease.feed(second);
    await expect(lease.finish()).resolves.toBeUndefined();
    expect(pool.stats).toMatchObject({ decoders: 1, idle: 1 });
  });

  it("releases its decoder once, however often it is finished or abandoned", async () => {
    const { pool } = poolOf(1);
    const lease = pool.lease(16_000);
    lease.feed(second);
    const first = lease.finish();
    lease.abandon();
    await first;
    await lease.finish();
    expect(pool.stats).toMatchObject({ decoders: 1, idle: 1 });
  });
});

describe("the words so far while a turn is spoken", () => {
  /** A decoder whose end of utterance waits until the test lets it go: a turn that has ended and awaits its transcript. */
  let releaseEnd: () => void = () => undefined;
  class SlowToEndDecoder extends FakeDecoder {
    override async endUtteranceAsync(): Promise<boolean> {
      await new Promise<void>((resolve) => (releaseEnd = resolve));
      return super.endUtteranceAsync();
    }
  }

  /** Two lanes, a decoder on each: two calls decoding at once, as on two cores. */
  async function twoLanePool() {
    const lanes = [new Lane(fakeModel() as unknown as LanguageModel), new Lane(fakeModel() as unknown as LanguageModel)];
    const pool = new LanguageModelPool(lanes, async () => new SlowToEndDecoder() as unknown as Decoder, 2, () => undefined, pino({ level: "silent" }));
    await pool.warm(2);
    return pool;
  }

  const listener = () => {
    const heard: string[] = [];
    return { heard, partial: { intervalMs: 0, heard: (words: string) => heard.push(words) } };
  };

  it("are taken after each batch of audio while nothing more pressing waits", async () => {
    const pool = await twoLanePool();
    const { heard, partial } = listener();
    const lease = pool.lease(10 * 16_000, 0, { mean: null }, partial);
    lease.feed(second);
    lease.flush();
    await settle();
    expect(heard).toEqual(["heard 11200"]);
  });

  it("are skipped while another call's ended turn awaits its transcript, and taken again once it has it", async () => {
    const pool = await twoLanePool();
    const ended = pool.lease(10 * 16_000);
    ended.feed(second);
    const transcript = ended.finish();
    await settle();
    const { heard, partial } = listener();
    const speaking = pool.lease(10 * 16_000, 0, { mean: null }, partial);
    speaking.feed(second);
    speaking.flush();
    await settle();
    expect(heard).toEqual([]);
    releaseEnd();
    await transcript;
    speaking.feed(second);
    speaking.flush();
    await settle();
    expect(heard).toEqual(["heard 27200"]);
  });
});

describe("the turn decoded to its end at a pause", () => {
  /** The hangover's 400 ms less the 200 ms pause: what the turn must stay silent to end. */
  const silenceToCome = 3_200;
  /** Counts the utterances ended, so a test can tell one decode of a turn from two. */
  class CountingDecoder extends FakeDecoder {
    ends = 0;
    override async endUtteranceAsync(): Promise<boolean> {
      this.ends++;
      return super.endUtteranceAsync();
    }
  }
  const silence = new Int16Array(silenceToCome);
  /** A decoder whose batches wait until the test lets them go: a decode at a pause queues behind them. */
  function heldUntilLetGo() {
    let letGo: () => void = () => undefined;
    const goes = new Promise<void>((resolve) => (letGo = resolve));
    class HeldDecoder extends CountingDecoder {
      override async processAsync(pcm: Int16Array): Promise<boolean> {
        await goes;
        return super.processAsync(pcm);
      }
    }
    return { HeldDecoder, letGo: () => letGo() };
  }

  async function speakingLease(pool: LanguageModelPool) {
    await pool.warm(1);
    const lease = pool.lease(10 * 16_000, 2, { mean: new Float32Array([7]) });
    lease.feed(second);
    await settle();
    return lease;
  }

  it("is the turn's transcript when only silence follows, decoded once, from the audio the turn's end would decode", async () => {
    const { pool, created } = poolOf(1, undefined, CountingDecoder);
    const lease = await speakingLease(pool);
    lease.decodeToTheEndAtPause(silenceToCome);
    await settle();
    const decoder = created[0] as CountingDecoder;
    expect(decoder.ends).toBe(1);
    lease.feed(silence);
    await expect(lease.finish()).resolves.toEqual({ best: "heard 14400", nbest: ["heard 14400", "heard 14400 or so"], words: [] });
    expect([decoder.utterances, decoder.ends]).toEqual([1, 1]);
  });

  it("is decoded again from the turn's start when the visitor goes on, so the whole turn is heard as one utterance from the mean it began with", async () => {
    const { pool, created } = poolOf(1, undefined, CountingDecoder);
    const lease = await speakingLease(pool);
    lease.decodeToTheEndAtPause(silenceToCome);
    await settle();
    lease.speechResumed();
    lease.feed(second);
    const decoder = created[0] as CountingDecoder;
    await expect(lease.finish()).resolves.toMatchObject({ best: "heard 27200" });
    expect(decoder.startedFrom).toEqual([7, 7]);
  });

  it("is not taken while another call's ended turn awaits its transcript: the turn is decoded once, at its end", async () => {
    const { pool, created } = poolOf(2, undefined, CountingDecoder);
    await pool.warm(2);
    const other = pool.lease(10 * 16_000);
    pool.turnAwaitingTranscript(true);
    const lease = pool.lease(10 * 16_000);
    lease.feed(second);
    await settle();
    lease.decodeToTheEndAtPause(silenceToCome);
    await settle();
    expect(created.reduce((ends, decoder) => ends + (decoder as CountingDecoder).ends, 0)).toBe(0);
    pool.turnAwaitingTranscript(false);
    lease.feed(silence);
    await expect(lease.finish()).resolves.toMatchObject({ best: "heard 14400" });
    expect(created.reduce((ends, decoder) => ends + (decoder as CountingDecoder).ends, 0)).toBe(1);
    other.abandon();
  });

  it("decodes a call's first turn again, when the visitor goes on, through the channel its decode at the pause found it on", async () => {
    const { pool, created } = poolOf(1, { mismatchedChannelDistance: null, mismatchedLevel: 15 }, LoudMicrophoneDecoder);
    await pool.warm(1);
    const lease = pool.lease(10 * 16_000);
    lease.feed(second);
    await settle();
    lease.decodeToTheEndAtPause(silenceToCome);
    await settle();
    expect(created[0]?.startedFrom).toEqual([0, 40]);
    lease.speechResumed();
    lease.feed(second);
    await expect(lease.finish()).resolves.toMatchObject({ best: "heard 27200" });
    expect(created[0]?.startedFrom).toEqual([0, 40, 40]);
  });

  it("is not run when the visitor goes on before it could run, and the turn goes on in the same utterance, not decoded again", async () => {
    const { HeldDecoder, letGo } = heldUntilLetGo();
    const { pool, created } = poolOf(1, undefined, HeldDecoder);
    const lease = await speakingLease(pool);
    const stale = lease.decodeToTheEndAtPause(silenceToCome);
    lease.speechResumed();
    lease.feed(second);
    letGo();
    await expect(stale).resolves.toBeUndefined();
    const decoder = created[0] as CountingDecoder;
    expect([decoder.utterances, decoder.ends]).toEqual([1, 0]);
    await expect(lease.finish()).resolves.toMatchObject({ best: "heard 27200" });
    expect([decoder.utterances, decoder.ends, lease.work.decodedAgainMs]).toEqual([1, 1, 0]);
  });

  it("leaves its decoder ready for the next turn when the turn is given up before the decode has run", async () => {
    const { HeldDecoder, letGo } = heldUntilLetGo();
    const { pool } = poolOf(1, undefined, HeldDecoder);
    const lease = await speakingLease(pool);
    lease.decodeToTheEndAtPause(silenceToCome);
    const transcript = lease.finish();
    // Its transcript came too late (recognizer.ts): the turn is given up while its decodes still wait.
    lease.abandon();
    await settle();
    letGo();
    await expect(transcript).resolves.toBeUndefined();
    const next = pool.lease(10 * 16_000);
    next.feed(second);
    await expect(next.finish()).resolves.toMatchObject({ best: "heard 11200" });
  });

  it("gives its result to a turn that ends before the decode has run", async () => {
    const { pool, created } = poolOf(1, undefined, CountingDecoder);
    const lease = await speakingLease(pool);
    lease.decodeToTheEndAtPause(silenceToCome);
    await expect(lease.finish()).resolves.toMatchObject({ best: "heard 14400" });
    expect((created[0] as CountingDecoder).ends).toBe(1);
  });
});

describe("language-model pool", () => {
  it("creates decoders on demand up to its cap", async () => {
    const { pool, created } = poolOf(2);
    const leases = [pool.lease(16_000), pool.lease(16_000), pool.lease(16_000)];
    await new Promise((resolve) => setImmediate(resolve));
    expect(created).toHaveLength(2);
    expect(pool.stats.waiting).toBe(1);
    await Promise.all(leases.map((lease) => lease.finish()));
  });

  it("is ready once its first decoders exist, and makes the rest of its warm ones after them, one at a time", async () => {
    const { pool, created } = poolOf(16);
    await pool.warm(5, 2);
    expect(pool.stats.idle).toBe(2);
    expect(created.length).toBeLessThan(5);
    const counts: number[] = [];
    for (let turn = 0; turn < 20 && pool.stats.decoders < 5; turn++) {
      await new Promise((resolve) => setImmediate(resolve));
      counts.push(pool.stats.decoders);
    }
    expect(pool.stats).toEqual(expect.objectContaining({ decoders: 5, idle: 5 }));
    // One more decoder at a time: never two made side by side in the background.
    expect(counts.every((count, i) => i === 0 || count - (counts[i - 1] as number) <= 1)).toBe(true);
  });

  it("makes its background decoders only while no visitor is being heard", async () => {
    const { pool, created } = poolOf(16);
    await pool.warm(3, 1);
    const lease = pool.lease(16_000);
    lease.feed(second);
    const settleTurns = async () => {
      for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setImmediate(resolve));
    };
    await settleTurns();
    const whileHearing = created.length;
    await lease.finish();
    await settleTurns();
    expect(whileHearing).toBeLessThanOrEqual(2);
    expect(created).toHaveLength(3);
  });

  it("gives a released decoder to the lease that waited, which then catches up", async () => {
    const { pool, created } = poolOf(1);
    const first = pool.lease(16_000);
    const waiting = pool.lease(10 * 16_000);
    waiting.feed(second);
    waiting.feed(second.subarray(0, 4_800));
    await first.finish();
    await expect(waiting.finish()).resolves.toEqual({ best: "heard 16000", nbest: [], words: [] });
    expect(created).toHaveLength(1);
  });

  it("ends an utterance a lease left open before lending its decoder again", async () => {
    const { pool, created } = poolOf(1);
    const pooled = await pool.acquire();
    pooled?.decoder.startUtterance();
    pool.release(pooled as PooledDecoder);
    await settle();
    expect([created[0]?.inUtterance, pool.stats.idle]).toEqual([false, 1]);
  });

  it("frees a decoder whose open utterance cannot be ended, and makes a new one for the next lease", async () => {
    class UnendingDecoder extends FakeDecoder {
      override async endUtteranceAsync(): Promise<boolean> {
        this.inUtterance = false;
        return false;
      }
    }
    const { pool, created } = poolOf(1, undefined, UnendingDecoder);
    const pooled = await pool.acquire();
    pooled?.decoder.startUtterance();
    pool.release(pooled as PooledDecoder);
    await settle();
    expect([created[0]?.frees, pool.stats.decoders]).toEqual([1, 0]);
    await pool.acquire();
    expect(created).toHaveLength(2);
  });

  it("frees idle decoders on close, busy ones when their lease ends, then the models, once", async () => {
    const { pool, created, model, closedCallbacks } = poolOf(2);
    const busy = pool.lease(16_000);
    const idle = pool.lease(16_000);
    await idle.finish();
    pool.close();
    pool.close();
    await new Promise((resolve) => setImmediate(resolve));
    expect(created.map((decoder) => decoder.frees)).toEqual([0, 1]);
    expect(model.frees).toBe(0);
    await busy.finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(created.map((decoder) => decoder.frees)).toEqual([1, 1]);
    expect(model.frees).toBe(1);
    expect(closedCallbacks()).toBe(1);
  });

  it("starts each utterance from its call's cepstral mean, a call's first from the mean a new decoder has", async () => {
    const { pool, created } = poolOf(1);
    const call = { mean: null };
    const turn = async (channel: { mean: Float32Array | null }, samples: number) => {
      const lease = pool.lease(16_000, 0, channel);
      lease.feed(second.subarray(0, samples + 4_800));
      await lease.finish();
    };
    await turn(call, 1_000);
    await turn({ mean: null }, 2_000);
    await turn(call, 3_000);
    await turn({ mean: null }, 4_000);
    expect(created).toHaveLength(1);
    expect(created[0]?.startedFrom).toEqual([0, 0, 1_000, 0]);
  });

  it("carries the mean worked out from the decoder's sums, which stay right where sphinxbase leaves its mean as it was", async () => {
    const { pool, created } = poolOf(1);
    const call = { mean: null };
    const first = pool.lease(16_000, 0, call);
    await new Promise((resolve) => setImmediate(resolve));
    created[0]!.staleMean = true;
    first.feed(second.subarray(0, 1_000 + 4_800));
    await first.finish();
    const next = pool.lease(16_000, 0, call);
    await next.finish();
    expect(created[0]?.startedFrom).toEqual([0, 1_000]);
  });

  it("hears a first turn through a far louder microphone again from its start while it is still being fed, not once it has ended", async () => {
    const { pool, created } = poolOf(1, { mismatchedChannelDistance: null, mismatchedLevel: 15 }, LoudMicrophoneDecoder);
    await pool.warm(1);
    const lease = pool.lease(10 * 16_000);
    lease.feed(second);
    lease.feed(second);
    lease.flush();
    await settle();
    expect(created[0]?.startedFrom).toEqual([0, 40]);
    await expect(lease.finish()).resolves.toEqual({ best: `heard ${32_000 - 4_800}`, nbest: [], words: [] });
    expect(created[0]?.startedFrom).toEqual([0, 40]);
  });

  it("judges a first turn's channel after each whole second of it, however its audio was batched, so a channel that shows only later is heard again while the turn is still being fed", async () => {
    const startedFromWhenFed = async (pieces: Int16Array[]) => {
      const { pool, created } = poolOf(1, { mismatchedChannelDistance: null, mismatchedLevel: 10 }, LoudAfterASecondDecoder);
      await pool.warm(1);
      const lease = pool.lease(10 * 16_000);
      for (const piece of pieces) {
        lease.feed(piece);
        lease.flush();
        await settle();
      }
      return created[0]?.startedFrom;
    };
    // Its own level is 0 after a second, 13 after a second and a half, 20 after two: heard again with 20.
    await expect(startedFromWhenFed([second, second.subarray(0, 12_800), second.subarray(0, 8_000)])).resolves.toEqual([0, 20]);
    await expect(startedFromWhenFed(Array.from({ length: 115 }, () => second.subarray(0, 320)))).resolves.toEqual([0, 20]);
  });

  it("hears a first turn too short to judge early again at its end", async () => {
    const { pool, created } = poolOf(1, { mismatchedChannelDistance: null, mismatchedLevel: 15 }, LoudMicrophoneDecoder);
    await pool.warm(1);
    const lease = pool.lease(10 * 16_000);
    lease.feed(second.subarray(0, 8_000 + 4_800));
    await expect(lease.finish()).resolves.toEqual({ best: "heard 8000", nbest: [], words: [] });
    expect(created[0]?.startedFrom).toEqual([0, 40]);
  });

  it("counts the utterances being heard, and says when the last one is done", async () => {
    const { pool } = poolOf(2);
    let quiet = 0;
    pool.onQuiet = () => quiet++;
    const first = pool.lease(16_000);
    const second = pool.lease(16_000);
    expect(pool.hearing).toBe(2);
    await first.finish();
    expect([pool.hearing, quiet]).toEqual([1, 0]);
    second.abandon();
    await second.finish();
    await second.finish();
    expect([pool.hearing, quiet]).toEqual([0, 1]);
  });

  it("answers leases made after close with no transcript", async () => {
    const { pool } = poolOf(1);
    pool.close();
    await expect(pool.lease(16_000).finish()).resolves.toBeUndefined();
  });
});

describe("lane", () => {
  it("runs tasks one at a time, in order, even when one fails", async () => {
    const lane = new Lane(fakeModel() as unknown as LanguageModel);
    const order: string[] = [];
    let running = 0;
    const task = (name: string, fail = false) => async () => {
      running++;
      expect(running).toBe(1);
      await new Promise((resolve) => setImmediate(resolve));
      order.push(name);
      running--;
      if (fail) throw new Error(name);
    };
    await Promise.allSettled([lane.run(task("a")), lane.run(task("b", true)), lane.run(task("c"))]);
    expect(order).toEqual(["a", "b", "c"]);
  });

  it("runs the tasks of a turn that has ended before the batches of turns still being spoken, the turn that ended first first", async () => {
    const lane = new Lane(fakeModel() as unknown as LanguageModel);
    const order: string[] = [];
    const task = (name: string) => () => {
      order.push(name);
    };
    let release = () => undefined as void;
    const running = lane.run(() => new Promise<void>((resolve) => (release = resolve)).then(task("running already")));
    await new Promise((resolve) => setImmediate(resolve));
    const queued = [
      lane.run(task("streaming a")),
      lane.run(task("ended late"), () => 2_000),
      lane.run(task("streaming b")),
      lane.run(task("ended early"), () => 1_000),
    ];
    release();
    await Promise.all([running, ...queued]);
    expect(order).toEqual(["running already", "ended early", "ended late", "streaming a", "streaming b"]);
  });

  it("moves a turn's waiting batches ahead once the turn ends", async () => {
    const lane = new Lane(fakeModel() as unknown as LanguageModel);
    const order: string[] = [];
    let ended = Number.POSITIVE_INFINITY;
    const running = lane.run(() => {
      order.push("first");
      ended = 5;
    });
    await Promise.all([running, lane.run(() => order.push("other call")), lane.run(() => order.push("this turn's batch"), () => ended)]);
    expect(order).toEqual(["first", "this turn's batch", "other call"]);
  });
});
