import Link from "next/link";
import type { Metadata } from "next";
import { Logo } from "@/components/layout/logo";
import { NotFoundLogger } from "@/components/errors/not-found-logger";
import { buttonStyles } from "@/components/ui/button-styles";
import { primaryNav } from "@/content/navigation";

export const metadata: Metadata = {
  title: "Page not found",
  robots: { index: false, follow: true },
};

/**
 * Deliberately lean: Next.js embeds the not-found tree in the React payload of every page
 * (once per layout level), so the full header and footer here cost every visit ~18 KB of
 * payload to parse. The logo and the main links still lead a lost visitor on.
 */
export default function NotFound() {
  return (
    <main id="main" tabIndex={-1} className="mx-auto flex min-h-dvh max-w-3xl flex-col items-center justify-center px-5 py-16 text-center outline-none">
      <Logo />
      <p className="mt-12 text-8xl font-bold tracking-tight text-alarm" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">
        <span className="sr-only">404: </span>Oops! Page not found
      </h1>
      <p className="mt-4 max-w-md leading-7 text-neutral-300">The page you were looking for does not exist or has moved.</p>
      <Link href="/" className={`mt-8 ${buttonStyles.primary}`}>
        Return to Home
      </Link>
      <nav aria-label="Main" className="mt-10">
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm font-medium text-neutral-300">
          {primaryNav.map((link) => (
            <li key={link.href}>
              <Link href={link.href} className="inline-flex min-h-11 items-center rounded underline-offset-8 hover:text-white hover:underline">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <NotFoundLogger />
    </main>
  );
}
