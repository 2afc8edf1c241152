import { withoutAddresses, withoutQuotations } from "./text";

/**
 * The house glossary check: one spelling for each term across every page. Quotations keep their
 * source's wording, and addresses and slugs (helpdesk-vishing-breach-lessons) are not prose.
 */

export type HouseTerm = {
  /** The house form. */
  use: string;
  /** Forms that mean the same and must not appear. */
  avoid: readonly RegExp[];
};

export type TermViolation = { use: string; found: string; context: string };

export function houseTermViolations(text: string, glossary: readonly HouseTerm[]): TermViolation[] {
  const prose = withoutAddresses(withoutQuotations(text));
  const found: TermViolation[] = [];
  for (const term of glossary) {
    for (const pattern of term.avoid) {
      const global = new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`);
      for (const match of prose.matchAll(global)) {
        const at = match.index ?? 0;
        found.push({ use: term.use, found: match[0], context: prose.slice(Math.max(0, at - 30), at + match[0].length + 30).trim() });
      }
    }
  }
  return found;
}
