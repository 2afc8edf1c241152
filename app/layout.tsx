import type { Metadata, Viewport } from "next";
import localFont from "next/font/local";
import { Suspense, type ReactNode } from "react";
import { site } from "@/content/site";
import { RouteChangeReporter } from "@/components/layout/route-change-reporter";
import { JsonLd } from "@/components/seo/json-ld";
import { siteOrigin } from "@/lib/config/site-links";
import { graph, organization, website } from "@/lib/seo/structured-data";
import { titleTemplate } from "@/lib/seo/metadata";
import "./globals.css";

const inter = localFont({
  // Generated before every build by scripts/build/subset-font.ts: the site's characters, weights 400-700.
  src: "./fonts/inter-subset.woff2",
  variable: "--font-inter",
  weight: "400 700",
  // optional, not swap: the preloaded font is ready for the first paint, and a late font never
  // re-lays the text out (no shift, and the largest paint stays the first one).
  display: "optional",
});

export const metadata: Metadata = {
  metadataBase: new URL(siteOrigin),
  title: { default: site.name, template: titleTemplate },
  description: site.description,
  applicationName: site.name,
  creator: site.name,
  publisher: site.name,
  formatDetection: { telephone: false, email: false, address: false },
};

export const viewport: Viewport = {
  themeColor: site.themeColor,
  colorScheme: "dark",
  width: "device-width",
  initialScale: 1,
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className={inter.variable}>
      <body className="min-h-dvh bg-ink font-sans text-white antialiased">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-ink focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          Skip to content
        </a>
        {children}
        <JsonLd data={graph(organization(), website())} />
        <Suspense fallback={null}>
          <RouteChangeReporter />
        </Suspense>
      </body>
    </html>
  );
}
