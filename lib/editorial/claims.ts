import { sentencesOf, withoutQuotations } from "./text";

/**
 * The overstatement check. An absolute ("nobody", "most security programs", "rarely") or a trend
 * ("a growing share", "no longer") is a claim about the world: it needs a source in the same
 * passage, or it must say it is our opinion. Quotations are left out: a source's words are its own.
 */

export type ClaimKind = "absolute" | "trend";

export type ClaimMarker = { kind: ClaimKind; pattern: RegExp };

/** A paragraph, list item or other unit of copy, and whether it cites a source. */
export type Passage = { where: string; text: string; cited: boolean };

export type UnsupportedClaim = { where: string; kind: ClaimKind; phrase: string; sentence: string };

export type ClaimRules = {
  markers: readonly ClaimMarker[];
  /** Phrases that mark a sentence as the writer's view ("we think"), which needs no source. */
  opinion: readonly RegExp[];
};

export function unsupportedClaims(passages: readonly Passage[], rules: ClaimRules): UnsupportedClaim[] {
  const found: UnsupportedClaim[] = [];
  for (const passage of passages) {
    if (passage.cited) continue;
    for (const sentence of sentencesOf(withoutQuotations(passage.text))) {
      if (rules.opinion.some((pattern) => pattern.test(sentence))) continue;
      for (const marker of rules.markers) {
        const match = new RegExp(marker.pattern.source, marker.pattern.flags.replace("g", "")).exec(sentence);
        if (match) found.push({ where: passage.where, kind: marker.kind, phrase: match[0], sentence });
      }
    }
  }
  return found;
}
