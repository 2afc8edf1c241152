/**
 * The call widget as the engine suite and the widget bench see it: XPaths of what a visitor presses, and one
 * snapshot of everything they can see (plus what the page recorded about the microphone,
 * CSP violations, requests and the call's timing marks), read in a single round trip.
 */
import { callWidgetText } from "@/content/call/shell";
import { callWidgetPageText } from "@/content/call/page";
import { callLiveText } from "@/content/call/live";
import { DEBRIEF_TOOL_NAME } from "@mockingbird/contract/debrief";
import type { Tab } from "./engines";

export const text = { ...callWidgetPageText, ...callWidgetText, errors: { ...callWidgetText.errors, ...callLiveText.errors }, live: callLiveText };

const button = (label: string) => `//section[@aria-labelledby="call-widget-heading"]//button[normalize-space(.)="${label}"]`;
export const xpaths = {
  start: button(text.buttons.start),
  typed: button(text.buttons.startTyped),
  end: button(text.buttons.end),
  callAgain: button(text.buttons.callAgain),
  typeInstead: button(text.live.inputSwitch.typeInstead),
  talkInstead: button(text.live.inputSwitch.talkInstead),
  send: button(text.live.buttons.send),
  replyBox: `//input[@id="call-typed-reply"]`,
};

export type WidgetView = {
  buttons: { label: string; disabled: boolean }[];
  badges: string[];
  alert: string;
  status: string;
  agentLines: string[];
  visitorLines: string[];
  spoken: string;
  /** "Call ended. <why>", once a connected call ended; "" before. */
  ending: string;
  /** The debrief on screen: whose it is (the caller's own or the widget's) and its heading. */
  debrief: { source: string; heading: string } | null;
  microphoneHelp: string;
  meter: number | null;
  media: { calls: number; tracks: number; live: number };
  violations: string[];
  /** Uncaught errors and unhandled rejections since the recorders were installed. */
  pageErrors: string[];
  foreignRequests: string[];
  /**
   * What each of the page's sockets did, in ms since the page's start: opened, the first frame's
   * type, an error, the close's code and reason. A call that never connects says here whether its
   * socket was made, reached the server, or was closed, and by whom.
   */
  sockets: string[];
  /** The signed-URL requests (signedUrlEntries): start and end, in ms since the page's start. */
  signedUrlRequests: string[];
  marks: Record<string, number>;
  audioPlaying: boolean;
};

/**
 * Wraps getUserMedia (to count calls and keep every track) and WebSocket (to log what each socket
 * did, without touching what the page's own listeners get), and listens for CSP violations and
 * for errors nothing in the page handled.
 * Installed after load and before the visitor presses anything: the widget touches neither before.
 * The fake devices make a tone (WebKit's beeps), which the agent hears as the visitor talking
 * over its greeting; their tracks are disabled, which sends silence: a visitor who listens first.
 */
export async function installRecorders(tab: Tab): Promise<void> {
  await tab.run(`
    if (window.__engineRecord) return;
    const record = { calls: 0, tracks: [], violations: [], pageErrors: [], sockets: [] };
    window.__engineRecord = record;
    const NativeWebSocket = window.WebSocket;
    let socketsMade = 0;
    window.WebSocket = class extends NativeWebSocket {
      constructor(...args) {
        super(...args);
        const number = ++socketsMade;
        const log = (what) => record.sockets.push(Math.round(performance.now()) + " ms: socket " + number + " " + what);
        log("made");
        this.addEventListener("open", () => log("open"));
        this.addEventListener("error", () => log("error"));
        this.addEventListener("close", (event) => log("closed " + event.code + (event.reason ? " " + event.reason.slice(0, 80) : "") + (event.wasClean ? "" : " (not clean)")));
        this.addEventListener("message", (event) => {
          let type = "?";
          try { type = JSON.parse(event.data).type ?? "?"; } catch {}
          log("first frame " + type);
        }, { once: true });
      }
    };
    const original = MediaDevices.prototype.getUserMedia;
    MediaDevices.prototype.getUserMedia = async function (constraints) {
      record.calls += 1;
      const stream = await original.call(this, constraints);
      for (const track of stream.getAudioTracks()) track.enabled = false;
      record.tracks.push(...stream.getTracks());
      return stream;
    };
    document.addEventListener("securitypolicyviolation", (event) => record.violations.push(event.violatedDirective + " " + event.blockedURI));
    window.addEventListener("error", (event) => record.pageErrors.push(String(event.message)));
    window.addEventListener("unhandledrejection", (event) => record.pageErrors.push(String(event.reason?.message ?? event.reason)));
  `);
}

