import type {
  BlogPosting,
  BreadcrumbList,
  CollectionPage,
  FAQPage,
  Graph,
  Organization,
  Service,
  SoftwareApplication,
  Thing,
  WebSite,
} from "schema-dts";
import type { FaqItem } from "@/content/product";
import { site } from "@/content/site";
import { absoluteUrl, configuredLinks, siteOrigin } from "@/lib/config/site-links";

export type BreadcrumbItem = { name: string; path: string };

const organizationId = `${siteOrigin}/#organization`;
const websiteId = `${siteOrigin}/#website`;

export const featureList = [
  "Voice cloning",
  "AI conversation agents",
  "Campaign scheduling",
  "Real-time reporting",
  "Vishing scenarios",
  "Voice-based training",
] as const;

export function organization(): Organization {
  return {
    "@type": "Organization",
    "@id": organizationId,
    name: site.name,
    legalName: site.legalName,
    url: `${siteOrigin}/`,
    logo: absoluteUrl(site.logoPath),
    email: site.email,
    foundingDate: String(site.foundingYear),
    description: site.description,
    areaServed: [...site.areaServed],
    sameAs: [configuredLinks.twitter, configuredLinks.linkedin],
    contactPoint: { "@type": "ContactPoint", contactType: "sales", email: site.email, availableLanguage: "English" },
  };
}

export function website(): WebSite {
  return {
    "@type": "WebSite",
    "@id": websiteId,
    url: `${siteOrigin}/`,
    name: site.name,
    description: site.description,
    inLanguage: "en",
    publisher: { "@id": organizationId },
  };
}

export function softwareApplication(): SoftwareApplication {
  return {
    "@type": "SoftwareApplication",
    "@id": `${siteOrigin}/#software`,
    name: site.name,
    url: absoluteUrl("/product"),
    applicationCategory: "SecurityApplication",
    operatingSystem: "Web browser",
    description: site.description,
    featureList: [...featureList],
    inLanguage: "en",
    publisher: { "@id": organizationId },
  };
}

export function service(): Service {
  return {
    "@type": "Service",
    "@id": `${siteOrigin}/#service`,
    name: "AI vishing simulation and voice security training",
    serviceType: "Security awareness training",
    description:
      "Simulated voice-phishing campaigns with AI voice cloning and adaptive conversational agents, one-to-one voice coaching and reporting. Enterprise pricing available.",
    provider: { "@id": organizationId },
    areaServed: [...site.areaServed],
    audience: { "@type": "BusinessAudience", audienceType: "Security, awareness and IT helpdesk teams" },
  };
}

export function faqPage(items: readonly FaqItem[]): FAQPage {
  return {
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

export function breadcrumbList(items: readonly BreadcrumbItem[]): BreadcrumbList {
  return {
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absoluteUrl(item.path),
    })),
  };
}

/** Breadcrumb trail from Home to a page one or more levels down. */
export function breadcrumbsTo(...trail: readonly BreadcrumbItem[]): BreadcrumbList {
  return breadcrumbList([{ name: "Home", path: "/" }, ...trail]);
}

/** A page that lists articles (a blog topic): what it collects, in order, each by its address and title. */
export function collectionPage(page: { path: string; name: string; description: string; items: readonly { path: string; name: string }[] }): CollectionPage {
  const url = absoluteUrl(page.path);
  return {
    "@type": "CollectionPage",
    "@id": `${url}#page`,
    url,
    name: page.name,
    description: page.description,
    inLanguage: "en",
    isPartOf: { "@id": websiteId },
    mainEntity: {
      "@type": "ItemList",
      itemListElement: page.items.map((item, index) => ({ "@type": "ListItem", position: index + 1, url: absoluteUrl(item.path), name: item.name })),
    },
  };
}

export function graph(...nodes: readonly Thing[]): Graph {
  return { "@context": "https://schema.org", "@graph": [...nodes] as Graph["@graph"] };
}

/** JSON for a script tag: "<" is escaped so page text can never close the tag. */
export function serializeJsonLd(data: Graph): string {
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

export type BlogPostingInput = {
  path: string;
  headline: string;
  description: string;
  image: string;
  author: string;
  datePublished: string;
  dateModified?: string;
  keywords: readonly string[];
  section: string;
};

export function blogPosting(post: BlogPostingInput): BlogPosting {
  const url = absoluteUrl(post.path);
  return {
    "@type": "BlogPosting",
    "@id": `${url}#article`,
    headline: post.headline,
    description: post.description,
    image: absoluteUrl(post.image),
    author: { "@type": "Organization", name: post.author, url: `${siteOrigin}/team` },
    publisher: { "@id": organizationId },
    datePublished: post.datePublished,
    dateModified: post.dateModified ?? post.datePublished,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    keywords: post.keywords.join(", "),
    articleSection: post.section,
    inLanguage: "en",
  };
}
