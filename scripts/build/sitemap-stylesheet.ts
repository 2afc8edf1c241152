/**
 * next-sitemap writes plain XML; a processing instruction makes browsers render it
 * through public/sitemap.xsl as a readable page titled "Sitemap". Idempotent.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

export const stylesheetInstruction = '<?xml-stylesheet type="text/xsl" href="/sitemap.xsl"?>';

export function withStylesheet(xml: string): string {
  if (xml.includes(stylesheetInstruction)) return xml;
  const declaration = /^<\?xml[^?]*\?>\s*/.exec(xml)?.[0] ?? '<?xml version="1.0" encoding="UTF-8"?>\n';
  return `${declaration.trimEnd()}\n${stylesheetInstruction}\n${xml.slice(xml.startsWith("<?xml") ? declaration.length : 0)}`;
}

async function main() {
  const dir = process.argv[2] ?? "public";
  const file = path.join(dir, "sitemap.xml");
  await writeFile(file, withStylesheet(await readFile(file, "utf8")));
  console.log(`sitemap: stylesheet linked in ${file}`);
}

if (process.argv[1]?.endsWith("sitemap-stylesheet.ts")) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