/**
 * The page's signed-URL requests from Resource Timing, as an expression for tab.run: requests to
 * the Supabase function's path, which `npm start` serves too.
 */
export const signedUrlEntries = `performance.getEntriesByType("resource").filter((e) => e.name.includes("/functions/v1/"))`;

export function view(tab: Tab): Promise<WidgetView> {
  return tab.run<WidgetView>(`
    const root = document.querySelector('section[aria-labelledby="call-widget-heading"]');
    const words = (element) => (element ? element.textContent.replace(/\\s+/g, " ").trim() : "");
    const record = window.__engineRecord || { calls: 0, tracks: [], violations: [], pageErrors: [], sockets: [] };
    const meter = root.querySelector('[role="meter"]');
    const marks = {};
    for (const mark of performance.getEntriesByType("mark")) if (mark.name.startsWith("call:")) marks[mark.name] = mark.startTime;
    const audio = document.querySelector("body > audio");
    return {
      buttons: [...root.querySelectorAll("button")].map((b) => ({ label: words(b), disabled: b.disabled })),
      badges: [...root.querySelectorAll("span.rounded-full")].map(words).filter(Boolean),
      alert: words(root.querySelector('[role="alert"]')),
      status: words(root.querySelector('[role="status"]')),
      agentLines: [...root.querySelectorAll('li[data-speaker="agent"]')].map(words),
      visitorLines: [...root.querySelectorAll('li[data-speaker="visitor"]')].map(words),
      spoken: words(root.querySelector('[data-testid="call-caption-spoken"]')),
      ending: words(root.querySelector('[data-testid="call-ending"]')),
      debrief: (() => {
        const card = root.querySelector('[data-testid="call-debrief"]');
        return card ? { source: card.getAttribute("data-source") ?? "", heading: words(card.querySelector("h3")) } : null;
      })(),
      microphoneHelp: words(root.querySelector('[data-testid="call-microphone-help"] h3')),
      meter: meter ? Number(meter.getAttribute("aria-valuenow")) : null,
      media: { calls: record.calls, tracks: record.tracks.length, live: record.tracks.filter((t) => t.readyState !== "ended").length },
      violations: record.violations,
      pageErrors: record.pageErrors,
      foreignRequests: performance.getEntriesByType("resource").map((e) => e.name).filter((name) => new URL(name).origin !== location.origin),
      sockets: record.sockets,
      signedUrlRequests: ${signedUrlEntries}.map((e) => Math.round(e.startTime) + "-" + Math.round(e.responseEnd) + " ms"),
      marks,
      audioPlaying: Boolean(audio && !audio.paused),
    };
  `);
}

/** Reads until `ready` holds, every 200 ms; past the timeout, fails naming what it waited for and what it last read. */
export async function waitFor<T>(read: () => Promise<T>, ready: (value: T) => boolean, what: string, timeoutMs = 25_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read();
    if (ready(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}; last seen: ${JSON.stringify(last, null, 1)}`);
}

export const waitForView = (tab: Tab, ready: (view: WidgetView) => boolean, what: string, timeoutMs = 25_000): Promise<WidgetView> =>
  waitFor(() => view(tab), ready, what, timeoutMs);

export const isIdle = (v: WidgetView) => v.buttons.some((b) => b.label === text.buttons.start && !b.disabled) && !v.badges.includes(text.badges.connecting) && !v.badges.includes(text.badges.connected);
export const isConnected = (v: WidgetView) => v.badges.includes(text.badges.connected) && v.buttons.some((b) => b.label === text.buttons.end);

/**
 * Run in the page before a call: keeps every call socket it opens in `window.__callSockets` (so a
 * test can cut one) and, once the test sets `window.__dropDebrief`, hides the caller's debrief
 * tool call from the SDK, as if the caller never made it.
 */
export const callSocketHooks = `
  const Native = window.WebSocket;
  window.__callSockets = [];
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      window.__callSockets.push(this);
    }
    addEventListener(type, listener, options) {
      if (type !== "message") return super.addEventListener(type, listener, options);
      const handle = typeof listener === "function" ? listener : (event) => listener.handleEvent(event);
      return super.addEventListener(type, (event) => {
        if (window.__dropDebrief) {
          try {
            if (JSON.parse(event.data).client_tool_call?.tool_name === ${JSON.stringify(DEBRIEF_TOOL_NAME)}) return;
          } catch {}
        }
        handle(event);
      }, options);
    }
  };`;
