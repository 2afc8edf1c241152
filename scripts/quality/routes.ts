/**
 * The routes every quality gate checks: each registered page (content/pages.json), one blog
 * article and one topic page (each kind shares one template), /sitemap and the embeddable call
 * widget.
 */
import { pages } from "../../content/pages.json";
import { EMBED_PATH } from "../../lib/security/framing";

export const sampleArticle = "/blog/byod-vishing-problem";
export const sampleTopic = "/blog/topics/help-desk-security";

export const qualityRoutes: readonly string[] = [...pages.map((page) => page.path), sampleArticle, sampleTopic, "/sitemap", EMBED_PATH];
