import { site } from "@/content/site";

export type BetaItem = { title: string; description: string };

export const joinBeta = {
  title: "Join Our Private Beta!",
  intro: [
    `${site.name} is opening its AI vishing simulations to a small group of organizations before general release. Beta partners run realistic voice-phishing campaigns and one-to-one AI voice coaching with their own teams, and help us decide what the platform becomes.`,
    "It is a partnership, not a trial license: you get the product early and a real say in it, and we get the honest, practical feedback that only security, awareness and help-desk teams can give.",
  ],
  benefits: {
    heading: "What you get",
    items: [
      {
        title: "Early access",
        description: "Run AI vishing simulations with adaptive agents, and with voices cloned with their owners' consent, before general release, along with new features as they land.",
      },
      {
        title: "Real influence on the product",
        description: "Your feedback shapes the roadmap: the scenarios, integrations and reports we build next follow what your team needs.",
      },
      {
        title: "Discounts on future pricing",
        description: "Lock in a discount on future pricing, our thank-you for helping shape the platform.",
      },
      {
        title: "A direct line to the founders",
        description: "No ticket queue: talk to the people who design and build the platform, and get answers quickly.",
      },
    ],
  },
  asks: {
    heading: "What we ask in return",
    items: [
      {
        title: "Honest feedback",
        description: "Tell us what works, what doesn't and what is missing, including the things that would stop you buying.",
      },
      {
        title: "Small-scale tests with early adopters",
        description: "Start with a pilot group of employees who are happy to take part, so we can learn together before any wider rollout.",
      },
      {
        title: "Regular check-ins",
        description: "A short call now and then to review results and plan the next campaign together.",
      },
      {
        title: "Patience with rough edges",
        description: "It is a beta: some things will change, and a few will break. We will fix them quickly and keep you in the loop.",
      },
    ],
  },
  cta: {
    lead: "Sound like a fit?",
    body: "Book a call with the founders: tell us about your team and we will show you what a pilot could look like. No forms, no commitment.",
    label: "Book a call with founders",
  },
} as const satisfies {
  title: string;
  intro: readonly string[];
  benefits: { heading: string; items: readonly BetaItem[] };
  asks: { heading: string; items: readonly BetaItem[] };
  cta: { lead: string; body: string; label: string };
};
