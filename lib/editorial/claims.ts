import { sentencesOf, withoutQuotations } from "./text";

/**
 * The overstatement check. An absolute ("nobody", "most security programs", "rarely"), a trend
 * ("a growing share", "no longer"), a superlative ("the most useful study", "the best-documented
 * cases") or a hedge or intensifier ("usually", "simply", "exactly") is a claim about the world.
 * An absolute needs a source in the same passage; the others need a source that says so: the
 * FACTS.md entries of the passage's sources must state a trend, a superlative or the same word.
 * Either may instead stand in a sentence that says it is our opinion. Quotations are left out: a
 * source's words are its own.
 */

export type ClaimKind = "absolute" | "trend" | "superlative" | "hedge";

export type ClaimMarker = {
  kind: ClaimKind;
  pattern: RegExp;
  /**
   * What the cited sources' entries must contain for the claim to be theirs: a pattern, or
   * "same" for the very word the sentence uses. Without it, citing any source is enough.
   */
  support?: RegExp | "same";
};

/** A paragraph, list item or other unit of copy, whether it cites a source, and the fact-sheet entries of what it cites. */
export type Passage = { where: string; text: string; cited: boolean; entries?: readonly string[] };

export type UnsupportedClaim = { where: string; kind: ClaimKind; phrase: string; sentence: string };

export type ClaimRules = {
  markers: readonly ClaimMarker[];
  /** Phrases that mark a sentence as the writer's view ("we think"), which needs no source. */
  opinion: readonly RegExp[];
};

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function supported(marker: ClaimMarker, phrase: string, passage: Passage): boolean {
  if (!passage.cited) return false;
  if (marker.support === undefined) return true;
  const support = marker.support === "same" ? new RegExp(`\\b${escaped(phrase)}\\b`, "i") : marker.support;
  return (passage.entries ?? []).some((entry) => support.test(entry));
}

export function unsupportedClaims(passages: readonly Passage[], rules: ClaimRules): UnsupportedClaim[] {
  const found: UnsupportedClaim[] = [];
  for (const passage of passages) {
    for (const sentence of sentencesOf(withoutQuotations(passage.text))) {
      if (rules.opinion.some((pattern) => pattern.test(sentence))) continue;
      for (const marker of rules.markers) {
        const pattern = new RegExp(marker.pattern.source, `${marker.pattern.flags.replace("g", "")}g`);
        for (const match of sentence.matchAll(pattern)) {
          if (!supported(marker, match[0], passage)) found.push({ where: passage.where, kind: marker.kind, phrase: match[0], sentence });
        }
      }
    }
  }
  return found;
}
