import { supportedBrowsers } from "@/content/legal/facts";

/**
 * Ships with the page, in the widget's small client island: badges, buttons, status lines
 * and the errors the island itself can report before the call chunk runs (the spec's exact
 * texts, kept once so the widget and its tests read the same words). Server-rendered text is
 * in page.ts; what only a running call shows or reports is in live.ts, which ships in the
 * on-intent chunk.
 */
export const callWidgetText = {
  simulationLabel: "Simulation",

  badges: {
    connected: "Connected",
    connecting: "Connecting...",
    retrying: "Retrying...",
  },

  buttons: {
    start: "Start Call",
    connecting: "Connecting...",
    end: "End Call",
    startTyped: "Reply by typing instead",
    /** After a dropped call: the same scenario and channel again, in one press. */
    callAgain: "Call again",
  },

  /** Read out by the widget's status live region. */
  status: {
    connecting: "Connecting the call",
    connected: "Call connected",
    ended: "Call ended",
    debriefReady: "Your red-flag debrief is below.",
    retrying: "The connection failed. Trying once more...",
    dropped: "The call dropped. Call again starts the same scenario.",
  },

  /**
   * The errors of the widget's own steps (the microphone request, loading the call chunk, the
   * connect timeout, the speaker watch): the spec's words (microphoneDenied, microphoneMissing,
   * startFailed, connectionFailed), plus the causes it does not name, so no failure is reported
   * as another one. The rest of the catalog is live.ts's `errors`.
   */
  errors: {
    microphoneDenied: "Microphone access denied. Please allow microphone access and try again.",
    microphoneMissing: "No microphone found. Please connect a microphone and try again.",
    microphoneBusy: "Your microphone is being used by another app. Close it there and try again.",
    microphoneFailed: "Your microphone could not be started. Check that it works in another app, then try again.",
    startFailed: "Failed to start conversation",
    connectionFailed: "Connection failed",
    audioOutputFailed: "Your speaker or headphones could not be started, so you would not hear the caller. Check your sound output and try again, or reply by typing instead.",
    insecureContext: "Calls need a secure connection. Open this page over https and try again.",
    unsupportedBrowser: `This browser cannot make calls. Try ${supportedBrowsers}.`,
  },
} as const;
