/**
 * The caller's audio output, opened inside the visitor's tap on Start Call in every engine,
 * before anything awaits: WebKit (Safari on macOS, every browser on iOS) lets an AudioContext
 * start only inside a live user gesture (the SDK's own unlock runs only on iOS and only once its
 * chunk has loaded: elevenlabs/packages#1024), and a device opened at once is ready by the time
 * the call connects. The SDK plays the caller and records the microphone through this one context
 * (the project's patch, docs/call-widget.md, "The voice SDK patch": a second context costs WebKit
 * 50-180 ms to come up), and the widget watches it: a speaker that never starts is reported
 * (watchAudioOutput). Ships with the page, so it stays tiny.
 */

type AudioWindow = Window & { webkitAudioContext?: typeof AudioContext };

/**
 * The rate the caller's audio is expected at: ElevenLabs agents' default output format and the
 * local agent's (pcm_16000). A call at another rate still plays: the SDK resamples.
 */
export const EXPECTED_OUTPUT_RATE = 16_000;

/**
 * Creates a context at the expected rate (the device's where the browser refuses it), plays one
 * silent frame and resumes it, all synchronously inside the gesture. Null where Web Audio is
 * missing (the SDK then reports the failure itself).
 */
export function openAudioOutputInGesture(): AudioContext | null {
  if (typeof window === "undefined") return null;
  const Context = window.AudioContext ?? (window as AudioWindow).webkitAudioContext;
  if (!Context) return null;
  try {
    let context: AudioContext;
    try {
      context = new Context({ sampleRate: EXPECTED_OUTPUT_RATE });
    } catch {
      context = new Context();
    }
    const source = context.createBufferSource();
    source.buffer = context.createBuffer(1, 1, context.sampleRate);
    source.connect(context.destination);
    source.start(0);
    void context.resume().catch(() => {});
    return closedOnce(context);
  } catch {
    return null;
  }
}

/**
 * The context has two owners once the SDK plays through it: the SDK closes it when its session
 * ends (output.js close(), unconditionally) and the widget when the attempt ends, in either
 * order (End Call, an error, a dropped socket, an abandoned start). A second close() rejects
 * ("Cannot close a closed AudioContext"), unhandled where the SDK ended the session itself, so
 * every close() after the first returns the first one's promise.
 */
function closedOnce(context: AudioContext): AudioContext {
  const close = context.close.bind(context);
  let closing: Promise<void> | undefined;
  context.close = () => (closing ??= close());
  return context;
}

/**
 * Calls `onSilent` if the context has not started `timeoutMs` after now: a browser that cannot
 * open any audio output (Firefox without a sound device) leaves it suspended for ever, and the
 * call would wait with it. Returns a function that stops watching.
 */
export function watchAudioOutput(context: AudioContext, timeoutMs: number, onSilent: () => void): () => void {
  if (context.state === "running") return () => {};
  const timer = setTimeout(() => {
    if (context.state !== "running" && context.state !== "closed") onSilent();
  }, timeoutMs);
  return () => clearTimeout(timer);
}

/** Closes a context the call no longer needs, once, whether or not the SDK has closed it already. */
export function closeAudio(context: AudioContext | null): void {
  void context?.close().catch(() => {});
}
