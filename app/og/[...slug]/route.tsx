import { readFile } from "node:fs/promises";
import path from "node:path";
import { ImageResponse } from "next/og";
import { site } from "@/content/site";
import { siteHost } from "@/lib/config/site-links";
import { pagePathFromShareImage, shareImagePath, shareImageSize } from "@/lib/seo/share-image";
import { sharePages } from "@/lib/seo/share-pages";

// Rendered once at build time: share images are files, for `next start` and the static export alike.
export const dynamic = "force-static";
export const dynamicParams = false;

export function generateStaticParams() {
  return sharePages().map((page) => ({ slug: shareImagePath(page.path).replace(/^\/og\//, "").split("/") }));
}

const fontFile = (weight: 400 | 700) =>
  readFile(path.join(/* turbopackIgnore: true */ process.cwd(), `node_modules/@fontsource/inter/files/inter-latin-${weight}-normal.woff`));

export async function GET(_request: Request, { params }: { params: Promise<{ slug: string[] }> }) {
  const { slug } = await params;
  const pagePath = pagePathFromShareImage(slug);
  const page = sharePages().find((candidate) => candidate.path === pagePath);
  if (!page) return new Response("Not found", { status: 404 });

  const [regular, bold] = await Promise.all([fontFile(400), fontFile(700)]);
  const bars = [0.35, 0.7, 1, 0.55, 0.85, 0.45, 0.65];

  return new ImageResponse(
    (
      <div style={{ display: "flex", flexDirection: "column", width: "100%", height: "100%", background: "#0a0a0a", color: "#fafafa", padding: "64px 72px", fontFamily: "Inter" }}>
        <div style={{ display: "flex", alignItems: "center", gap: 18 }}>
          <div style={{ display: "flex", alignItems: "center", gap: 6, height: 48 }}>
            {bars.map((height, index) => (
              <div key={index} style={{ width: 10, height: 48 * height, borderRadius: 5, background: index === 2 ? "#f43f5e" : "#fafafa" }} />
            ))}
          </div>
          <div style={{ fontSize: 36, fontWeight: 700, letterSpacing: -0.5 }}>{site.name}</div>
        </div>
        <div style={{ display: "flex", marginTop: 64, fontSize: 26, color: "#f43f5e", fontWeight: 700, textTransform: "uppercase", letterSpacing: 2 }}>{page.eyebrow}</div>
        <div style={{ display: "flex", marginTop: 16, fontSize: page.title.length > 60 ? 54 : 64, fontWeight: 700, lineHeight: 1.1, letterSpacing: -1.5 }}>{page.title}</div>
        <div style={{ display: "flex", marginTop: 24, fontSize: 26, lineHeight: 1.4, color: "#d4d4d4" }}>
          {page.description.length > 150 ? `${page.description.slice(0, 147).trimEnd()}…` : page.description}
        </div>
        <div style={{ display: "flex", marginTop: "auto", fontSize: 22, color: "#a3a3a3" }}>{siteHost}</div>
      </div>
    ),
    {
      ...shareImageSize,
      fonts: [
        { name: "Inter", data: regular, weight: 400, style: "normal" },
        { name: "Inter", data: bold, weight: 700, style: "normal" },
      ],
    },
  );
}
