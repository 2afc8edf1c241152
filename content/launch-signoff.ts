/**
 * Every value the site publishes that the company must sign off before launch.
 *
 * The specification (docs/specification.md) fixes the brand, the policy values it names (minimum age 18,
 * the liability cap, 30 days' notice of material changes, AES-256, the London region) and the
 * team's roles. It does not fix the values below: the legal texts and the team page were drafted
 * with them so that every page reads well, and they stay drafts until the company confirms them.
 *
 * To sign a value off, set `confirmed` to the value the company commits to (the draft itself, or
 * its replacement). Pages read `signedOff(entry)`: the confirmed value when there is one, the
 * draft otherwise. A production build (a NEXT_PUBLIC_SITE_URL outside the reserved `.example`,
 * `.test`, `.invalid` and `.localhost` names) refuses to run while any entry lacks `confirmed`
 * and prints this list (lib/config/launch-readiness.ts, called from next.config.ts).
 *
 * This module imports nothing, so next.config.ts can load it and client code never pulls in more
 * than the values it uses. Change the legal texts' `lastUpdated` whenever a value they show changes.
 */

export type SignoffEntry<T> = {
  /** What the value is, as the build's refusal names it. */
  label: string;
  /** The value the drafts were written with. */
  draft: T;
  /** The value the company has signed off; absent while the value is still a draft. */
  confirmed?: T;
  /** Where the value appears, so a reviewer can read it in context. */
  usedIn: readonly string[];
  /** Why it needs a decision, or what to check before confirming it. */
  note: string;
};

export function signedOff<T>(entry: SignoffEntry<T>): T {
  return entry.confirmed ?? entry.draft;
}

/** A co-founder on the team page (docs/specification.md §3: name, role, linkedinUrl, imageUrl; plus a short bio). */
export type Founder = {
  /** Stable id, also the photo's file name under public/team/. */
  slug: string;
  name: string;
  role: string;
  /** Professional-network profile, opened in a new tab. */
  linkedinUrl: string;
  /** Site-relative or absolute URL of the portrait; a failing URL falls back to the initials. */
  imageUrl: string;
  bio: string;
};

/**
 * A provider the privacy policy names, under its category (content/legal/data-practices.ts's
 * processor ids; this module imports nothing, so the id is spelled here and checked by a test).
 */
export type SubProcessor = { category: string; name: string; task: string; location: string };

