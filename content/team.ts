import { site } from "@/content/site";

/** A person on the team page (SEED §3: name, role, linkedinUrl, imageUrl; plus a short bio). */
export type TeamMember = {
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

export const teamPage = {
  title: "Our Team",
  lede: `${site.name} is built by practitioners who have spent their careers on the human side of security: the phone call, the urgent request, the moment someone decides whether to trust a voice.`,
  expertise: {
    heading: "Cybersecurity Expertise",
    body: `Our founders have designed and run vishing and phishing awareness programmes for large organisations, and built a deception-technology platform that lures attackers into revealing themselves. ${site.name} brings both sides together: how attackers actually manipulate people, and how to train people to stop them.`,
    areas: [
      {
        title: "Vishing and phishing awareness",
        description: "Years of running awareness programmes and realistic social-engineering exercises for security, awareness and help-desk teams.",
      },
      {
        title: "Deception technology",
        description: "Building a platform that uses decoys to expose intruders, which taught us to think the way attackers do.",
      },
    ],
  },
  membersHeading: "Founders",
} as const;

/*
 * PLACEHOLDER PEOPLE. The names, bios and profile URLs below are fictional defaults that ship with the
 * site so every card works; the company replaces them with the real co-founders' details (and their
 * photos under public/team/) before launch. The linkedin.com/in/ URLs are deliberately non-existent.
 */
export const team: readonly TeamMember[] = [
  {
    slug: "maya-sterling",
    name: "Maya Sterling",
    role: "Co-founder & CEO",
    linkedinUrl: "https://www.linkedin.com/in/maya-sterling-example",
    imageUrl: "/team/maya-sterling.svg",
    bio: `Maya has led vishing and phishing awareness programmes for enterprise security teams, running the call-based exercises that showed her how rarely traditional training prepares people for a persuasive voice. She co-founded ${site.name} to give every team that practice.`,
  },
  {
    slug: "rowan-ashby",
    name: "Rowan Ashby",
    role: "Co-founder & CTO",
    linkedinUrl: "https://www.linkedin.com/in/rowan-ashby-example",
    imageUrl: "/team/rowan-ashby.svg",
    bio: `Rowan built a deception-technology platform that turns attackers' own moves against them, and now leads the engineering behind ${site.name}'s voice cloning, adaptive AI agents and reporting.`,
  },
];
