/** What the export suite and its figures read from out/: the routes and files it holds, the header rules it ships. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { filesUnder, htmlFiles, routeOfHtmlFile } from "./html-files";
import type { HeaderRule } from "../build/export-cdn-config";

export const outDir = path.join(process.cwd(), "out");

/** Every page route in out/ but the 404 page. */
export const exportRoutes = (): string[] =>
  htmlFiles(outDir)
    .map((file) => routeOfHtmlFile(path.relative(outDir, file)))
    .filter((route) => route !== "/404" && route !== "/_not-found");

/** The URL path of every other file the export serves (assets, feeds, images), the CDN's own files left out. */
export const exportFiles = (): string[] =>
  filesUnder(outDir)
    .map((file) => `/${path.relative(outDir, file).split(path.sep).join("/")}`)
    .filter((url) => !url.endsWith(".html") && !["/_headers", "/_redirects", "/vercel.json"].includes(url));

/** out/_headers parsed back into rules. */
export function shippedHeaderRules(): HeaderRule[] {
  const rules: { path: string; headers: { key: string; value: string }[] }[] = [];
  for (const line of readFileSync(path.join(outDir, "_headers"), "utf8").split("\n")) {
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    if (!line.startsWith(" ")) rules.push({ path: line.trim(), headers: [] });
    else {
      const at = line.indexOf(":");
      rules.at(-1)!.headers.push({ key: line.slice(0, at).trim(), value: line.slice(at + 1).trim() });
    }
  }
  return rules;
}

/** Whether a `_headers` path matches a request path, as Cloudflare Pages matches them (exact, `:name` one segment, trailing `*`). */
export function ruleMatches(rulePath: string, requestPath: string): boolean {
  const pattern = rulePath
    .split("/")
    .map((part) => (part === "*" ? ".*" : part.startsWith(":") ? "[^/]+" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${pattern}$`).test(requestPath);
}
