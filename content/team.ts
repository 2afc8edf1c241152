import { site } from "@/content/site";
import { launchSignoff, signedOff, type Founder } from "@/content/launch-signoff";

/** A person on the team page. The co-founders' details are launch sign-off values (content/launch-signoff.ts). */
export type TeamMember = Founder;

export const teamPage = {
  title: "Our Team",
  lede: `${site.name} is built by practitioners who have spent their careers on the human side of security: the phone call, the urgent request, the moment someone decides whether to trust a voice.`,
  expertise: {
    heading: "Cybersecurity Expertise",
    body: `Our founders have designed and run vishing and phishing awareness programs for large organizations, and built a deception-technology platform that lures attackers into revealing themselves. ${site.name} brings both sides together: how attackers actually manipulate people, and how to train people to stop them.`,
    areas: [
      {
        title: "Vishing and phishing awareness",
        description: "Years of running awareness programs and realistic social-engineering exercises for security, awareness and help-desk teams.",
      },
      {
        title: "Deception technology",
        description: "Building a platform that uses decoys to expose intruders, which taught us to think the way attackers do.",
      },
    ],
  },
  membersHeading: "Founders",
} as const;

/** Fictional placeholders until the company confirms them: see `founders` in content/launch-signoff.ts. */
export const team: readonly TeamMember[] = signedOff(launchSignoff.founders);
