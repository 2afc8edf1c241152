import type { SiteSection } from "./pages";

/** Texts of /sitemap, the site's pages for people; which pages, and under which section, comes from content/pages.json. */
export const sitemapPage = {
  path: "/sitemap",
  title: "Sitemap",
  description: "Every page of the Mockingbird site in one list: the product, the company, the blog's articles by topic, and the legal texts.",
  heading: "Sitemap",
  intro: "Every page of the site by section, and the blog's articles by topic.",
  breadcrumb: "Sitemap",
  sections: { product: "Product", company: "Company", blog: "Blog", legal: "Legal" } satisfies Record<SiteSection, string>,
  topics: "Topics",
  articlesByTopic: "Articles by topic",
  /** Heading of the articles none of whose tags has a page yet. */
  otherArticles: "More articles",
  articleCount: (count: number) => (count === 1 ? "1 article" : `${count} articles`),
} as const;
