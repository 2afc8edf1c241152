/**
 * What the visitor reads when the call's socket closes with an error: each close the local agent
 * (contract/close-reasons.ts) or ElevenLabs' service sends, by its reason where the page knows it,
 * else by its code, as one of the page's own messages (content/call/live.ts, `closes`). A close's
 * own reason is never shown: the service's are written for developers ("Override for field
 * 'first_message' is not allowed by config."), and a new one would reach the visitor unreviewed.
 * Read by the on-intent call chunk only (session-errors.ts).
 */
import { callLiveText } from "@/content/call/live";
import { closes, reasonPrefixes as built, signatureRefusalReasons } from "@mockingbird/contract/close-reasons";

const { closes: say, errors } = callLiveText;

/** The local agent's reasons, each with the page's words for it. */
const agentReasons = new Map<string, string>([
  [closes.originRefused.reason, say.wrongPage],
  [closes.unknownAgent.reason, say.wrongPage],
  [signatureRefusalReasons.missing, say.wrongPage],
  [signatureRefusalReasons.malformed, say.linkInvalid],
  [signatureRefusalReasons.forged, say.linkInvalid],
  [signatureRefusalReasons.expired, say.linkInvalid],
  [signatureRefusalReasons.reused, say.linkInvalid],
  [signatureRefusalReasons["too-many-open"], say.busy],
  [closes.tooManyStarting.reason, say.busy],
  [closes.busy.reason, say.busy],
  [closes.handshakeTimeout.reason, say.tooSlow],
  [closes.tooSlow.reason, say.tooSlow],
  [closes.flood.reason, say.tooMuchData],
  [closes.audioFlood.reason, say.tooMuchData],
  [closes.malformed.reason, say.tooMuchData],
  [closes.internal.reason, say.serviceFailed],
  [closes.shutdown.reason, say.restarting],
]);

/**
 * Reasons built from a value (a field, a language, variable names): the agent words them as the
 * service does, so these also match the service's own. Each is the caller's configuration
 * refusing what the page sent, which the visitor cannot change.
 */
const reasonPrefixes: ReadonlyArray<readonly [string, string]> = [
  [built.invalidInit, say.callerUnavailable],
  [built.overrideRefused, say.callerUnavailable],
  [built.unsupportedLanguage, say.callerUnavailable],
  [built.missingVariables, say.callerUnavailable],
];

/**
 * The service's quota and credit refusals ("This request exceeds your quota limit.", with 1002
 * or 1008: elevenlabs/packages#911, elevenlabs/elevenlabs-python#282); its docs list no close
 * reasons, so this is matched loosely.
 */
const quotaReason = /\bquota\b|\bcredits?\b/i;

/**
 * By code alone (RFC 6455 §7.4.1; the service documents no codes of its own): 1001 going away and
 * 1012 restart (a shutdown), 1011 internal error and 1014 bad gateway, 1006 no close at all (the
 * network), 1013 try again later (over capacity), 1009 a message too big. 1000 is a normal
 * hang-up and never an error; 1008 (policy) and the rest say nothing the visitor can use without
 * their reason.
 */
const codeMessages = new Map<number, string>([
  [1001, say.restarting],
  [1012, say.restarting],
  [1011, say.serviceFailed],
  [1014, say.serviceFailed],
  [1006, say.dropped],
  [1013, say.busy],
  [1009, say.tooMuchData],
]);

/** The page's message for a socket closed with `code` and `reason` (either may be missing). */
export function closeMessage(code: number | null | undefined, reason: string | null | undefined): string {
  const text = (reason ?? "").trim();
  const known = agentReasons.get(text) ?? reasonPrefixes.find(([prefix]) => text.startsWith(prefix))?.[1];
  if (known) return known;
  if (quotaReason.test(text)) return say.unavailable;
  return (code != null && codeMessages.get(code)) || errors.serverClosed;
}

/** Every message a close can show: for the catalogue's own test, and for telling the page's words from anything else. */
export const closeMessages: readonly string[] = [...Object.values(say), errors.serverClosed];
