/**
 * The call's microphone and speaker: the lists a visitor chooses from, the choice remembered
 * for the next call, and what a call does when a chosen device goes away. Pure functions over
 * what enumerateDevices() returns, so each rule is unit-tested without a browser; the device
 * itself is switched by the voice SDK (changeInputDevice / changeOutputDevice, call-engine.tsx).
 * The id "" is the browser's own default, which follows the system's choice.
 */
import { callDeviceText as text, type DeviceKind } from "@/content/call/devices";

export type { DeviceKind };
/** A device in a list; id "" is the default. */
export type DeviceOption = { id: string; label: string };
export type DeviceIds = Record<DeviceKind, string>;
export type DeviceLists = Record<DeviceKind, DeviceOption[]>;
type DeviceInfo = Pick<MediaDeviceInfo, "deviceId" | "kind" | "label">;

export const DEFAULT_DEVICE = "";
export const defaultDevices: DeviceIds = { microphone: DEFAULT_DEVICE, speaker: DEFAULT_DEVICE };
export const deviceKinds: readonly DeviceKind[] = ["microphone", "speaker"];
const mediaKinds: Record<DeviceKind, MediaDeviceKind> = { microphone: "audioinput", speaker: "audiooutput" };

/**
 * The list for one kind: the default first, then each device once. Chromium also lists the
 * default as a device of its own (id "default"), which the first option already is; a device
 * without an id is one the page may not see yet (no permission).
 */
export function deviceOptions(devices: readonly DeviceInfo[], kind: DeviceKind): DeviceOption[] {
  const options: DeviceOption[] = [{ id: DEFAULT_DEVICE, label: text.defaults[kind] }];
  const seen = new Set([DEFAULT_DEVICE, "default"]);
  for (const device of devices) {
    if (device.kind !== mediaKinds[kind] || seen.has(device.deviceId)) continue;
    seen.add(device.deviceId);
    options.push({ id: device.deviceId, label: device.label.trim() || text.unnamed[kind](options.length) });
  }
  return options;
}

export function deviceLists(devices: readonly DeviceInfo[]): DeviceLists {
  return { microphone: deviceOptions(devices, "microphone"), speaker: deviceOptions(devices, "speaker") };
}

/**
 * The device a remembered choice names today: the same id, else the same name (Safari gives a
 * device a new id in each session), else the default (the device is not plugged in).
 */
export function resolveRemembered(remembered: DeviceOption | undefined, options: readonly DeviceOption[]): string {
  if (!remembered || remembered.id === DEFAULT_DEVICE) return DEFAULT_DEVICE;
  const devices = options.filter((option) => option.id !== DEFAULT_DEVICE);
  const match = devices.find((option) => option.id === remembered.id) ?? devices.find((option) => option.label === remembered.label);
  return match?.id ?? DEFAULT_DEVICE;
}

/** One device the call must move off: to the default, telling the visitor when theirs was lost. */
export type Fallback = { kind: DeviceKind; lostLabel: string | null };

/**
 * What a device change (the `devicechange` event) asks of a call using `chosen`: a chosen
 * device no longer listed is lost, and the call falls back to the default, saying so. A call
 * on the default microphone reopens it when any microphone went away, silently: the device
 * pulled out may have been the default, whose track has then ended (Firefox does not follow
 * the system's new default on its own). `routable` says whether the speaker list exists at all.
 */
export function fallbacksAfterChange(chosen: DeviceIds, before: DeviceLists, after: DeviceLists, routable: boolean): Fallback[] {
  const fallbacks: Fallback[] = [];
  for (const kind of deviceKinds) {
    if (kind === "speaker" && !routable) continue;
    const id = chosen[kind];
    const listed = (options: readonly DeviceOption[], wanted: string) => options.some((option) => option.id === wanted);
    if (id !== DEFAULT_DEVICE) {
      if (!listed(after[kind], id)) fallbacks.push({ kind, lostLabel: before[kind].find((option) => option.id === id)?.label ?? text.chosen[kind] });
    } else if (kind === "microphone" && before[kind].some((option) => option.id !== DEFAULT_DEVICE && !listed(after[kind], option.id))) {
      fallbacks.push({ kind, lostLabel: null });
    }
  }
  return fallbacks;
}

