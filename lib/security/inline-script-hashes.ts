import { createHash } from "node:crypto";
import { parse, type DefaultTreeAdapterMap } from "parse5";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

const scriptTypes = new Set(["", "module", "text/javascript", "application/javascript"]);

/** Every <script> in the tree, templates' contents included. */
function* scripts(node: Node): Generator<Element> {
  if (node.nodeName === "script") yield node as Element;
  const children = "childNodes" in node ? node.childNodes : [];
  for (const child of children) yield* scripts(child);
  if (node.nodeName === "template") yield* scripts((node as DefaultTreeAdapterMap["template"]).content);
}

/**
 * sha256 sources of every executable inline <script> in an HTML document (JSON-LD is data, not
 * code), over the text a browser hashes: parsed as a browser parses it (parse5), not matched.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const script of scripts(parse(html))) {
    const attribute = (name: string) => script.attrs.find((attr) => attr.name === name)?.value;
    if (attribute("src") !== undefined) continue;
    if (!scriptTypes.has((attribute("type") ?? "").trim().toLowerCase())) continue;
    const body = script.childNodes.map((child) => ("value" in child && child.nodeName === "#text" ? child.value : "")).join("");
    if (body.length === 0) continue;
    hashes.add(`sha256-${createHash("sha256").update(body, "utf8").digest("base64")}`);
  }
  return [...hashes];
}
