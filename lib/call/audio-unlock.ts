/**
 * WebKit (Safari on macOS, every browser on iOS) lets an AudioContext start only inside a live
 * user gesture; Chrome and Firefox accept any earlier click. The widget's tap handler calls
 * unlockAudioInGesture() before its first await, whether or not the voice SDK is loaded yet,
 * and hands the context to the SDK for playback (its own unlock runs only on iOS and only once
 * its chunk has loaded: elevenlabs/packages#1024). Ships with the page, so it stays tiny.
 */

type AudioWindow = Window & { webkitAudioContext?: typeof AudioContext };

/** The gate upstream's fix uses (elevenlabs/packages#1025): iOS, iPadOS in desktop mode, or a WebKit vendor. */
export function needsGestureUnlock(nav: Pick<Navigator, "platform" | "userAgent" | "vendor" | "maxTouchPoints">): boolean {
  if (/^(iPhone|iPad|iPod)/.test(nav.platform)) return true;
  if (nav.userAgent.includes("Mac") && nav.maxTouchPoints > 1) return true;
  return nav.vendor.startsWith("Apple");
}

/**
 * Creates an AudioContext at the device's rate, plays one silent frame and resumes it, all
 * synchronously inside the gesture. Null where no unlock is needed or Web Audio is missing
 * (the SDK then creates its own context and reports any failure).
 */
export function unlockAudioInGesture(): AudioContext | null {
  if (typeof window === "undefined" || !needsGestureUnlock(navigator)) return null;
  const Context = window.AudioContext ?? (window as AudioWindow).webkitAudioContext;
  if (!Context) return null;
  try {
    const context = new Context();
    const source = context.createBufferSource();
    source.buffer = context.createBuffer(1, 1, context.sampleRate);
    source.connect(context.destination);
    source.start(0);
    void context.resume().catch(() => {});
    return context;
  } catch {
    return null;
  }
}

/** Closes a context the call no longer needs; closing twice (the SDK owns it once handed over) is harmless. */
export function closeAudio(context: AudioContext | null): void {
  if (context && context.state !== "closed") void context.close().catch(() => {});
}
