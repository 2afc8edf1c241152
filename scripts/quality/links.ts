/**
 * Link gate, offline: over the static export (out/, which has every page and asset), every
 * internal link, asset reference and #fragment resolves, and every external link is
 * well-formed (https:, or a valid mailto:). Nothing is fetched.
 *
 * Checked in each out/**\/*.html: <a>/<area href>, <link href>, <img src/srcset>,
 * <source src/srcset>, <script src>, <video>/<audio>/<track>/<iframe>/<embed src>,
 * <object data>, <form action>, and the URL-valued meta tags (og:url, og:image,
 * twitter:image...). Also the site's XML files (sitemap*.xml, RSS): their URLs and their
 * stylesheet. URLs are resolved against the page's own URL (route -> file: "/" ->
 * out/index.html, "/product" -> out/product.html, "/blog/x" -> out/blog/x.html); absolute
 * URLs on the site's origin (NEXT_PUBLIC_SITE_URL) count as internal. A "#id" must match an
 * element id (or an <a name>) on the target page.
 *
 *   npx tsx scripts/quality/links.ts [out-dir]
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DOMParser, type Element as XmlElement, type Node as XmlNode } from "@xmldom/xmldom";
import { parse, type DefaultTreeAdapterMap } from "parse5";
import { siteOrigin as configuredSiteUrl } from "../../lib/config/site-links";
import { filesUnder, htmlFiles, routeOfHtmlFile } from "../lib/html-files";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const outDir = path.resolve(root, process.argv[2] ?? "out");
/** A file's name as printed: relative to the project when inside it. */
const shown = (file: string) => (path.relative(root, file).startsWith("..") ? file : path.relative(root, file));
const siteOrigin = new URL(configuredSiteUrl).origin;

/**
 * Paths that exist only where a server runs, never as files: the signed-URL service is a
 * POST-only route (a Supabase Edge Function in the static deployment).
 */
const serverOnlyPaths = new Set(["/functions/v1/elevenlabs-auth"]);

/** Meta tags whose content is a URL (Open Graph and Twitter cards). */
const urlMeta = new Set(["og:url", "og:image", "og:image:url", "og:image:secure_url", "og:audio", "og:video", "twitter:image", "twitter:url"]);

type Reference = { source: string; what: string; url: string; base: URL };
type Failure = { source: string; what: string; url: string; reason: string };

/** The URL a page of the export is served at: out/index.html -> /, out/blog/x.html -> /blog/x. */
const routeOf = (file: string): string => routeOfHtmlFile(path.relative(outDir, file));

/** The file of out/ a same-origin path is served from, or null. */
function fileFor(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const relative = path.posix.normalize(decoded).replace(/^\/+/, "");
  if (relative.startsWith("..")) return null;
  const candidates =
    relative === "" ? ["index.html"] : relative.endsWith("/") ? [`${relative}index.html`] : [relative, `${relative}.html`, `${relative}/index.html`];
  for (const candidate of candidates) {
    const full = path.join(outDir, candidate);
    if (existsSync(full) && statSync(full).isFile()) return full;
  }
  return null;
}

// --- HTML --------------------------------------------------------------------------------

function attr(element: Element, name: string): string | undefined {
  return element.attrs.find((attribute) => attribute.name === name)?.value;
}

function* elements(node: Node): Generator<Element> {
  if ("tagName" in node) yield node;
  if ("childNodes" in node) for (const child of node.childNodes) yield* elements(child);
  // A <template>'s markup lives in its content fragment.
  if ("content" in node && node.content) yield* elements(node.content);
}

/** The URLs of a srcset (HTML's candidate syntax: URL, optional descriptor, comma-separated). */
function srcsetUrls(value: string): string[] {
  const urls: string[] = [];
  let position = 0;
  while (position < value.length) {
    while (position < value.length && /[\s,]/.test(value[position]!)) position++;
    const start = position;
    while (position < value.length && !/\s/.test(value[position]!)) position++;
    let url = value.slice(start, position);
    const trailingCommas = /,+$/.exec(url);
    if (trailingCommas) url = url.slice(0, -trailingCommas[0].length);
    else while (position < value.length && value[position] !== ",") position++; // the descriptor
    if (url) urls.push(url);
  }
  return urls;
}

type Page = { file: string; route: string; anchors: Set<string>; references: Reference[] };

