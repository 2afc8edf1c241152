/**
 * Every way the agent closes a call's websocket, with the code and the reason. The SDK turns
 * the reason of a close before metadata into its error message, and reports any other
 * close's reason to the page (docs/protocol.md §2.3, §2.7), so each reason is written for the
 * visitor. agent/README.md ("Admission" and "Other closes") lists them in the same order.
 */

export type Close = { readonly code: number; readonly reason: string };

/**
 * The bytes of `text` in UTF-8, counted with TextEncoder rather than Node's Buffer: the widget's
 * call chunk reads this module (lib/call/session-errors.ts), and Buffer brought a 7 KB (gzip)
 * polyfill into it.
 */
const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** Close reasons are limited to 123 bytes of UTF-8 (RFC 6455 §5.5). */
export function closeReason(text: string): string {
  if (utf8Bytes(text) <= 123) return text;
  let cut = text.slice(0, 120);
  while (utf8Bytes(`${cut}...`) > 123) cut = cut.slice(0, -1);
  return `${cut}...`;
}

export type SignatureRefusal = "missing" | "malformed" | "forged" | "expired" | "reused" | "too-many-open";

// ---------------------------------------------------------------- admission (before any frame)

export const originRefusedReason = "This page may not start calls with this agent. Please start the call from the website.";
export const unknownAgentReason = "Unknown agent. Please start the call from the website.";
export const busyReason = "All lines are busy. Please try again in a minute.";
export const tooManyStartingReason = "Too many calls are starting from your network. Please try again in a minute.";

export const signatureRefusalReasons: Readonly<Record<SignatureRefusal, string>> = {
  missing: "This call needs a signed link. Please start the call from the website.",
  malformed: "This call link is not valid. Please start a new call.",
  forged: "This call link is not valid. Please start a new call.",
  expired: "This call link has expired. Please start a new call.",
  reused: "This call link was already used. Please start a new call.",
  "too-many-open": "The agent is too busy to start new calls. Please try again in a minute.",
};

// ---------------------------------------------------------------- abuse (agent/src/server/abuse.ts)

export const floodReason = "Too many messages.";
export const audioFloodReason = "Audio is arriving faster than real time.";
export const abuseReason = "Too many malformed messages.";

// ---------------------------------------------------------------- reasons built from a value

/**
 * The fixed start of each reason built from a value (a field, a language, variable names), so the
 * widget tells them apart without building one (lib/call/close-messages.ts).
 */
export const reasonPrefixes = {
  invalidInit: "Invalid conversation_initiation_client_data: ",
  overrideRefused: "Override for field '",
  unsupportedLanguage: "This agent speaks English only; language '",
  missingVariables: "Missing required dynamic variables in first message: {",
} as const;

// ---------------------------------------------------------------- the catalogue

export const closes = {
  originRefused: { code: 1008, reason: originRefusedReason },
  unknownAgent: { code: 1008, reason: unknownAgentReason },
  signature: (refusal: SignatureRefusal): Close => ({ code: 1008, reason: signatureRefusalReasons[refusal] }),
  /** Too many sockets that have not started their call from the client's network (agent/src/server/waiting-room.ts). */
  tooManyStarting: { code: 1013, reason: tooManyStartingReason },
  handshakeTimeout: { code: 1008, reason: "No conversation_initiation_client_data received in time." },
  invalidInit: (issue: string): Close => ({ code: 1008, reason: closeReason(`${reasonPrefixes.invalidInit}${issue}.`) }),
  /**
   * An override the agent has not enabled, in the service's words (its 1008 policy-violation close,
   * e.g. "Override for field 'first_message' is not allowed by config.": ElevenLabs does not document
   * the text; this is how projects that met it quote it, found through the code search of public
   * repositories). `field` is the field's own key: 'first_message', 'voice_id', 'prompt'.
   */
  overrideRefused: (field: string): Close => ({ code: 1008, reason: closeReason(`${reasonPrefixes.overrideRefused}${field}' is not allowed by config.`) }),
  unsupportedLanguage: (language: string): Close => ({ code: 1008, reason: closeReason(`${reasonPrefixes.unsupportedLanguage}${language}' is not supported.`) }),
  /**
   * The first message names a {{variable}} the call did not send: the service's close, worded as it
   * words it (quoted by projects that met it, as above), the names as a Python set prints them.
   */
  missingVariables: (names: readonly string[]): Close => ({
    code: 1008,
    reason: closeReason(`${reasonPrefixes.missingVariables}${names.map((name) => `'${name}'`).join(", ")}}`),
  }),
  /** Every line busy when the call starts (its init arrived): a waiting socket holds none. */
  busy: { code: 1013, reason: busyReason },
  callEnded: { code: 1000, reason: "Call ended." },
  timeLimit: { code: 1000, reason: "The call reached its time limit." },
  /** The visitor stayed silent past the silence timeout (contract/turn-timing.ts): the line is put down, as the service's platform does. */
  silence: { code: 1000, reason: "The call ended after a long silence." },
  shutdown: { code: 1001, reason: "Server shutting down" },
  flood: { code: 1008, reason: floodReason },
  audioFlood: { code: 1008, reason: audioFloodReason },
  malformed: { code: 1008, reason: abuseReason },
  tooSlow: { code: 1008, reason: "The connection is too slow to keep up with the call." },
  internal: { code: 1011, reason: "The agent hit a problem and ended the call. Please start a new call." },
} as const satisfies Record<string, Close | ((...args: never[]) => Close)>;
