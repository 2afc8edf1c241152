/**
 * The routes every quality gate checks: each registered page (content/pages.json), one blog
 * article (they share one template) and the embeddable call widget.
 */
import { pages } from "../../content/pages.json";
import { EMBED_PATH } from "../../lib/security/framing";

export const sampleArticle = "/blog/byod-vishing-problem";

export const qualityRoutes: readonly string[] = [...pages.map((page) => page.path), sampleArticle, EMBED_PATH];
