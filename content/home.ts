import { sources, type Source } from "@/content/sources";

export type SourcedFigure = {
  value: string;
  claim: string;
  source: Source;
};

export const homeContent = {
  headline: "Your team is trained to spot a phishing email. Can it spot a fake voice?",
  subline:
    "It doesn't need to: the tell is the request, not the voice. Mockingbird simulates real-world vishing threats with AI voice impersonation, so your people rehearse stopping at the request.",
  cta: {
    heading: "See where your organization is exposed",
    body: "Run a pilot campaign against a team of your choice. We set up the scenarios with you and walk you through the results.",
  },
  secondary: {
    heading: "How a Mockingbird simulation works",
    steps: [
      {
        title: "Choose the pretext",
        body: "Start from prebuilt playbooks (CEO fraud, tech support, HR) or write your own around the processes attackers target in your company.",
      },
      {
        title: "Let the agents call",
        body: "Conversational AI agents call employees with library voices or, with their owner's consent, cloned ones, and adapt to every answer instead of reading from a script.",
      },
      {
        title: "Coach and measure",
        body: "Employees practice one-to-one with an AI voice coach in the browser. You see which teams and which pretexts need attention next.",
      },
    ],
  },
  panel: {
    heading: "What one simulated call teaches",
    lessons: [
      "How convincing a cloned voice sounds, and why it proves nothing",
      "Which requests (money, codes, resets, remote access) and which pressure tactics (authority, urgency, secrecy) mean stop",
      "How to verify through a known channel and call back",
    ],
    figures: [
      {
        value: "442%",
        claim: "rise in vishing from the first half of 2024 to the second, according to CrowdStrike.",
        source: sources.crowdstrikeVishing,
      },
      {
        value: "1 in 599",
        claim: "contact-center calls involves fraud, according to voice-security vendor Pindrop.",
        source: sources.pindropSite,
      },
    ] satisfies SourcedFigure[],
  },
  demo: {
    heading: "Try a vishing call",
    body: "Take a short simulated call from an AI caller in your browser. Nothing is recorded.",
  },
} as const;
