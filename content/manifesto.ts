import { site } from "@/content/site";
import { sources, type Claim } from "@/content/sources";

/**
 * The manifesto's words. Every figure lives in a `SourcedFigure` (or the evidence bar) with the source it
 * came from (content/sources.ts, tied to content/FACTS.md); the prose itself carries no numbers, which
 * tests/unit/manifesto-content.test.ts enforces.
 */

export type Citation = {
  /** Who produced the figure (the original publisher) when the linked page reports someone else's work. */
  origin?: string;
  /** The page that was actually read, which the link points to. */
  publisher: string;
  title?: string;
  url: string;
};

export type SourcedFigure = {
  /** The number, shown large. */
  value: string;
  /** Continues the value into a sentence: "82%" + " of detections…". */
  statement: string;
  citation: Citation;
};

export type SourcedQuote = { text: string; attribution: string; citation: Citation };

/** A share drawn as a bar to scale; `figure.value` states the same percentage. */
export type EvidenceBarData = { percent: number; label: string; figure: SourcedFigure };

export type ManifestoSection = {
  id: string;
  heading: string;
  paragraphs: readonly string[];
  bar?: EvidenceBarData;
  quote?: SourcedQuote;
  figures?: readonly SourcedFigure[];
  /** The sentences of the paragraphs that state a fact, each with its source (the claims ledger, docs/claims-ledger.md); a sentence resting on two sources is listed twice. */
  claims?: readonly Claim[];
};

export type NumberedPoint = { title: string; body: string };

export type Manifesto = {
  title: string;
  lede: string;
  sections: readonly ManifestoSection[];
  plan: { id: string; heading: string; intro: string; points: readonly NumberedPoint[] };
  /** The closing call to action; the button opens the deployment's booking page. */
  closing: { heading: string; body: string; cta: string };
};

const cite = {
  crowdstrike2026: sources.crowdstrike2026,
  crowdstrikeVishing: sources.crowdstrikeVishing,
  pindrop2025: sources.pindrop2025,
  mcafeeLabs: sources.mcafeeLabs,
  arup: sources.arup,
  verizonDbir2026: sources.verizonDbir2026,
  ucsd: sources.ucsd,
  bullee: sources.bullee,
} satisfies Record<string, Citation>;

