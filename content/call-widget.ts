/**
 * The call widget's strings that ship with the page: the idle shell, badges and the spec's
 * error catalogue (exact texts, kept once so the widget and its tests read the same words).
 * What only a running call shows is in call-live.ts, which ships in the on-intent chunk.
 */
export const callWidgetText = {
  simulationLabel: "Simulation",
  noScript: "The demo call needs JavaScript. Everything else on this site works without it.",

  badges: {
    connected: "Connected",
    connecting: "Connecting...",
  },

  buttons: {
    start: "Start Call",
    connecting: "Connecting...",
    end: "End Call",
    startTyped: "Reply by typing instead",
  },

  /** Read out by the widget's status live region. */
  status: {
    connecting: "Connecting the call",
    connected: "Call connected",
    ended: "Call ended",
    debriefReady: "Your red-flag debrief is below.",
  },

  /** The spec's error catalogue, word for word, plus the cases it does not name. */
  errors: {
    microphoneDenied: "Microphone access denied. Please allow microphone access and try again.",
    microphoneMissing: "No microphone found. Please connect a microphone and try again.",
    microphoneBusy: "Your microphone is being used by another app. Close it there and try again.",
    signedUrlFailed: (message: string) => `Failed to get signed URL: ${message}`,
    noSignedUrl: "No signed URL received from server",
    startFailed: "Failed to start conversation",
    connectionFailed: "Connection failed",
    socketError: "The connection was closed due to a socket error.",
    serverClosed: "The connection was closed by the server.",
    insecureContext: "Calls need a secure connection. Open this page over https and try again.",
    unsupportedBrowser: "This browser cannot make calls. Try a recent Chrome, Edge, Firefox or Safari.",
  },
} as const;
