import { closeAudio, needsGestureUnlock, unlockAudioInGesture } from "@/lib/call/audio-unlock";

const client = (over: Partial<Pick<Navigator, "platform" | "userAgent" | "vendor" | "maxTouchPoints">>) => ({
  platform: "Linux x86_64",
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  vendor: "Google Inc.",
  maxTouchPoints: 0,
  ...over,
});

describe("needsGestureUnlock", () => {
  it("is true on iPhone and iPad, and on an iPad asking for desktop sites", () => {
    expect(needsGestureUnlock(client({ platform: "iPhone", vendor: "Apple Computer, Inc." }))).toBe(true);
    expect(needsGestureUnlock(client({ platform: "MacIntel", userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)", maxTouchPoints: 5, vendor: "" }))).toBe(true);
  });

  it("is true in desktop Safari and other WebKit browsers (elevenlabs/packages#1024)", () => {
    expect(needsGestureUnlock(client({ platform: "MacIntel", vendor: "Apple Computer, Inc." }))).toBe(true);
  });

  it("is false in Chrome and Firefox, which accept any earlier click", () => {
    expect(needsGestureUnlock(client({}))).toBe(false);
    expect(needsGestureUnlock(client({ vendor: "", userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0" }))).toBe(false);
  });
});

describe("unlockAudioInGesture", () => {
  const started: string[] = [];
  class FakeAudioContext {
    sampleRate = 48_000;
    state = "suspended";
    destination = {};
    createBuffer = (channels: number, length: number) => ({ channels, length });
    createBufferSource = () => ({ connect: () => started.push("connect"), start: () => started.push("start"), buffer: null });
    resume = () => {
      started.push("resume");
      return Promise.resolve();
    };
    close = jest.fn(() => Promise.resolve());
  }

  beforeEach(() => {
    started.length = 0;
    Object.defineProperty(window, "AudioContext", { configurable: true, value: FakeAudioContext });
  });

  it("creates, plays silence through and resumes a context synchronously on WebKit", () => {
    jest.spyOn(navigator, "vendor", "get").mockReturnValue("Apple Computer, Inc.");
    const context = unlockAudioInGesture();
    expect(context).toBeInstanceOf(FakeAudioContext);
    expect(started).toEqual(["connect", "start", "resume"]);
  });

  it("does nothing where no unlock is needed", () => {
    jest.spyOn(navigator, "vendor", "get").mockReturnValue("Google Inc.");
    expect(unlockAudioInGesture()).toBeNull();
    expect(started).toEqual([]);
  });

  it("closes a context once, and ignores none", () => {
    const context = new FakeAudioContext();
    closeAudio(context as unknown as AudioContext);
    expect(context.close).toHaveBeenCalledTimes(1);
    expect(() => closeAudio(null)).not.toThrow();
  });
});
