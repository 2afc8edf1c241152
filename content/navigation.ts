import { site, mailto } from "./site";

export type NavLink = { label: string; href: string; external?: boolean };

/** Header links, in the order the spec lists them. */
export const primaryNav: readonly NavLink[] = [
  { label: "Read our manifesto", href: "/manifesto" },
  { label: "Product", href: "/product" },
  { label: "Blog", href: "/blog" },
  { label: "Team", href: "/team" },
];

export const headerActions = {
  onePager: { label: "One-pager", href: site.onePagerPath, fileName: "mockingbird-one-pager.pdf" },
  email: { label: "Email us", href: mailto() },
  book: { label: "Book a Free Consultation", href: site.bookingUrl },
  requestAccess: { label: "Request Platform Access", href: "/join-beta" },
} as const;

export type FooterColumn = { heading: string; links: readonly NavLink[] };

export const footerColumns: readonly FooterColumn[] = [
  {
    heading: "Company",
    links: [
      { label: "Manifesto", href: "/manifesto" },
      { label: "Team", href: "/team" },
      { label: "Blog", href: "/blog" },
    ],
  },
  {
    heading: "Product",
    links: [
      { label: "Platform", href: "/product" },
      { label: "Join Beta", href: "/join-beta" },
      { label: "Book Demo", href: site.bookingUrl, external: true },
    ],
  },
  {
    heading: "Resources",
    links: [
      { label: "Documentation", href: site.docsUrl, external: true },
      { label: "Blog", href: "/blog" },
      { label: "Support", href: mailto("Support request") },
    ],
  },
  {
    heading: "Legal",
    links: [
      { label: "Privacy Policy", href: "/privacy" },
      { label: "Terms of Service", href: "/terms" },
    ],
  },
];

export const socialLinks: readonly NavLink[] = [
  { label: "Twitter", href: site.social.twitter, external: true },
  { label: "LinkedIn", href: site.social.linkedin, external: true },
];
