import { externalLinks, plainText, sentencesOf, withoutQuotations } from "./text";

/**
 * The channel check. A passage that cites a source and says how an attack reached someone (a
 * phone call, an email, a text message, a video call) claims that the source says so. Each
 * channel a sentence names must be named in the fact-sheet entries of the sources that sentence
 * links, or, when it links none, of the sources its passage links: "phone calls can move money.
 * Two retailers described exactly that" over a source that only says "impersonation" goes
 * beyond it.
 */

export type Channel = {
  name: string;
  /** How our copy names it. */
  said: RegExp;
  /** How a source's entry names it. */
  inSource: RegExp;
};

export type UnsupportedChannel = { where: string; channel: string; sentence: string };

/** Sentences of a piece of Markdown, each with the sources it links. */
function citedSentences(markdown: string): { sentence: string; links: string[] }[] {
  return sentencesOf(markdown).map((sentence) => ({ sentence, links: externalLinks(sentence) }));
}

export function unsupportedChannels(
  passages: readonly { where: string; markdown: string }[],
  channels: readonly Channel[],
  entriesOf: (url: string) => readonly string[],
): UnsupportedChannel[] {
  const found: UnsupportedChannel[] = [];
  for (const passage of passages) {
    const sentences = citedSentences(passage.markdown);
    const passageLinks = sentences.flatMap((entry) => entry.links);
    for (const { sentence, links } of sentences) {
      const entries = (links.length > 0 ? links : passageLinks).flatMap((url) => entriesOf(url));
      if (entries.length === 0) continue;
      const prose = withoutQuotations(plainText(sentence));
      for (const channel of channels) {
        if (channel.said.test(prose) && !entries.some((entry) => channel.inSource.test(entry))) found.push({ where: passage.where, channel: channel.name, sentence: plainText(sentence) });
      }
    }
  }
  return found;
}
