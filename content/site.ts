import { publicEnv } from "@/lib/config/public-env";
import { launchSignoff, signedOff } from "@/content/launch-signoff";

/** Every brand string and outbound address lives here: a rename is a one-line change. */
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
  origin: publicEnv.NEXT_PUBLIC_SITE_URL,
  bookingUrl: publicEnv.NEXT_PUBLIC_BOOKING_URL,
  docsUrl: publicEnv.NEXT_PUBLIC_DOCS_URL,
  social: {
    twitter: publicEnv.NEXT_PUBLIC_TWITTER_URL,
    linkedin: publicEnv.NEXT_PUBLIC_LINKEDIN_URL,
  },
  onePagerPath: "/mockingbird-one-pager.pdf",
  logoPath: "/brand/mockingbird-logo.svg",
  supportedBy: signedOff(launchSignoff.grantSupport),
  themeColor: "#000000",
} as const;

export const mailto = (subject?: string) =>
  `mailto:${site.email}${subject ? `?subject=${encodeURIComponent(subject)}` : ""}`;

export function absoluteUrl(path: string): string {
  return new URL(path, `${site.origin}/`).toString();
}
