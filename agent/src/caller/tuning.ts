/**
 * The caller's tuned values: how much of a turn the rules read, and the thresholds of its
 * compliance rules (rulebook.ts) and of the similar-sentence fallback (similar-intent.ts). Each was
 * chosen on the evaluation set's tuning split; change one only with the understanding and rooms
 * benches run before and after (held-out split apart).
 */

/**
 * Only the start of a long typed message is read: a visitor's turn on a call is a sentence or two,
 * and the rules' cost grows with the square of the length.
 */
export const maxClassifiedLength = 400;

/** How many of the recogniser's hypotheses are weighed. */
export const maxHypotheses = 5;

/** Four digits in a row is a code, a PIN or part of an account number: a leak whatever words surround it. */
export const leakingDigits = 4;
/**
 * The least confidence (the recogniser's, 0-1) a spoken compliance needs: below it its words were
 * likely made out of noise, and the caller asks again as a bad line. A worded yes needs more than
 * a read-out code: the domain model, which knows every way of saying yes, makes one out of a
 * muddy room ("Put it in an email and I'll look at it" in a reverberant room heard as "... and
 * i'll pay" at 0.25-0.34, tuning split, extra seeds), while digits are the leak whatever their
 * neighbours and the recogniser confuses them with other digits (true read-outs of the tuning
 * split's rooms went down to 0.23). Chosen on the tuning split's rooms (agent/DESIGN.md, "Failing safe").
 */
export const minComplianceConfidence = { words: 0.37, digits: 0.22 } as const;

/**
 * How alike a hypothesis and a labelled sentence must be. Chosen on the corpus's labelled answers
 * (the evaluation's tuning split), cross-validated over its two halves (agent/DESIGN.md, "The caller"):
 * at 0.4 no unclear turn got a wrong intent and none off-topic got any; below it some did.
 */
export const DEFAULT_MIN_SIMILARITY = 0.4;

/**
 * What a visitor may be answered on before the usual end-of-turn silence has passed (a `pause`,
 * speech/recognition/tuning.ts): questions, whose answer commits the call to nothing. Anything
 * that moves the call (a yes, a refusal, a call-back offer, a goodbye) waits out the full
 * silence, so a reply never rests on words the visitor was still adding to; a question they go
 * on from is joined with what follows (recognizer.ts).
 */
export const answerableEarlyIntents: ReadonlySet<string> = new Set(["ask_identity", "ask_purpose", "ask_repeat"]);