function readPage(file: string): Page {
  const route = routeOf(file);
  const document = parse(readFileSync(file, "utf8"));
  const all = [...elements(document)];
  let base = new URL(route, siteOrigin);
  const baseHref = all.find((element) => element.tagName === "base" && attr(element, "href") !== undefined);
  if (baseHref) base = new URL(attr(baseHref, "href")!, base);

  const anchors = new Set<string>();
  const references: Reference[] = [];
  const source = shown(file);
  const add = (element: Element, name: string, url: string | undefined) => {
    if (url === undefined) return;
    references.push({ source, what: `<${element.tagName} ${name}>`, url: url.trim(), base });
  };

  for (const element of all) {
    const id = attr(element, "id");
    if (id) anchors.add(id);
    if (element.tagName === "a" && attr(element, "name")) anchors.add(attr(element, "name")!);

    switch (element.tagName) {
      case "a":
      case "area":
      case "link":
        add(element, "href", attr(element, "href"));
        if (element.tagName === "link" && attr(element, "imagesrcset")) for (const url of srcsetUrls(attr(element, "imagesrcset")!)) add(element, "imagesrcset", url);
        break;
      case "img":
      case "source":
        add(element, "src", attr(element, "src"));
        for (const name of ["srcset"]) if (attr(element, name)) for (const url of srcsetUrls(attr(element, name)!)) add(element, name, url);
        break;
      case "script":
      case "iframe":
      case "embed":
      case "video":
      case "audio":
      case "track":
        add(element, "src", attr(element, "src"));
        if (element.tagName === "video") add(element, "poster", attr(element, "poster"));
        break;
      case "object":
        add(element, "data", attr(element, "data"));
        break;
      case "form":
        add(element, "action", attr(element, "action"));
        break;
      case "meta": {
        const key = attr(element, "property") ?? attr(element, "name");
        if (key && urlMeta.has(key)) add(element, `content (${key})`, attr(element, "content"));
        break;
      }
    }
  }
  return { file, route, anchors, references };
}

// --- XML (sitemap, RSS) --------------------------------------------------------------------

function* xmlElements(node: XmlNode): Generator<XmlElement> {
  if (node.nodeType === node.ELEMENT_NODE) yield node as XmlElement;
  for (let child = node.firstChild; child; child = child.nextSibling) yield* xmlElements(child);
}

/** Every URL of an XML file: absolute URLs in element text, href/url attributes, its stylesheet. */
function readXml(file: string): Reference[] {
  const source = shown(file);
  const text = readFileSync(file, "utf8");
  const base = new URL(routeOf(file), siteOrigin);
  const references: Reference[] = [];
  const stylesheet = /<\?xml-stylesheet\s[^?]*href="([^"]+)"/.exec(text);
  if (stylesheet) references.push({ source, what: "<?xml-stylesheet href>", url: stylesheet[1]!, base });
  const document = new DOMParser().parseFromString(text, "text/xml");
  for (const element of xmlElements(document)) {
    for (const name of ["href", "url"]) {
      const value = element.getAttribute(name);
      if (value) references.push({ source, what: `<${element.tagName} ${name}>`, url: value.trim(), base });
    }
    const children = Array.from({ length: element.childNodes.length }, (_, i) => element.childNodes.item(i)!);
    if (children.some((child) => child.nodeType === child.ELEMENT_NODE)) continue;
    const value = (element.textContent ?? "").trim();
    if (/^https?:\/\/\S+$/.test(value)) references.push({ source, what: `<${element.tagName}>`, url: value, base });
  }
  return references;
}

// --- Checks --------------------------------------------------------------------------------

/** RFC 6068 in practice: addresses (comma-separated, percent-decoded), optional ?headers. */
function mailtoProblem(url: string): string | null {
  const [addresses = "", query] = url.slice("mailto:".length).split("?", 2);
  let decoded: string;
  try {
    decoded = decodeURIComponent(addresses);
  } catch {
    return "mailto: address is not valid percent-encoding";
  }
  const list = decoded.split(",").filter(Boolean);
  if (list.length === 0) return "mailto: without an address";
  const address = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
  const bad = list.find((entry) => !address.test(entry.trim()));
  if (bad) return `mailto: address "${bad}" is not a valid e-mail address`;
  if (query !== undefined) {
    for (const pair of query.split("&")) {
      const [name = "", value] = pair.split("=", 2);
      if (!/^[A-Za-z-]+$/.test(name) || value === undefined) return `mailto: header "${pair}" is not name=value`;
      try {
        decodeURIComponent(value);
      } catch {
        return `mailto: header "${pair}" is not valid percent-encoding`;
      }
    }
  }
  return null;
}

