import type { Utterance } from "../speech";

/**
 * What the session takes from the recognizer for one visitor turn (the contract of issue
 * #12): the best transcript in lower-case words, "" when speech was heard but no words came
 * out, and the other hypotheses when the recognizer has them. Every utterance becomes a
 * turn: the caller, not the recognizer, decides whether it understood.
 */
export type HeardUtterance = { readonly transcript: string; readonly alternatives?: readonly string[]; readonly endOfTurnAt: number };

/**
 * Reads an utterance in the contract's shape, or in the earlier one (`text`, null when the
 * grammar rejected the speech), so the server works with either recognizer.
 */
export function heardFrom(utterance: Utterance): HeardUtterance {
  const fields = utterance as Partial<HeardUtterance> & { readonly text?: string | null; readonly endOfTurnAt: number };
  const transcript = typeof fields.transcript === "string" ? fields.transcript : typeof fields.text === "string" ? fields.text : "";
  const alternatives = Array.isArray(fields.alternatives) ? fields.alternatives.filter((text): text is string => typeof text === "string") : undefined;
  return { transcript: transcript.trim(), ...(alternatives && alternatives.length > 0 ? { alternatives } : {}), endOfTurnAt: fields.endOfTurnAt };
}

/**
 * The `user_transcript` of speech in which no words were made out: the caption convention
 * for unintelligible speech. The visitor sees that they were heard, and the caller's answer
 * (a bad line) makes sense of it.
 */
export const inaudibleTranscript = "(inaudible)";

/** What the visitor's caption shows for a turn. */
export function shownTranscript(heard: HeardUtterance): string {
  return heard.transcript === "" ? inaudibleTranscript : heard.transcript;
}
