const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const letter = /\p{L}/u;

/** The first user-perceived character (grapheme) of a word that is a letter, e.g. "É" in "(Élodie)". */
function firstLetter(word: string): string | undefined {
  for (const { segment } of segmenter.segment(word)) {
    if (letter.test(segment)) return segment;
  }
  return undefined;
}

/**
 * Initials of a person's name: the first letters of the first and last words, upper-cased.
 * Copes with extra whitespace, single names, lower-case input, accents and non-Latin scripts;
 * words without letters (a stray dash, a number) are skipped. Returns "" when there are no letters.
 */
export function initialsOf(name: string): string {
  const letters = name
    .normalize("NFC")
    .split(/\s+/u)
    .map(firstLetter)
    .filter((initial): initial is string => initial !== undefined);
  const [first = "", ...rest] = letters;
  // toUpperCase, not toLocaleUpperCase: server and browser must agree whatever their locales.
  return `${first}${rest.at(-1) ?? ""}`.toUpperCase();
}
