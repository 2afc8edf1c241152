import { site, mailto } from "./site";

/**
 * Pages each deployment configures for itself (its booking calendar, documentation and social
 * profiles). Content links to them by name; lib/config/site-links.ts knows the addresses.
 */
export type ConfiguredLink = "booking" | "docs" | "twitter" | "linkedin";

/** Where a link leads: a path on the site or a mailto: address as written, or a configured page by name. */
export type Href = string | { readonly configured: ConfiguredLink };

/** A link to a page of this site. */
export type PageLink = { label: string; href: string };

export type NavLink = { label: string; href: Href; external?: boolean };

/** Header links, in the order the spec lists them. */
export const primaryNav: readonly PageLink[] = [
  { label: "Read our manifesto", href: "/manifesto" },
  { label: "Product", href: "/product" },
  { label: "Blog", href: "/blog" },
  { label: "Team", href: "/team" },
];

export const headerActions = {
  onePager: { label: "One-pager", href: site.onePagerPath, fileName: "mockingbird-one-pager.pdf" },
  email: { label: "Email us", href: mailto() },
  book: { label: "Book a Free Consultation", href: { configured: "booking" } },
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
      { label: "Book Demo", href: { configured: "booking" }, external: true },
    ],
  },
  {
    heading: "Resources",
    links: [
      { label: "Documentation", href: { configured: "docs" }, external: true },
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
  { label: "Twitter", href: { configured: "twitter" }, external: true },
  { label: "LinkedIn", href: { configured: "linkedin" }, external: true },
];
