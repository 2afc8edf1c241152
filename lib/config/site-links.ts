import type { ConfiguredLink, Href } from "@/content/navigation";
import { publicEnv } from "./public-env";

/*
 * The addresses that depend on where the site is deployed, in one home. Content names what it
 * links to ("the booking page") and takes the website's host as an input; it never reads the
 * deployment's configuration (NEXT_PUBLIC_* variables, see public-env.ts) itself.
 */

/** The site's own origin, without a trailing slash: canonical URLs, feeds and structured data start here. */
export const siteOrigin = publicEnv.NEXT_PUBLIC_SITE_URL;

/** The website as a reader writes it (www.mockingbird.example): the legal texts, the one-pager and share images name it. */
export const siteHost = new URL(siteOrigin).host;

/** Where each address content names by key leads on this deployment. */
export const configuredLinks: Readonly<Record<ConfiguredLink, string>> = {
  booking: publicEnv.NEXT_PUBLIC_BOOKING_URL,
  docs: publicEnv.NEXT_PUBLIC_DOCS_URL,
  twitter: publicEnv.NEXT_PUBLIC_TWITTER_URL,
  linkedin: publicEnv.NEXT_PUBLIC_LINKEDIN_URL,
};

/** A content link's address: a path or mailto: as written, a configured address resolved. */
export function hrefOf(href: Href): string {
  return typeof href === "string" ? href : configuredLinks[href.configured];
}

/** A path on this site as an absolute URL on its origin. */
export function absoluteUrl(path: string): string {
  return new URL(path, `${siteOrigin}/`).toString();
}
