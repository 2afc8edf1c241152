import type { Utterance } from "../../speech";

/**
 * The `user_transcript` of speech in which no words were made out: the caption convention
 * for unintelligible speech. The visitor sees that they were heard, and the caller's answer
 * (a bad line) makes sense of it.
 */
export const inaudibleTranscript = "(inaudible)";

/** What the visitor's caption shows for a turn. */
export function shownTranscript(utterance: Utterance): string {
  return utterance.transcript === "" ? inaudibleTranscript : utterance.transcript;
}
