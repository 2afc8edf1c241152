import Link from "next/link";
import { headerActions, primaryNav } from "@/content/navigation";
import { ExternalLink } from "@/components/ui/external-link";
import { hrefOf } from "@/lib/config/site-links";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { DownloadIcon, MailIcon } from "./icons";
import { headerToneStyles, type HeaderTone } from "./header-tone";

const pill = "inline-flex min-h-10 items-center justify-center rounded-full px-4 text-sm font-semibold transition-colors duration-300";

export function Header({ tone = "dark" }: { tone?: HeaderTone }) {
  const styles = headerToneStyles[tone];
  return (
    <header className={`relative z-30 ${styles.text}`}>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-3 px-5 py-4 md:px-8">
        {/* The logo is parsed first and is as tall as the row's tallest item (the 44 px menu button on
            phones, the 40 px pills above md), so nothing that arrives after it can grow the row and move it. */}
        <Logo onLight={tone === "light"} className="min-h-11 md:min-h-10" />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-5 text-sm font-medium">
            {primaryNav.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className="rounded py-2 underline-offset-8 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto hidden items-center gap-1 md:flex">
          <a
            href={headerActions.onePager.href}
            download={headerActions.onePager.fileName}
            className={`inline-flex min-h-10 items-center gap-1.5 rounded-full px-3 text-sm font-medium transition-colors duration-300 ${styles.icon}`}
          >
            <DownloadIcon />
            <span className="sr-only xl:not-sr-only">{headerActions.onePager.label}</span>
          </a>
          <a
            href={headerActions.email.href}
            className={`inline-flex min-h-10 items-center gap-1.5 rounded-full px-3 text-sm font-medium transition-colors duration-300 ${styles.icon}`}
          >
            <MailIcon />
            <span className="sr-only xl:not-sr-only">{headerActions.email.label}</span>
          </a>
        </div>
        <div className="hidden w-full items-center justify-end gap-2 md:flex xl:w-auto">
          <ExternalLink href={hrefOf(headerActions.book.href)} className={`${pill} ${styles.book}`}>
            {headerActions.book.label}
          </ExternalLink>
          <Link href={headerActions.requestAccess.href} className={`${pill} ${styles.access}`}>
            {headerActions.requestAccess.label}
          </Link>
        </div>
        <MobileMenu tone={tone} />
      </div>
    </header>
  );
}
