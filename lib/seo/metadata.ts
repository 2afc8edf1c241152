import type { Metadata } from "next";
import { site } from "@/content/site";
import { absoluteUrl } from "@/lib/config/site-links";
import { shareImagePath, shareImageSize } from "./share-image";
import { pageEntry, type StaticPath } from "@/content/pages";

export type ArticleMeta = {
  author: string;
  publishedTime: string;
  modifiedTime?: string;
  section: string;
  tags: readonly string[];
};

export type PageMetadataInput = {
  /** Site-relative path of the page, e.g. "/product". */
  path: string;
  title: string;
  description: string;
  keywords?: readonly string[];
  /** Social title when it should differ from the document title. */
  shareTitle?: string;
  shareDescription?: string;
  /** Defaults to the page's generated share image. */
  shareImage?: { path: string; alt: string };
  /** The home page's title is already complete; others go through the template. */
  absoluteTitle?: boolean;
  noindex?: boolean;
  article?: ArticleMeta;
  /** An RSS feed the page links to from its head. */
  feed?: { path: string; title: string };
};

export const titleTemplate = `%s | ${site.name}`;

/** The one way every page builds its metadata, so canonical, hreflang, cards and robots never drift apart. */
export function buildPageMetadata(input: PageMetadataInput): Metadata {
  const canonical = absoluteUrl(input.path);
  const shareTitle = input.shareTitle ?? input.title;
  const shareDescription = input.shareDescription ?? input.description;
  const image = {
    url: absoluteUrl(input.shareImage?.path ?? shareImagePath(input.path)),
    width: shareImageSize.width,
    height: shareImageSize.height,
    alt: input.shareImage?.alt ?? shareTitle,
  };
  const keywords = [...new Set([...(input.keywords ?? []), ...site.keywords])];
  const indexable = !input.noindex;

  const sharedOpenGraph = { title: shareTitle, description: shareDescription, url: canonical, siteName: site.name, locale: "en_US", images: [image] };
  const openGraph: Metadata["openGraph"] = input.article
    ? {
        ...sharedOpenGraph,
        type: "article",
        authors: [input.article.author],
        publishedTime: input.article.publishedTime,
        modifiedTime: input.article.modifiedTime ?? input.article.publishedTime,
        section: input.article.section,
        tags: [...input.article.tags],
      }
    : { ...sharedOpenGraph, type: "website" };

  return {
    title: input.absoluteTitle ? { absolute: input.title } : input.title,
    description: input.description,
    keywords,
    authors: input.article ? [{ name: input.article.author }] : undefined,
    alternates: {
      canonical,
      languages: { "en-US": canonical, "en-GB": canonical, en: canonical, "x-default": canonical },
      types: input.feed ? { "application/rss+xml": [{ url: absoluteUrl(input.feed.path), title: input.feed.title }] } : undefined,
    },
    openGraph,
    twitter: {
      card: "summary_large_image",
      title: shareTitle,
      description: shareDescription,
      images: [{ url: image.url, alt: image.alt }],
    },
    // "large" is the highest max-image-preview value crawlers accept; -1 means no limit.
    robots: { ...robotsDirectives(indexable), googleBot: robotsDirectives(indexable) },
  };
}

function robotsDirectives(indexable: boolean) {
  return {
    index: indexable,
    follow: indexable,
    "max-snippet": -1,
    "max-image-preview": "large",
    "max-video-preview": -1,
  } as const;
}

/** Metadata of a route listed in content/pages.json. */
export function staticPageMetadata(path: StaticPath, extra: Pick<PageMetadataInput, "feed"> = {}): Metadata {
  const entry = pageEntry(path);
  return buildPageMetadata({
    ...extra,
    path: entry.path,
    title: entry.title,
    shareTitle: entry.shareTitle,
    description: entry.description,
    keywords: entry.keywords,
    absoluteTitle: entry.path === "/",
  });
}
