/** The call widget's strings that only a running call shows; they ship in the on-intent chunk. */
export const callLiveText = {
  /**
   * The errors only the call chunk can report (the signed URL, the SDK's session and its
   * socket): the spec's words (signedUrlFailed, noSignedUrl, socketError, serverClosed), plus the
   * causes it does not name. The widget's own steps report shell.ts's `errors`.
   */
  errors: {
    signedUrlFailed: (message: string) => `Failed to get signed URL: ${message}`,
    noSignedUrl: "No signed URL received from server",
    socketError: "The connection was closed due to a socket error.",
    /** The generic close: a code or reason the page has no words of its own for. */
    serverClosed: "The connection was closed by the server.",
    timeLimit: "The call reached its time limit.",
    audioFailed: "Your browser could not start the call's audio. Reload the page and try again, or reply by typing instead.",
  },

  /**
   * Why the call's socket closed, in the page's words: every close the local agent
   * (contract/close-reasons.ts) or ElevenLabs' service can send maps to one of these
   * (lib/call/close-messages.ts), and one it does not know to `errors.serverClosed`. The close's
   * own reason is never shown: the service's are written for developers.
   */
  closes: {
    /** 1001 going away, 1012 restarting: the agent or the service shut down under the call. */
    restarting: "The call service restarted and the call ended. Please start a new call in a minute.",
    /** 1011 internal error, 1014 bad gateway: the service failed. */
    serviceFailed: "The call service hit a problem and ended the call. Please start a new call.",
    /** 1006: the connection broke without a close from either side. */
    dropped: "The connection dropped. Check your network, then start a new call.",
    /** 1013 try again later: every line busy, or too many calls starting from one network. */
    busy: "All lines are busy. Please try again in a minute.",
    /** The signed link was refused: missing, not valid, expired or already used. */
    linkInvalid: "This call's link is not valid. Please start a new call.",
    /** A page of another site, or a caller the service does not know. */
    wrongPage: "Calls can only start from this website. Reload the page and try again.",
    /** The caller's settings refused what the page sent (an override, a language, a variable): nothing the visitor can change. */
    callerUnavailable: "This caller cannot take calls right now. Please try another scenario, or try again later.",
    /** The voice provider's quota or credits ran out. */
    unavailable: "Demo calls are unavailable right now. Please try again later.",
    /** The page sent more, or faster, than a call does (the agent's abuse guard). */
    tooMuchData: "The call was stopped because this page sent more than a call needs. Reload the page and start a new call.",
    /** The visitor's connection could not keep up, or the call's first message did not come in time. */
    tooSlow: "Your connection was too slow to keep up with the call. Check your network, then start a new call.",
  },

  buttons: {
    mute: "Mute microphone",
    unmute: "Unmute microphone",
    send: "Send",
    /** The rating buttons' visible text; the group's visible caption (feedback.legend) says which line they rate. */
    like: "Good line",
    dislike: "Bad line",
    closeDebrief: "Close debrief",
  },

  /** Switching between talking and typing during a call. */
  inputSwitch: {
    typeInstead: "Type instead",
    talkInstead: "Talk instead",
    continueByVoice: "Continue by voice",
    // Muting stops sending the microphone's sound; the SDK keeps its track open, so the browser may still show it in use.
    typing: "Muted: the caller does not hear you. Type your replies.",
    talking: "Unmuted. You can talk again.",
  },

  status: {
    agentSpeaking: "The caller is speaking",
    listening: "The caller is listening",
    timeWarning: (seconds: number) => `${seconds} seconds left in this call.`,
  },

  captions: {
    heading: "Live captions",
    agent: "Caller",
    visitor: "You",
    empty: "Captions appear here when the call starts.",
    typing: "The caller is typing…",
  },

  timer: { label: "Time left in this call" },
  meter: { label: "Microphone level" },

  typedReply: {
    label: "Type a reply",
    placeholder: "Type what you would say",
  },

  feedback: {
    /** Shown above the rating buttons, and their group's name: what is rated is the caller's line, not the site. */
    legend: "Rate the caller's last line",
    thanks: "Thanks for the feedback.",
  },

  debrief: {
    heading: "Red-flag debrief",
    outcomes: {
      complied: "You gave the caller what they wanted",
      "held-firm": "You held firm",
      verified: "You verified through a trusted channel",
      "ended-early": "The call ended early",
    },
    /** Why the call ended, under "Call ended" (lib/call/call-machine.ts's endings). */
    ended: "Call ended",
    endings: {
      visitor: "You hung up.",
      caller: "The caller hung up.",
      "time-limit": "The call reached its time limit.",
      silence: "The call ended after a long silence.",
      dropped: "The connection dropped.",
      error: "The call stopped on an error.",
    },
    /** The widget's own debrief cannot tell the outcome: it says so instead of guessing. */
    unknownOutcome: "The caller did not get to say how the call went. Look back over the captions: did you give them anything?",
    linesHeading: "What the caller said",
    redFlagsHeading: "How to spot the pressure next time",
    /** Before the site's consultation link (content/navigation.ts's book action). */
    nextStep: "Want your team to take this call before a real one comes?",
    tacticsHeading: "Pressure tactics the caller used",
    noTactics: "The call ended before the caller escalated.",
    momentHeading: "The moment that decided it",
    youSaid: "You said",
    nextTimeHeading: "What to do next time",
    tactics: {
      authority: "Authority",
      urgency: "Urgency",
      secrecy: "Secrecy",
      pretext: "Pretext",
      intimidation: "Intimidation",
      "social-proof": "Social proof",
      rapport: "Rapport",
    },
  },

  microphoneHelp: {
    heading: "How to allow the microphone",
    typedHint: "No microphone? Choose 'Reply by typing instead' and read the caller's lines as captions.",
  },
} as const;
