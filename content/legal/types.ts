/** A calendar date in ISO 8601 form, e.g. "2026-11-22". */
export type IsoDate = `${number}-${number}-${number}`;

/** Plain-text building blocks of a legal section: no inline markup, so the copy stays easy to review. */
export type LegalBlock = { type: "p"; text: string } | { type: "list"; items: readonly string[] };

export type LegalSection = {
  /** Anchor id, unique within the document; "contact" is reserved for the contact section the renderer adds. */
  id: string;
  heading: string;
  blocks: readonly LegalBlock[];
};

export type LegalDocument = {
  title: string;
  /** The date the text last changed (not the date it is viewed): bump it with every edit. */
  lastUpdated: IsoDate;
  intro: string;
  sections: readonly LegalSection[];
  /** Optional lead-in for the closing contact section; the renderer adds the email link from the site config. */
  contactNote?: string;
};

/** What a legal text takes from the deployment that serves it (lib/config/site-links.ts has the values). */
export type LegalContext = {
  /** The website as the text names it, e.g. "www.mockingbird.example". */
  websiteHost: string;
};

/** Id of the closing contact section that the renderer appends to every document. */
export const contactSectionId = "contact";