export const manifesto: Manifesto = {
  title: "Our Manifesto",
  lede: "Security awareness has spent years telling employees to distrust a suspicious email. We think the phone deserves the same practice.",

  sections: [
    {
      id: "the-new-threat",
      heading: "The New Threat",
      paragraphs: [
        "The attack that fools your organization this year may not arrive in an inbox. It may ring. On the line is a familiar voice: the chief executive who needs a payment approved before the end of the day, or the IT help desk asking you to read out a code so they can fix your account.",
        "Cloning that voice takes little, and McAfee's researchers found free online tools for it that need only basic skill. A few seconds of a webinar, a podcast or a voicemail greeting can be enough to work from, and the caller need not be the person they sound like.",
        "We think a call gets past the habits that email training builds: there is no sender address to inspect and no link to hover over, only urgency, authority and a human instinct to help.",
      ],
      claims: [
        { sentence: "Cloning that voice takes little, and McAfee's researchers found free online tools for it that need only basic skill.", fact: "mcafeeLabs" },
        { sentence: "A few seconds of a webinar, a podcast or a voicemail greeting can be enough to work from, and the caller need not be the person they sound like.", fact: "mcafeeLabs" },
      ],
      figures: [
        {
          value: "3 seconds",
          statement: " of audio was enough to produce an 85% voice match, according to McAfee's researchers, who found more than a dozen free voice-cloning tools online.",
          citation: cite.mcafeeLabs,
        },
        {
          value: "HK$200m",
          statement: " (about US$25m) was sent in 15 transfers by a Hong Kong finance employee at Arup in 2024, after a video conference in which the CFO and other colleagues were deepfakes.",
          citation: cite.arup,
        },
      ],
    },
    {
      id: "the-evidence-is-clear",
      heading: "The Evidence is Clear",
      paragraphs: [
        "Most of what CrowdStrike detected was malware-free. The report does not say how those intruders got in. A phone call asking a help desk to change a password is one reported way in, and it needs no malicious file either.",
        "CrowdStrike has also counted voice phishing rising from one half of a year to the next, and Pindrop deepfake fraud rising across that same year.",
      ],
      claims: [
        { sentence: "Most of what CrowdStrike detected was malware-free.", fact: "crowdstrike2026" },
        { sentence: "A phone call asking a help desk to change a password is one reported way in, and it needs no malicious file either.", fact: "caesarsHelpDeskCall" },
        { sentence: "CrowdStrike has also counted voice phishing rising from one half of a year to the next, and Pindrop deepfake fraud rising across that same year.", fact: "crowdstrikeVishing" },
        { sentence: "CrowdStrike has also counted voice phishing rising from one half of a year to the next, and Pindrop deepfake fraud rising across that same year.", fact: "pindrop2025" },
      ],
      /** The red bar: a sourced share, drawn to scale. */
      bar: {
        percent: 82,
        label: "Malware-free detections",
        figure: {
          value: "82%",
          statement: " of detections in 2025 were malware-free, according to CrowdStrike's 2026 Global Threat Report.",
          citation: cite.crowdstrike2026,
        },
      },
      figures: [
        {
          value: "442%",
          statement: " rise in voice phishing (vishing) between the first and second half of 2024, as recorded by CrowdStrike.",
          citation: cite.crowdstrikeVishing,
        },
        {
          value: "1,300%",
          statement: " rise in deepfake fraud in 2024, from about one incident a month to seven a day, according to Pindrop.",
          citation: cite.pindrop2025,
        },
      ],
    },
    {
      id: "a-critical-gap",
      heading: "A Critical Gap",
      paragraphs: [
        "We think most awareness programs are built for email: a slide deck once a year and a simulated phishing message now and then. In our view the phone call is where the pressure is highest and there is no time to stop and check, and it is the one that goes unrehearsed.",
        "And awareness can fade: in a phone experiment, a warning that helped a week later no longer helped two weeks later. Knowing that voice scams exist is not the same as keeping your nerve when a confident caller pushes back.",
      ],
      claims: [{ sentence: "And awareness can fade: in a phone experiment, a warning that helped a week later no longer helped two weeks later.", fact: "bullee" }],
      quote: {
        text: "…we struggled to find companies doing simulations of voice- and text message-based campaigns.",
        attribution: "The Verizon 2026 DBIR team",
        citation: cite.verizonDbir2026,
      },
      figures: [
        {
          value: "40%",
          statement: " higher click rate for phone and text-message phishing simulations than for email ones (median 2% against 1.4%) in the Verizon 2026 DBIR, though from a small sample of 35 non-email campaigns.",
          citation: cite.verizonDbir2026,
        },
        {
          value: "1.7%",
          statement: " was roughly all that embedded phishing training cut failure rates by in a UC San Diego Health trial with more than 19,500 employees; recently completed annual training had no significant relationship with who fell for a lure.",
          citation: cite.ucsd,
        },
        {
          value: "54.6%",
          statement: " of employees complied when a caller asked them to download and run software two weeks after an awareness session, no better than the 46.15% who had no session at all. One week after it, only 9.1% complied (a field experiment with 48 employees).",
          citation: cite.bullee,
        },
      ],
    },
  ],

  plan: {
    id: "train-for-the-fight",
    heading: "It's Time to Train for the Fight You're Actually In",
    intro: `We think the way to handle pressure is to meet it first in practice, safely and regularly. That is what ${site.name} is for.`,
    points: [
      {
        title: "Build Deepfake Immunity",
        body: "Let your team hear how convincing a cloned voice can be, including a replica of your own executives made with their consent, in a controlled setting where a mistake is a lesson rather than a breach, so the first convincing fake they hear is not the real one.",
      },
      {
        title: "Spar with an AI That Thinks",
        body: "Our AI agents adapt to every answer in real time instead of reading a script. They push back, improvise and raise the pressure like a real attacker, and one-to-one voice coaching in the browser lets people practice until saying no, and calling back on a known number, becomes a reflex.",
      },
      {
        title: "Precision Insights, Zero Hassle",
        body: "Automated campaigns call thousands of employees at once, from prebuilt CEO-fraud, tech-support and HR playbooks or your own. Then the reports show where your people are exposed and which pretexts still land, from individual performance to organization-wide trends. No phone banks to staff and no call scripts to read out: you choose the pretext, prebuilt or your own, and the agents hold the conversation.",
      },
    ],
  },

  closing: {
    heading: "Ready to see it for yourself?",
    body: `In a free consultation we will show you how a ${site.name} simulation works and what your team would face on the phone.`,
    cta: "Book Free Consultation",
  },
};