type Kind = "internal" | "external" | "mailto" | "data";

function kindOf(raw: string): Kind {
  if (/^mailto:/i.test(raw)) return "mailto";
  if (/^data:/i.test(raw)) return "data";
  try {
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(raw) && new URL(raw, siteOrigin).origin !== siteOrigin) return "external";
  } catch {
    return "external";
  }
  return "internal";
}

function check(reference: Reference, kind: Kind, pages: Map<string, Page>): string | null {
  const raw = reference.url;
  if (raw === "") return "empty URL";
  if (/\s/.test(raw)) return "URL contains whitespace";
  if (kind === "mailto") return mailtoProblem(raw);
  if (kind === "data") return reference.what.startsWith("<a ") ? "data: URL as a link" : null;

  let url: URL;
  try {
    url = new URL(raw, reference.base);
  } catch {
    return "not a valid URL";
  }
  if (kind === "external") {
    if (url.protocol !== "https:") return `only https: and mailto: links may leave the site (got ${url.protocol})`;
    if (!url.hostname.includes(".") || url.hostname.endsWith(".")) return `external host "${url.hostname}" is not a fully qualified name`;
    if (url.username || url.password) return "external link carries credentials";
    return null;
  }

  if (serverOnlyPaths.has(url.pathname.replace(/\/+$/, ""))) return null;
  const target = fileFor(url.pathname);
  if (!target) {
    const slash = url.pathname.length > 1 && url.pathname.endsWith("/") && fileFor(url.pathname.replace(/\/+$/, ""));
    return `no file in ${shown(outDir)}/ for ${url.pathname}${slash ? ` (drop the trailing slash: the page is ${url.pathname.replace(/\/+$/, "")})` : ""}`;
  }
  const fragment = url.hash.slice(1);
  if (fragment === "" || !target.endsWith(".html")) return null;
  let id: string;
  try {
    id = decodeURIComponent(fragment);
  } catch {
    return `fragment #${fragment} is not valid percent-encoding`;
  }
  // "#top" scrolls to the top of any document (HTML's "indicated part of the document").
  if (id.toLowerCase() === "top") return null;
  let page = pages.get(target);
  if (!page) {
    page = readPage(target);
    pages.set(target, page);
  }
  return page.anchors.has(id) ? null : `no element with id or name "${id}" on ${page.route}`;
}

function main(): number {
  if (!existsSync(outDir) || !statSync(outDir).isDirectory()) {
    console.error(`No static export at ${shown(outDir)}/: run \`npm run build:export\` first (it has every page and asset).`);
    return 1;
  }
  const pageFiles = htmlFiles(outDir);
  if (pageFiles.length === 0) {
    console.error(`${shown(outDir)}/ holds no .html files: is the export complete?`);
    return 1;
  }
  const pages = new Map<string, Page>(pageFiles.map((file) => [file, readPage(file)]));
  const xmlFiles = filesUnder(outDir, ".xml").filter((file) => !path.relative(outDir, file).startsWith("_next"));

  const failures: Failure[] = [];
  const counts: Record<Kind | "fragments", number> = { internal: 0, external: 0, mailto: 0, data: 0, fragments: 0 };
  const checked = new Set<string>();
  const references = [...[...pages.values()].flatMap((page) => page.references), ...xmlFiles.flatMap(readXml)];
  for (const reference of references) {
    const key = `${reference.source}\u0000${reference.url}`;
    if (checked.has(key)) continue;
    checked.add(key);
    const kind = kindOf(reference.url);
    counts[kind]++;
    if (kind === "internal" && /#./.test(reference.url)) counts.fragments++;
    const reason = check(reference, kind, pages);
    if (reason) failures.push({ source: reference.source, what: reference.what, url: reference.url, reason });
  }

  console.log(
    `Links: ${pageFiles.length} pages and ${xmlFiles.length} XML files in ${shown(outDir)}/ (site origin ${siteOrigin}): ` +
      `${checked.size} references checked, distinct per file: ${counts.internal} internal (${counts.fragments} with a #fragment), ` +
      `${counts.external} external, ${counts.mailto} mailto, ${counts.data} data:.`,
  );
  if (failures.length) {
    console.error(`\n${failures.length} broken or malformed:`);
    for (const failure of failures) console.error(`  ${failure.source}: ${failure.what} "${failure.url}"\n    ${failure.reason}`);
    console.error("\nLinks: FAILED.");
    return 1;
  }
  console.log("Links: passed.");
  return 0;
}

process.exit(main());
