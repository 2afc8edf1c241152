import {
  canRouteOutput,
  deviceLists,
  deviceOptions,
  fallbacksAfterChange,
  readRemembered,
  remember,
  REMEMBERED_DEVICES_KEY,
  resolveRemembered,
  startingDevices,
  type DeviceLists,
} from "@/lib/call/devices";
import { callDeviceText as text } from "@/content/call/devices";

const device = (kind: MediaDeviceKind, deviceId: string, label: string) => ({ kind, deviceId, label });

/** What Chromium lists with its fake devices once the microphone is allowed. */
const chromium = [
  device("audioinput", "default", "Default - Fake Default Audio Input"),
  device("audioinput", "mic-1", "Fake Audio Input 1"),
  device("audioinput", "mic-2", "Fake Audio Input 2"),
  device("videoinput", "cam-1", "Fake Video Capture"),
  device("audiooutput", "default", "Default - Fake Default Audio Output"),
  device("audiooutput", "out-1", "Fake Audio Output 1"),
];

class MemoryStorage {
  items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

describe("deviceOptions", () => {
  it("puts the browser's default first, then each device of the kind once, without Chromium's own 'default' entry", () => {
    expect(deviceOptions(chromium, "microphone")).toEqual([
      { id: "", label: text.defaults.microphone },
      { id: "mic-1", label: "Fake Audio Input 1" },
      { id: "mic-2", label: "Fake Audio Input 2" },
    ]);
    expect(deviceOptions(chromium, "speaker")).toEqual([
      { id: "", label: text.defaults.speaker },
      { id: "out-1", label: "Fake Audio Output 1" },
    ]);
  });

  it("names a device the browser leaves unnamed by its place in the list, and skips devices the page may not see yet (no id)", () => {
    const options = deviceOptions([device("audioinput", "", ""), device("audioinput", "a", ""), device("audioinput", "a", "again"), device("audioinput", "b", "  ")], "microphone");
    expect(options.map((option) => option.label)).toEqual([text.defaults.microphone, text.unnamed.microphone(1), text.unnamed.microphone(2)]);
  });
});

describe("resolveRemembered", () => {
  const microphones = deviceOptions(chromium, "microphone");

  it("finds a remembered device by its id, else by its name (Safari changes ids between sessions)", () => {
    expect(resolveRemembered({ id: "mic-2", label: "renamed" }, microphones)).toBe("mic-2");
    expect(resolveRemembered({ id: "an-old-id", label: "Fake Audio Input 1" }, microphones)).toBe("mic-1");
  });

  it("falls back to the default for a device that is not plugged in, or when nothing is remembered", () => {
    expect(resolveRemembered({ id: "headset", label: "USB Headset" }, microphones)).toBe("");
    expect(resolveRemembered(undefined, microphones)).toBe("");
    // The default option's own name is not a device.
    expect(resolveRemembered({ id: "gone", label: text.defaults.microphone }, microphones)).toBe("");
  });
});

describe("fallbacksAfterChange", () => {
  const before = deviceLists(chromium);
  const without = (...ids: string[]): DeviceLists => deviceLists(chromium.filter((entry) => !ids.includes(entry.deviceId)));

  it("moves a call off a chosen microphone or speaker that went away, naming it", () => {
    expect(fallbacksAfterChange({ microphone: "mic-2", speaker: "out-1" }, before, without("mic-2", "out-1"), true)).toEqual([
      { kind: "microphone", lostLabel: "Fake Audio Input 2" },
      { kind: "speaker", lostLabel: "Fake Audio Output 1" },
    ]);
  });

  it("leaves a call alone when its devices are still there", () => {
    expect(fallbacksAfterChange({ microphone: "mic-1", speaker: "" }, before, without("mic-2", "out-1"), true)).toEqual([]);
    expect(fallbacksAfterChange({ microphone: "mic-1", speaker: "out-1" }, before, deviceLists([...chromium, device("audioinput", "new", "USB Headset")]), true)).toEqual([]);
  });

  it("reopens the default microphone, silently, when any microphone went away (it may have been the default)", () => {
    expect(fallbacksAfterChange({ microphone: "", speaker: "" }, before, without("mic-1"), true)).toEqual([{ kind: "microphone", lostLabel: null }]);
  });

  it("ignores speakers where the browser cannot route sound", () => {
    expect(fallbacksAfterChange({ microphone: "", speaker: "out-1" }, before, without("out-1"), false)).toEqual([]);
  });

  it("names a lost device it never saw listed as the chosen one", () => {
    const lists = deviceLists(chromium);
    expect(fallbacksAfterChange({ microphone: "headset", speaker: "" }, lists, lists, true)).toEqual([{ kind: "microphone", lostLabel: text.chosen.microphone }]);
  });
});

describe("the remembered choice", () => {
  it("is remembered per kind and forgotten when the default is chosen again", () => {
    const storage = new MemoryStorage();
    remember(storage, "microphone", { id: "mic-2", label: "Fake Audio Input 2" });
    remember(storage, "speaker", { id: "out-1", label: "Fake Audio Output 1" });
    expect(readRemembered(storage)).toEqual({ microphone: { id: "mic-2", label: "Fake Audio Input 2" }, speaker: { id: "out-1", label: "Fake Audio Output 1" } });
    remember(storage, "microphone", { id: "", label: text.defaults.microphone });
    remember(storage, "speaker", { id: "", label: text.defaults.speaker });
    expect(readRemembered(storage)).toEqual({});
    expect(storage.items.has(REMEMBERED_DEVICES_KEY)).toBe(false);
  });

  it("reads as nothing remembered when storage is missing, throws, or holds something else", () => {
    const throwing = { getItem: () => { throw new DOMException("blocked", "SecurityError"); }, setItem: () => { throw new DOMException("full", "QuotaExceededError"); }, removeItem: () => {} };
    expect(readRemembered(null)).toEqual({});
    expect(readRemembered(throwing)).toEqual({});
    expect(() => remember(throwing, "microphone", { id: "mic-1", label: "x" })).not.toThrow();
    for (const stored of ["not json", "42", "null", '{"microphone":"mic-1"}', `{"microphone":{"id":"${"x".repeat(600)}","label":"long"}}`]) {
      const storage = new MemoryStorage();
      storage.setItem(REMEMBERED_DEVICES_KEY, stored);
      expect(readRemembered(storage)).toEqual({});
    }
  });

  it("starts the next call on the remembered devices that are plugged in, the default for the rest", async () => {
    const storage = new MemoryStorage();
    remember(storage, "microphone", { id: "mic-2", label: "Fake Audio Input 2" });
    remember(storage, "speaker", { id: "unplugged", label: "USB Headset" });
    Object.defineProperty(navigator, "mediaDevices", { configurable: true, value: { enumerateDevices: async () => chromium } });
    expect(await startingDevices(storage, true)).toEqual({ microphone: "mic-2", speaker: "" });
    remember(storage, "speaker", { id: "out-1", label: "Fake Audio Output 1" });
    expect(await startingDevices(storage, true)).toEqual({ microphone: "mic-2", speaker: "out-1" });
    expect(await startingDevices(storage, false)).toEqual({ microphone: "mic-2", speaker: "" });
  });

  it("starts on the defaults where the browser cannot list devices", async () => {
    const storage = new MemoryStorage();
    remember(storage, "microphone", { id: "mic-2", label: "Fake Audio Input 2" });
    Object.defineProperty(navigator, "mediaDevices", { configurable: true, value: { enumerateDevices: async () => Promise.reject(new Error("not allowed")) } });
    expect(await startingDevices(storage, true)).toEqual({ microphone: "", speaker: "" });
  });
});

describe("canRouteOutput", () => {
  it("is true only where media elements have setSinkId", () => {
    expect(canRouteOutput({ setSinkId() {} })).toBe(true);
    expect(canRouteOutput({})).toBe(false);
    expect(canRouteOutput(undefined)).toBe(false);
  });
});
