import { site } from "@/content/site";
import { launchSignoff, signedOff, type Founder } from "@/content/launch-signoff";

/**
 * A person on the team page. The co-founders' details, their bios included, are launch sign-off
 * values (content/launch-signoff.ts): fictional until the company confirms them, so the page's own
 * copy states no career of theirs beyond the background docs/specification.md gives the panel.
 */
export type TeamMember = Founder;

export const teamPage = {
  title: "Our Team",
  lede: `${site.name} works on the human side of security: the phone call, the urgent request, the moment someone decides whether to trust a voice.`,
  expertise: {
    heading: "Cybersecurity Expertise",
    body: `The founders' background is in vishing and phishing awareness and in a deception-technology platform. ${site.name} brings both sides together: how attackers manipulate people, and how to train people to stop them.`,
    areas: [
      {
        title: "Vishing and phishing awareness",
        description: "Awareness programs and social-engineering exercises for security, awareness and help-desk teams.",
      },
      {
        title: "Deception technology",
        description: "A platform that uses decoys to expose intruders: security built by thinking the way attackers do.",
      },
    ],
  },
  membersHeading: "Founders",
} as const;

/** Fictional placeholders until the company confirms them: see `founders` in content/launch-signoff.ts. */
export const team: readonly TeamMember[] = signedOff(launchSignoff.founders);
