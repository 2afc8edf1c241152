import { launchSignoff, signedOff } from "@/content/launch-signoff";

/**
 * Every brand string lives here: a rename is a one-line change. Addresses that change with the
 * deployment (the site's origin, the booking, docs and social pages) are configuration, resolved in
 * lib/config/site-links.ts.
 */
export const site = {
  name: "Mockingbird",
  legalName: signedOff(launchSignoff.legalName),
  proseName: "Mockingbird AI",
  tagline: "AI vishing simulation and voice security training",
  description:
    "Mockingbird trains employees against voice phishing with realistic AI vishing simulations, consented voice cloning and one-to-one AI voice coaching.",
  keywords: [
    "vishing simulation",
    "voice phishing training",
    "AI voice cloning",
    "security awareness training",
    "social engineering",
    "deepfake voice",
    "IT help desk security",
  ],
  email: signedOff(launchSignoff.contactEmail),
  foundingYear: 2024,
  areaServed: ["United States", "United Kingdom", "Europe"],
  language: "en",
  onePagerPath: "/mockingbird-one-pager.pdf",
  logoPath: "/brand/mockingbird-logo.svg",
  supportedBy: signedOff(launchSignoff.grantSupport),
  themeColor: "#000000",
} as const;

export const mailto = (subject?: string) =>
  `mailto:${site.email}${subject ? `?subject=${encodeURIComponent(subject)}` : ""}`;
