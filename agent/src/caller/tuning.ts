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
 * The least confidence (the recogniser's, 0-1) a spoken compliance needs: below it the words of a
 * yes were likely made out of noise. Chosen on the tuning split's rooms (agent/DESIGN.md, "Failing safe").
 */
export const minComplianceConfidence = 0.22;

/**
 * How alike a hypothesis and a labelled sentence must be. Chosen on the corpus's labelled answers
 * (the evaluation's tuning split), cross-validated over its two halves (agent/DESIGN.md, "The caller"):
 * at 0.4 no unclear turn got a wrong intent and none off-topic got any; below it some did.
 */
export const DEFAULT_MIN_SIMILARITY = 0.4;
