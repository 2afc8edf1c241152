import { closeAudio, EXPECTED_OUTPUT_RATE, openAudioOutputInGesture, watchAudioOutput } from "@/lib/call/audio-unlock";

const started: string[] = [];
class FakeAudioContext {
  static refuses: number[] = [];
  sampleRate: number;
  state = "suspended";
  destination = {};
  constructor(options: { sampleRate?: number } = {}) {
    if (options.sampleRate !== undefined && FakeAudioContext.refuses.includes(options.sampleRate)) throw new DOMException("unsupported", "NotSupportedError");
    this.sampleRate = options.sampleRate ?? 48_000;
  }
  createBuffer = (channels: number, length: number) => ({ channels, length });
  createBufferSource = () => ({ connect: () => started.push("connect"), start: () => started.push("start"), buffer: null });
  resume = () => {
    started.push("resume");
    return Promise.resolve();
  };
  closes = 0;
  /** As a real context: a second close() rejects. */
  close(): Promise<void> {
    this.closes += 1;
    if (this.state === "closed") return Promise.reject(new DOMException("Cannot close a closed AudioContext.", "InvalidStateError"));
    this.state = "closed";
    return Promise.resolve();
  }
}

beforeEach(() => {
  started.length = 0;
  FakeAudioContext.refuses = [];
  Object.defineProperty(window, "AudioContext", { configurable: true, value: FakeAudioContext });
});

describe("openAudioOutputInGesture", () => {
  it("creates a context at the caller's expected rate, plays silence through it and resumes it, synchronously, in every engine", () => {
    const context = openAudioOutputInGesture();
    expect(context).toBeInstanceOf(FakeAudioContext);
    expect(context?.sampleRate).toBe(EXPECTED_OUTPUT_RATE);
    expect(started).toEqual(["connect", "start", "resume"]);
  });

  it("takes the device's rate where the browser refuses the expected one", () => {
    FakeAudioContext.refuses = [EXPECTED_OUTPUT_RATE];
    expect(openAudioOutputInGesture()?.sampleRate).toBe(48_000);
  });

  it("is null without Web Audio", () => {
    Object.defineProperty(window, "AudioContext", { configurable: true, value: undefined });
    expect(openAudioOutputInGesture()).toBeNull();
  });
});

describe("watchAudioOutput", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("reports a speaker that has not started in time", () => {
    const context = new FakeAudioContext() as unknown as AudioContext;
    const silent = jest.fn();
    watchAudioOutput(context, 4_000, silent);
    jest.advanceTimersByTime(3_999);
    expect(silent).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(silent).toHaveBeenCalledTimes(1);
  });

  it("says nothing of a speaker that started, a context closed meanwhile, or a watch that was stopped", () => {
    const running = new FakeAudioContext();
    const closed = new FakeAudioContext();
    const stopped = new FakeAudioContext();
    const silent = jest.fn();
    watchAudioOutput(running as unknown as AudioContext, 4_000, silent);
    watchAudioOutput(closed as unknown as AudioContext, 4_000, silent);
    const stop = watchAudioOutput(stopped as unknown as AudioContext, 4_000, silent);
    running.state = "running";
    closed.state = "closed";
    stop();
    jest.advanceTimersByTime(5_000);
    expect(silent).not.toHaveBeenCalled();
  });
});

describe("closeAudio", () => {
  it("closes the tap's context once, whether the SDK closes it before or after the widget, and no close rejects", async () => {
    const context = openAudioOutputInGesture()!;
    const bySdk = context.close();
    closeAudio(context);
    await expect(context.close()).resolves.toBeUndefined();
    await expect(bySdk).resolves.toBeUndefined();
    expect((context as unknown as FakeAudioContext).closes).toBe(1);
    expect(() => closeAudio(null)).not.toThrow();
  });
});