export const launchSignoff = {
  legalName: {
    label: "Company legal name",
    draft: "Mockingbird AI Ltd",
    usedIn: ["/privacy (controller)", "/terms (the contracting party)", "footer copyright", "Organization JSON-LD", "RSS copyright"],
    note: "The registered name of the company that contracts with customers and controls personal data.",
  } satisfies SignoffEntry<string>,

  registeredIn: {
    label: "Country where the company is registered",
    draft: "the United Kingdom",
    usedIn: ["/privacy (who we are, supervisory authority, UK GDPR framing)"],
    note: "The privacy policy is written for a UK controller (UK GDPR, the ICO as supervisory authority). A company registered elsewhere needs that section redrafted, not only this value.",
  } satisfies SignoffEntry<string>,

  companyNumber: {
    label: "Company registration number",
    draft: null,
    usedIn: ["/privacy (who we are)", "/terms (the contracting party)"],
    note: "No draft: the pages leave the line out until the company supplies the number it is registered under.",
  } satisfies SignoffEntry<string | null>,

  postalAddress: {
    label: "Registered postal address",
    draft: null,
    usedIn: ["/privacy (who we are, contact)", "/terms (the contracting party)"],
    note: "No draft: the pages leave the address out until the company supplies its registered office. Data protection law expects a controller's postal address in its privacy notice.",
  } satisfies SignoffEntry<string | null>,

  euRepresentative: {
    label: "Representative in the EU (GDPR Article 27), name and postal address",
    draft: null,
    usedIn: ["/privacy (who we are)"],
    note: "No draft: a controller outside the EU that offers its service to people in the EU must name a representative established there. Supply the representative's name and address, or confirm the exemption that applies and redraft the section.",
  } satisfies SignoffEntry<string | null>,

  contactEmail: {
    label: "Contact email address",
    draft: "hello@mockingbird.example",
    usedIn: ["header and footer mailto links", "/privacy and /terms contact sections", "Organization JSON-LD", "one-pager PDF", "RSS feed"],
    note: "A reserved .example address until the company names a real, monitored mailbox.",
  } satisfies SignoffEntry<string>,

  founders: {
    label: "Co-founders shown on the team page (names, photos, profiles, bios)",
    draft: [
      {
        slug: "maya-sterling",
        name: "Maya Sterling",
        role: "Co-founder & CEO",
        linkedinUrl: "https://www.linkedin.com/in/maya-sterling-example",
        imageUrl: "/team/maya-sterling.svg",
        bio: "Maya has led vishing and phishing awareness programs for enterprise security teams, running the call-based exercises in which she watched traditional training fall short against a persuasive voice. She co-founded the company to give every team that practice.",
      },
      {
        slug: "rowan-ashby",
        name: "Rowan Ashby",
        role: "Co-founder & CTO",
        linkedinUrl: "https://www.linkedin.com/in/rowan-ashby-example",
        imageUrl: "/team/rowan-ashby.svg",
        bio: "Rowan built a deception-technology platform that turns attackers' own moves against them, and now leads the engineering behind the platform's voice cloning, adaptive AI agents and reporting.",
      },
    ],
    usedIn: ["/team"],
    note: "FICTIONAL people: the names, bios, portraits (public/team/) and profile links are placeholders. Replace them with the real co-founders, who must approve their bios.",
  } satisfies SignoffEntry<readonly Founder[]>,

  grantSupport: {
    label: "Grant support shown in the footer of every page",
    draft: "Supported by ElevenLabs Grants",
    usedIn: ["footer of every page"],
    note: "A claim about a third party: confirm the company holds an ElevenLabs grant and that ElevenLabs agrees to this wording (a text badge, no logo).",
  } satisfies SignoffEntry<string>,

  partner: {
    label: "Partner named in the partnership announcement",
    draft: "Cyber Helmets",
    usedIn: ["/blog/mockingbird-ai-cyber-helmets-partnership (the article names the partner throughout; edit it if this changes)"],
    note: "Confirm the partnership is agreed and announced, and that the partner has approved how the article describes it (neutrally, with no claims about its courses).",
  } satisfies SignoffEntry<string>,

  voiceHistoryRetentionDays: {
    label: "Days the voice processor keeps each conversation's transcript (the ElevenLabs agents' data retention; audio saving stays off)",
    draft: 0,
    usedIn: ["/privacy (the demo call, customer data, how long we keep data)", "the call widget's notice", "the demo's ElevenLabs agents (elevenlabs/, npm run agents)"],
    note: "The demo's ElevenLabs agents take this retention, applied to existing conversations, with audio saving off, when they are generated and pushed (npm run agents, docs/deploy.md); set the platform's agents the same. The privacy policy states what this value says; 0 means the transcript is deleted when the call ends.",
  } satisfies SignoffEntry<number>,

  voiceProcessorLocation: {
    label: "Where the voice processor stores voice samples, cloned voices and conversation transcripts",
    draft: "the United States",
    usedIn: ["/privacy (processors, international transfers, voice data)"],
    note: "ElevenLabs keeps an account's data in the United States unless the account uses its EU data residency; confirm the region of the production account.",
  } satisfies SignoffEntry<string>,

  voiceDataDeletionYears: {
    label: "Years after a speaker's last interaction with the platform by which their voice samples and cloned voice are deleted at the latest",
    draft: 3,
    usedIn: ["/privacy (voice data retention schedule)"],
    note: "The outer limit of the public retention schedule for voice data. Illinois' Biometric Information Privacy Act asks for a written schedule that deletes such data when its purpose is met or within 3 years of the person's last interaction, whichever comes first; confirm the platform deletes on this schedule.",
  } satisfies SignoffEntry<number>,

  transcriptRedaction: {
    label: "What the platform stores of secrets a participant discloses in a simulated call",
    draft:
      "Before a transcript is stored, anything a participant reads out that has the form of a password, a one-time code, a payment card number or a bank account number is replaced with a marker naming its kind, and the simulation's result records that kind of information was disclosed, never its value",
    usedIn: ["/privacy (how the platform handles customer data)"],
    note: "A commitment about the platform's transcript pipeline: confirm it redacts before storage, and which forms it recognizes.",
  } satisfies SignoffEntry<string>,

  subProcessors: {
    label: "The public list of sub-processors (name, what they do, where they process data)",
    draft: [
      { category: "voice-ai", name: "ElevenLabs", task: "speech recognition, voice synthesis, voice cloning and conversational AI for calls, coaching and the demo call", location: "the United States" },
      { category: "database-host", name: "Supabase", task: "the demo's abuse counters where the website runs without its own server", location: "the region of the project that holds them" },
    ],
    usedIn: ["/privacy (processors and other third parties)"],
    note: "The draft names only the providers the repository itself uses (docs/deploy.md); the policy lists every category and names these under theirs. Name the website host, the cloud and database host of the platform, the Redis host where REDIS_URL is set, the language-model provider where AGENT_LLM_URL points outside our own server, and the telephony, payment and email providers, each with its location, before launch.",
  } satisfies SignoffEntry<readonly SubProcessor[]>,

  browsingVisitorsBoundByDisputeTerms: {
    label: "Whether people who only browse the website or try its demo are bound by the arbitration agreement and the liability cap",
    draft: false,
    usedIn: ["/terms (acceptance, limitation of liability, governing law and disputes)"],
    note: "Drafted as not bound: a visitor has no contract with us, may be a consumer, and UK law treats arbitration agreements for small consumer claims as unfair. Confirm with counsel before changing it.",
  } satisfies SignoffEntry<boolean>,

  hostLogRetention: {
    label: "How long the website host keeps request logs (IP addresses and request details)",
    draft: "at most 30 days",
    usedIn: ["/privacy (our website, how long we keep data)"],
    note: "Depends on the host and plan (Cloudflare, Netlify, Vercel) or, behind nginx, on the server's log rotation; confirm the longest period any of them keeps.",
  } satisfies SignoffEntry<string>,

  customerDataExportDays: {
    label: "Days a customer can still export its data after its account ends",
    draft: 30,
    usedIn: ["/terms (suspension and termination)", "/privacy (how long we keep data)"],
    note: "Customer data is deleted from live systems when this window closes.",
  } satisfies SignoffEntry<number>,

  backupRetentionDays: {
    label: "Days a backup is kept before it is overwritten",
    draft: 30,
    usedIn: ["/privacy (how long we keep data, how deletion works)"],
    note: "Deleted data leaves the backups when they expire; the platform's backup schedule must match.",
  } satisfies SignoffEntry<number>,

  enquiryRetention: {
    label: "How long enquiries and beta correspondence are kept",
    draft: "two years after our last contact",
    usedIn: ["/privacy (how long we keep data)"],
    note: "A retention period the company must be able to honor in its mailbox and CRM.",
  } satisfies SignoffEntry<string>,

  billingRecordRetention: {
    label: "How long billing and accounting records are kept",
    draft: "six years after the end of the financial year they relate to",
    usedIn: ["/privacy (how long we keep data)"],
    note: "Drafted from UK company record-keeping practice; confirm with the company's accountant.",
  } satisfies SignoffEntry<string>,

  customerBreachNotice: {
    label: "When customers are told of a personal-data breach",
    draft: "without undue delay",
    usedIn: ["/privacy (how we protect data)"],
    note: "A processor commitment; data processing agreements may name a number of hours instead.",
  } satisfies SignoffEntry<string>,

  regulatorBreachNoticeHours: {
    label: "Hours within which the regulator is notified of a reportable breach",
    draft: 72,
    usedIn: ["/privacy (how we protect data)"],
    note: "The UK GDPR's limit for notifying the ICO; confirm the ICO is the company's supervisory authority.",
  } satisfies SignoffEntry<number>,

  subProcessorChangeNotice: {
    label: "Notice customers get before a sub-processor is added or replaced",
    draft: "before we add or replace one",
    usedIn: ["/privacy (processors and other third parties)"],
    note: "Data processing agreements usually name a period (for example 30 days) and a right to object.",
  } satisfies SignoffEntry<string>,

  arbitrationRules: {
    label: "Arbitration rules and tribunal",
    draft: "the LCIA Rules, before one arbitrator",
    usedIn: ["/terms (governing law and disputes)"],
    note: "The seed says English law with London arbitration; the rules and the number of arbitrators are the company's choice.",
  } satisfies SignoffEntry<string>,

  disputeNegotiationDays: {
    label: "Days of good-faith discussion before a dispute goes to arbitration",
    draft: 30,
    usedIn: ["/terms (governing law and disputes)"],
    note: "",
  } satisfies SignoffEntry<number>,

  paymentTermDays: {
    label: "Days after the invoice date that fees are due",
    draft: 30,
    usedIn: ["/terms (fees and payment)"],
    note: "Order forms may override it.",
  } satisfies SignoffEntry<number>,

  overdueSuspensionDays: {
    label: "Days an invoice may be overdue before the service can be suspended (after notice)",
    draft: 30,
    usedIn: ["/terms (fees and payment)"],
    note: "",
  } satisfies SignoffEntry<number>,

  latePaymentInterest: {
    label: "Interest on late payments",
    draft: "statutory interest under the Late Payment of Commercial Debts (Interest) Act 1998",
    usedIn: ["/terms (fees and payment)"],
    note: "Applies to contracts under English law between businesses.",
  } satisfies SignoffEntry<string>,

  feeChangeNoticeDays: {
    label: "Days of notice before a fee change (taking effect at the next renewal)",
    draft: 30,
    usedIn: ["/terms (fees and payment)"],
    note: "",
  } satisfies SignoffEntry<number>,

  breachCureDays: {
    label: "Days a party has to remedy a material breach before the other may terminate",
    draft: 30,
    usedIn: ["/terms (suspension and termination)"],
    note: "",
  } satisfies SignoffEntry<number>,
};

export type LaunchSignoff = Record<string, SignoffEntry<unknown>>;