/** Whether the engine can send a page's sound to a chosen device (HTMLMediaElement.setSinkId: not in Safari, nor in Firefox without its pref). */
export function canRouteOutput(mediaElement: object | undefined = globalThis.HTMLMediaElement?.prototype): boolean {
  return mediaElement !== undefined && "setSinkId" in mediaElement;
}

// ------------------------------------------------------------------------- the remembered choice

export type RememberedDevices = Partial<Record<DeviceKind, DeviceOption>>;
type ReadableStorage = Pick<Storage, "getItem">;
type WritableStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export const REMEMBERED_DEVICES_KEY = "mockingbird:call-devices";
/** Ids are 64 hex characters in Chromium, labels a device's name: anything far longer is not ours. */
const MAX_FIELD_LENGTH = 512;

const isOption = (value: unknown): value is DeviceOption =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as DeviceOption).id === "string" &&
  typeof (value as DeviceOption).label === "string" &&
  (value as DeviceOption).id.length <= MAX_FIELD_LENGTH &&
  (value as DeviceOption).label.length <= MAX_FIELD_LENGTH;

/** The devices chosen in an earlier call; nothing when storage is unavailable, empty or holds something else. */
export function readRemembered(storage: ReadableStorage | null): RememberedDevices {
  let stored: unknown;
  try {
    stored = JSON.parse(storage?.getItem(REMEMBERED_DEVICES_KEY) ?? "null");
  } catch {
    return {};
  }
  if (typeof stored !== "object" || stored === null) return {};
  const remembered: RememberedDevices = {};
  for (const kind of deviceKinds) {
    const option = (stored as Record<string, unknown>)[kind];
    if (isOption(option) && option.id !== DEFAULT_DEVICE) remembered[kind] = { id: option.id, label: option.label };
  }
  return remembered;
}

/** Remembers the visitor's choice for the next call (the default is remembered by forgetting). Never throws: a full or blocked storage just forgets. */
export function remember(storage: WritableStorage | null, kind: DeviceKind, option: DeviceOption): void {
  if (!storage) return;
  const remembered = readRemembered(storage);
  if (option.id === DEFAULT_DEVICE) delete remembered[kind];
  else remembered[kind] = { id: option.id, label: option.label };
  try {
    if (Object.keys(remembered).length === 0) storage.removeItem(REMEMBERED_DEVICES_KEY);
    else storage.setItem(REMEMBERED_DEVICES_KEY, JSON.stringify(remembered));
  } catch {
    // Quota exceeded or storage blocked: the choice still holds for this call.
  }
}

/** The page's localStorage, or null where reading it throws (cookies blocked, a sandboxed frame). */
export function browserStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The devices the browser lists now; none where it cannot list them (no mediaDevices, an error). */
export async function listDevices(): Promise<DeviceInfo[]> {
  try {
    return (await navigator.mediaDevices?.enumerateDevices?.()) ?? [];
  } catch {
    return [];
  }
}

/**
 * The devices a voice call starts on: the remembered choice, as the browser lists devices now.
 * Only lists them when something is remembered, so a first call starts without waiting.
 */
export async function startingDevices(storage: ReadableStorage | null, routable: boolean): Promise<DeviceIds> {
  const remembered = readRemembered(storage);
  if (!remembered.microphone && !(routable && remembered.speaker)) return { ...defaultDevices };
  const lists = deviceLists(await listDevices());
  return {
    microphone: resolveRemembered(remembered.microphone, lists.microphone),
    speaker: routable ? resolveRemembered(remembered.speaker, lists.speaker) : DEFAULT_DEVICE,
  };
}
