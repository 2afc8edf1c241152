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
    serverClosed: "The connection was closed by the server.",
    timeLimit: "The call reached its time limit.",
    audioFailed: "Your browser could not start the call's audio. Reload the page and try again, or reply by typing instead.",
  },

  buttons: {
    mute: "Mute microphone",
    unmute: "Unmute microphone",
    send: "Send",
    like: "Good reply",
    dislike: "Bad reply",
    closeDebrief: "Close debrief",
  },

  /** Switching between talking and typing during a call. */
  inputSwitch: {
    typeInstead: "Type instead",
    talkInstead: "Talk instead",
    continueByVoice: "Continue by voice",
    typing: "Microphone off. Type your replies.",
    talking: "Microphone on. You can talk again.",
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
