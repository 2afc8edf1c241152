/** @jest-environment node */
import { createCapacity, defaultAdmission, type LoadSources } from "../src/server/capacity";

/** Counters a test moves by hand: the lanes' busy time and decoded audio, the event loop's busy and elapsed time, the clock. */
function machine(lanes = 2) {
  const state = { now: 0, busyMs: 0, audioMs: 0, oldestWaitMs: 0, loopActiveMs: 0, loopElapsedMs: 0 };
  const sources: LoadSources = {
    recognition: () => ({ lanes, busyMs: state.busyMs, audioMs: state.audioMs, oldestWaitMs: state.oldestWaitMs }),
    eventLoop: () => ({ activeMs: state.loopActiveMs, elapsedMs: state.loopElapsedMs }),
    now: () => state.now,
  };
  /** `ms` pass with `calls` visitors each speaking `speaking` of the time, audio costing `cost` of its length to decode, the loop `loopPerCall` busy per call. */
  const run = (ms: number, { calls, speaking = 0.4, cost = 0.1, loopPerCall = 0.01, loopIdle = 0 }: { calls: number; speaking?: number; cost?: number; loopPerCall?: number; loopIdle?: number }) => {
    for (let t = 0; t < ms; t += 1_000) {
      state.now += 1_000;
      state.audioMs += 1_000 * calls * speaking;
      state.busyMs += 1_000 * calls * speaking * cost;
      state.loopElapsedMs += 1_000;
      state.loopActiveMs += 1_000 * Math.min(1, loopIdle + calls * loopPerCall);
      jest.advanceTimersByTime(1_000);
    }
  };
  return { state, sources, run };
}

/** Takes lines until one is refused; the lines taken. */
function fill(capacity: ReturnType<typeof createCapacity>, upTo = 1_000) {
  const taken = [];
  for (let i = 0; i < upTo; i++) {
    const release = capacity.tryAcquire();
    if (!release) break;
    taken.push(release);
  }
  return taken;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** The arithmetic in these tests is written for this headroom, whatever the agent's default. */
const tuning = { ...defaultAdmission, headroom: 0.6 };

describe("admission by measured capacity", () => {
  it("refuses a call beyond the configured maximum, whatever the machine could take", () => {
    const capacity = createCapacity(3);
    expect(fill(capacity)).toHaveLength(3);
    expect(capacity.reading().why).toBe("maximum");
  });

  it("starts from what the start-up warm-up's decoding cost, with the assumed speaking share", () => {
    const { state, sources } = machine(2);
    // The warm-up: 10 s of audio decoded in 1 s of lane time.
    Object.assign(state, { audioMs: 10_000, busyMs: 1_000 });
    const capacity = createCapacity(100, sources, tuning);
    // 0.6 of two lanes / (0.1 per audio ms x 0.4 of the time speaking) = 30 calls.
    expect(capacity.reading()).toEqual(expect.objectContaining({ limit: 30, why: "decoders" }));
    capacity.close();
  });

  it("admits as many calls as the decoders keep up with, as measured on the calls themselves", () => {
    const { state, sources, run } = machine(2);
    Object.assign(state, { audioMs: 10_000, busyMs: 1_000 });
    const capacity = createCapacity(100, sources, tuning);
    const lines = fill(capacity, 10);
    // The calls' audio costs 0.2 of its length here, and their visitors speak a quarter of the time.
    run(400_000, { calls: 10, speaking: 0.25, cost: 0.2, loopPerCall: 0 });
    // 0.6 x 2 / (0.2 x 0.25) = 24.
    expect(capacity.reading().limit).toBe(24);
    expect(fill(capacity)).toHaveLength(14);
    lines.forEach((release) => release());
    capacity.close();
  });

  it("takes fewer calls when other work shares the cores and decoding takes twice the wall time", () => {
    const { state, sources, run } = machine(2);
    Object.assign(state, { audioMs: 10_000, busyMs: 1_000 });
    const capacity = createCapacity(100, sources, tuning);
    const lines = fill(capacity, 5);
    run(400_000, { calls: 5, speaking: 0.4, cost: 0.1, loopPerCall: 0 });
    const quiet = capacity.reading().limit;
    run(400_000, { calls: 5, speaking: 0.4, cost: 0.2, loopPerCall: 0 });
    expect(capacity.reading().limit).toBe(Math.floor(quiet / 2));
    lines.forEach((release) => release());
    capacity.close();
  });

  it("refuses every new call while a decoding task waits longer than real time allows, and admits again once decoding catches up", () => {
    const { state, sources } = machine(2);
    Object.assign(state, { audioMs: 10_000, busyMs: 1_000 });
    const capacity = createCapacity(100, sources, tuning);
    const first = capacity.tryAcquire();
    state.oldestWaitMs = defaultAdmission.behindMs + 1;
    expect(capacity.tryAcquire()).toBeNull();
    expect(capacity.reading().why).toBe("decoding behind");
    state.oldestWaitMs = 50;
    expect(capacity.tryAcquire()).not.toBeNull();
    first?.();
    capacity.close();
  });

  it("counts each call's cost to the event loop, not the loop's own work with no call open", () => {
    const { sources, run } = machine(2);
    const capacity = createCapacity(100, sources, tuning);
    // Lines synthesized ahead keep the loop 30% busy with no call open.
    run(400_000, { calls: 0, loopIdle: 0.3 });
    const lines = fill(capacity, 4);
    run(400_000, { calls: 4, speaking: 0, loopPerCall: 0.05, loopIdle: 0.3 });
    // 0.6 / 0.05 per call = 12.
    expect(capacity.reading()).toEqual(expect.objectContaining({ limit: 12, why: "event loop" }));
    lines.forEach((release) => release());
    capacity.close();
  });

  it("admits no call while the event loop is saturated", () => {
    const { sources, run } = machine(2);
    const capacity = createCapacity(100, sources, tuning);
    const lines = fill(capacity, 2);
    run(30_000, { calls: 2, speaking: 0, loopPerCall: 0.48 });
    expect(capacity.reading().why).toBe("event loop saturated");
    expect(capacity.tryAcquire()).toBeNull();
    lines.forEach((release) => release());
    capacity.close();
  });

  it("always admits one call on a machine that is not behind, however costly its decoding", () => {
    const { state, sources } = machine(2);
    Object.assign(state, { audioMs: 1_000, busyMs: 100_000 });
    const capacity = createCapacity(100, sources, tuning);
    expect(capacity.tryAcquire()).not.toBeNull();
    expect(capacity.tryAcquire()).toBeNull();
    capacity.close();
  });

  it("gives a line back once, however often its release is called", () => {
    const capacity = createCapacity(1);
    const release = capacity.tryAcquire();
    release?.();
    release?.();
    expect(capacity.active).toBe(0);
    expect(capacity.tryAcquire()).not.toBeNull();
    expect(capacity.tryAcquire()).toBeNull();
  });
});
