import { dataStatements } from "@/content/legal/data-practices";

/**
 * Copy of the Product page (/product). The illustrations are keyed by feature id in
 * components/product/illustrations, so adding an id here without drawing one fails to type-check.
 */

export const featureIds = [
  "campaign-scheduling",
  "voice-cloning",
  "ai-agents",
  "playbooks",
  "ai-coaching",
  "reporting",
] as const;

export type FeatureId = (typeof featureIds)[number];

/** The seed's "Feature highlight": the id doubles as the section's anchor (/product#voice-cloning). */
export type FeatureHighlight = {
  id: FeatureId;
  /** Short label for the in-page feature index. */
  label: string;
  /** The block's h2. */
  title: string;
  /** One or more paragraphs of plain text. */
  description: readonly string[];
  bullets: readonly string[];
  /** Text alternative of the feature's illustration. */
  alt: string;
  /** From md up the illustration sits on the left by default; reversed puts it on the right. */
  reversed: boolean;
};

export const productHero = {
  eyebrow: "The Mockingbird platform",
  title: "Prepare your team for the voice threats they will actually face",
  subtitle:
    "Realistic AI vishing simulations with callers that think on their feet and voices cloned with their owners' consent, plus one-to-one voice coaching, so your people practice spotting a fake call before a real one gets through.",
  primaryCta: "Book a Free Consultation",
  secondaryCta: "Explore the platform",
} as const;

export const productIntro = {
  title: "Security awareness that doesn't stop at the inbox",
  body: "If your awareness program trains people to distrust a suspicious email but leaves the phone untested, Mockingbird brings the same disciplined practice to voice: your team hears convincing synthetic voices in a controlled setting, spars with AI callers that respond to every answer, and you see who is vulnerable, which tactics work and where to focus training next.",
} as const;

export const featureHighlights: readonly FeatureHighlight[] = [
  {
    id: "campaign-scheduling",
    label: "Campaign scheduling",
    title: "Campaign scheduling",
    description: [
      "Reach the whole organization in a single campaign. Mockingbird places automated simulation calls to thousands of employees at once, so your team never has to pick up a phone or juggle a call list.",
      "Set a campaign up once, then run it again on a schedule: we think regular practice keeps instincts sharp in a way a once-a-year session cannot.",
    ],
    bullets: [
      "Automated calls to thousands of employees at once",
      "Target the user groups you choose",
      "Recurring schedules that keep practice regular",
    ],
    alt: "A calendar sending simultaneous calls to a grid of employees, some answering and some still ringing",
    reversed: false,
  },
  {
    id: "voice-cloning",
    label: "Voice cloning",
    title: "Voice cloning",
    description: [
      "A caller can sound like a colleague your people trust. Clone any voice, with its owner's explicit consent, including a replica of your own executives, or choose one from a prebuilt library of realistic voices, so employees practice against the voices we think they are most inclined to believe.",
      "Cloning a real person's voice always requires that person's explicit consent and your organization's authorization, and cloned voices are used only in the simulations you approve.",
    ],
    bullets: [
      "Clone any voice, with the speaker's consent",
      "A prebuilt library of ready-to-use voices",
      "Executive voice replicas for CEO-fraud drills, made with the executive's consent",
    ],
    alt: "A speaker's voice waveform copied into a matching cloned waveform, with a consent check mark",
    reversed: true,
  },
  {
    id: "ai-agents",
    label: "AI agents",
    title: "AI agents that adapt",
    description: [
      "We think a real social engineer doesn't read from a script, and neither do our agents. They listen to each answer and adapt in real time: building rapport, handling objections, changing tack when challenged and applying pressure the way a determined caller would.",
      "Employees rehearse the conversation they would really have, not a recording they can dismiss in seconds.",
    ],
    bullets: [
      "Respond to what each employee actually says",
      "Handle questions, hesitation and push-back",
      "No static scripts or pre-recorded messages",
    ],
    alt: "A conversation that branches into different paths depending on how the employee answers",
    reversed: false,
  },
  {
    id: "playbooks",
    label: "Playbooks",
    title: "Vishing playbooks",
    description: [
      "Start from prebuilt scenarios built around the pretexts attackers lean on, such as CEO fraud, tech support and HR, or write custom playbooks around your own processes, tools and weak spots.",
    ],
    bullets: [
      "CEO fraud: urgent requests that appear to come from leadership",
      "Tech support and HR: help-desk resets, payroll and benefits pretexts",
      "Custom playbooks for the risks specific to your organization",
    ],
    alt: "Scenario cards for CEO fraud, tech support and HR, next to a blank card for a custom playbook",
    reversed: true,
  },
  {
    id: "ai-coaching",
    label: "AI coaching",
    title: "1:1 AI voice coaching",
    description: [
      "We think the way to handle a pressured call is to practice it out loud. Employees talk to an AI voice coach one-to-one, right in the browser, rehearsing how to verify a caller, refuse an unusual request and report what happened.",
    ],
    bullets: [
      "Voice conversations in the browser, with nothing to install",
      "A safe place to practice verifying callers and saying no",
      "Self-paced, so it fits around people's work",
    ],
    alt: "A browser window with a microphone button, a live voice waveform and a reply from the AI coach",
    reversed: false,
  },
  {
    id: "reporting",
    label: "Reporting",
    title: "Reporting and insights",
    description: [
      "See who is vulnerable, which tactics work and where to focus training. Reports bring together vulnerability patterns, individual performance and organization-wide metrics.",
      "Dashboards drill down by campaign, pretext, user group and call outcome. Automated transcript analysis shows where conversations turned, and historical risk tracking shows whether your exposure is shrinking from one campaign to the next.",
    ],
    bullets: [
      "Drill-down by campaign, pretext, user group and call outcome",
      "Automated transcript analysis",
      "Historical risk tracking across campaigns",
    ],
    alt: "A reporting dashboard with a falling risk trend line, a breakdown of call outcomes and individual performance scores",
    reversed: true,
  },
];

