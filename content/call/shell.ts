/**
 * Ships with the page, in the widget's small client island: badges, buttons, status lines
 * and the error catalog (the spec's exact texts, kept once so the widget and its tests
 * read the same words). Server-rendered text is in page.ts; what only a running call
 * shows is in live.ts, which ships in the on-intent chunk.
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
   * The spec's error catalog, word for word (microphoneDenied, microphoneMissing, signedUrlFailed,
   * noSignedUrl, startFailed, connectionFailed, socketError, serverClosed), plus the causes it does
   * not name, so no failure is reported as another one.
   */
  errors: {
    microphoneDenied: "Microphone access denied. Please allow microphone access and try again.",
    microphoneMissing: "No microphone found. Please connect a microphone and try again.",
    microphoneBusy: "Your microphone is being used by another app. Close it there and try again.",
    microphoneFailed: "Your microphone could not be started. Check that it works in another app, then try again.",
    signedUrlFailed: (message: string) => `Failed to get signed URL: ${message}`,
    noSignedUrl: "No signed URL received from server",
    startFailed: "Failed to start conversation",
    connectionFailed: "Connection failed",
    socketError: "The connection was closed due to a socket error.",
    serverClosed: "The connection was closed by the server.",
    timeLimit: "The call reached its time limit.",
    silenceEnded: "The call ended after a long silence. Start a new call when you are ready.",
    audioFailed: "Your browser could not start the call's audio. Reload the page and try again, or reply by typing instead.",
    audioOutputFailed: "Your speaker or headphones could not be started, so you would not hear the caller. Check your sound output and try again, or reply by typing instead.",
    insecureContext: "Calls need a secure connection. Open this page over https and try again.",
    unsupportedBrowser: "This browser cannot make calls. Try a recent Chrome, Edge, Firefox or Safari.",
  },
} as const;
