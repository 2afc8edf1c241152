/** Longest line the caller speaks: a phone turn, not a speech, and a bound on synthesis work per turn. */
export const maxSpokenLength = 400;

/** Shortens text to at most `max` characters, at a sentence end when there is one. */
export function clipAtSentence(text: string, max = maxSpokenLength): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const sentenceEnd = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf("? "), cut.lastIndexOf("! "));
  return sentenceEnd > 0 ? cut.slice(0, sentenceEnd + 1) : cut.trimEnd();
}
