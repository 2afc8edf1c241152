/**
 * The grammar design, kept for the design comparison only (recognition-designs.ts): a JSGF
 * grammar whose one rule is any of the playbook's phrases, as the recogniser used before the
 * transcripts of a language model replaced it.
 */
import { normalizePhrase, trimDictionary, type DictionaryEntry, type Pronunciations } from "../../src/speech/recognition/pronunciations";

export type PhraseProblem = { phrase: string; reason: string };

export function phraseWords(phrases: readonly string[]): string[] {
  return [...new Set(phrases.flatMap((phrase) => phrase.split(" ")))].sort();
}

const GRAMMAR_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * JSGF text whose one public rule is any one of the phrases. The phrases must already be
 * normalized (normalizePhrase), which leaves nothing that needs escaping; anything else is a
 * programming error and throws.
 */
export function buildJsgf(phrases: readonly string[], grammarName = "mockingbird"): string {
  if (!GRAMMAR_NAME.test(grammarName)) throw new Error(`invalid JSGF grammar name '${grammarName}'`);
  const unique = [...new Set(phrases)];
  if (unique.length === 0) throw new Error("a grammar needs at least one phrase");
  for (const phrase of unique) {
    const normalized = normalizePhrase(phrase);
    if (!normalized.ok || normalized.phrase !== phrase) throw new Error(`phrase is not normalized: '${phrase}'`);
  }
  return `#JSGF V1.0;\ngrammar ${grammarName};\npublic <utterance> =\n    ${unique.join("\n  | ")}\n  ;\n`;
}

export type GrammarPlan = {
  /** Normalized phrases whose every word has a pronunciation. */
  phrases: string[];
  jsgf: string;
  dictionary: DictionaryEntry[];
  /** Phrases left out, with why (logged by the recognizer, so a playbook author can fix them). */
  rejected: PhraseProblem[];
};

/**
 * Everything a grammar decoder needs from a playbook's phrase list. Null when no phrase is usable.
 */
export function planGrammar(phrases: readonly string[], pronunciations: Pronunciations): GrammarPlan | null {
  const rejected: PhraseProblem[] = [];
  const usable: string[] = [];
  for (const phrase of phrases) {
    const normalized = normalizePhrase(phrase);
    if (!normalized.ok) {
      rejected.push({ phrase, reason: normalized.reason });
      continue;
    }
    const unknown = normalized.phrase.split(" ").filter((word) => !pronunciations.has(word));
    if (unknown.length > 0) {
      rejected.push({ phrase, reason: `not in the pronunciation dictionary: ${unknown.join(", ")}` });
      continue;
    }
    usable.push(normalized.phrase);
  }
  const unique = [...new Set(usable)];
  if (unique.length === 0) return null;
  return {
    phrases: unique,
    jsgf: buildJsgf(unique),
    dictionary: trimDictionary(phraseWords(unique), pronunciations).entries,
    rejected,
  };
}
