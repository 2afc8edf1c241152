/** Where the generated 1200x630 share image of a page lives: /og/home.png, /og/product.png, /og/blog/<slug>.png. */
export const shareImageSize = { width: 1200, height: 630 } as const;

export function shareImagePath(pagePath: string): string {
  const trimmed = pagePath.replace(/^\/+|\/+$/g, "");
  return `/og/${trimmed === "" ? "home" : trimmed}.png`;
}

/** Inverse of shareImagePath, for the image route: ["blog", "x.png"] -> "/blog/x". */
export function pagePathFromShareImage(segments: readonly string[]): string | null {
  const last = segments.at(-1);
  if (!last || !last.endsWith(".png")) return null;
  const parts = [...segments.slice(0, -1), last.slice(0, -".png".length)];
  if (parts.some((part) => !/^[a-z0-9-]+$/.test(part))) return null;
  const joined = parts.join("/");
  return joined === "home" ? "/" : `/${joined}`;
}