/** A question of the product FAQ and its answer. */
export type FaqItem = { question: string; answer: string };

/** Rendered as visible text and as FAQPage JSON-LD from the same strings, so the two cannot drift. */
export const productFaq: readonly FaqItem[] = [
  {
    question: "Is it legal and ethical to run vishing simulations on our own staff?",
    answer:
      "Run responsibly, yes. Every campaign is commissioned by your organization within a scope you agree, and cloning a real person's voice requires that person's explicit consent. Rules on employee monitoring and calls differ between countries, so involve HR, legal and any employee representatives before the first campaign, tell staff that simulated calls are part of their training, and use results to target support rather than to discipline individuals. This is practical guidance, not legal advice.",
  },
  {
    question: "Do you store call recordings?",
    answer:
      `No. ${dataStatements.callRecordings}: ${dataStatements.callAudio.charAt(0).toLowerCase()}${dataStatements.callAudio.slice(1)}. ${dataStatements.transcripts}. ${dataStatements.storage}. It is encrypted with AES-256, language models are not trained on it, and your organization owns it: you can export it or ask us to delete it, and deleted data cannot be recovered.`,
  },
  {
    question: "Which languages do you support?",
    answer:
      "Simulated calls and coaching sessions can be held in many languages, so people practice in the language an attacker would use with them. Our website and our support are in English. Tell us which languages your teams work in during your consultation, and we will plan the playbooks and voices with you.",
  },
  {
    question: "How is a campaign run?",
    answer:
      "We agree the goals and scope with you first. You then pick a playbook, prebuilt or your own, choose the voice and the groups of employees to call, review the scenario, and schedule the campaign once or on a recurring basis. At the scheduled time the AI agents place the calls and adapt to each answer, and the results flow into your reporting.",
  },
  {
    question: "What do we get in reporting?",
    answer:
      "Organization-wide metrics, each person's performance and the vulnerability patterns behind them. Filter any result by campaign, pretext, team or outcome, read what automated transcript analysis found, and track risk over time to see whether training is working.",
  },
];

export const productCta = {
  title: "Ready to strengthen your organization against vishing attacks?",
  body: "Book a free consultation with the founders. We will walk you through a simulation, answer your questions and help you plan a first campaign for your team.",
  button: "Book a Free Consultation",
} as const;
