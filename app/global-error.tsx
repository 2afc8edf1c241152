"use client";

import { UnexpectedError } from "@/components/errors/unexpected-error";
import "./globals.css";

/** Replaces the root layout when it fails, so it brings its own html and body. */
export default function GlobalError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body className="min-h-dvh bg-ink font-sans text-white antialiased">
        <main id="main">
          <UnexpectedError {...props} />
        </main>
      </body>
    </html>
  );
}
