import Link from "next/link";
import { footerColumns, socialLinks, type NavLink } from "@/content/navigation";
import { site } from "@/content/site";
import { ExternalLink } from "@/components/ui/external-link";
import { hrefOf } from "@/lib/config/site-links";
import { LogoMark } from "./logo";

function FooterLink({ link }: { link: NavLink }) {
  const className = "rounded text-neutral-300 transition-colors duration-300 hover:text-white";
  const href = hrefOf(link.href);
  if (link.external) {
    return (
      <ExternalLink href={href} className={className}>
        {link.label}
      </ExternalLink>
    );
  }
  if (href.startsWith("mailto:")) {
    return (
      <a href={href} className={className}>
        {link.label}
      </a>
    );
  }
  return (
    <Link href={href} className={className}>
      {link.label}
    </Link>
  );
}

/** The year is the build's: pages are static and every deploy rebuilds them. */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-line bg-ink text-white">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-10 px-5 py-14 md:grid-cols-[1.2fr_repeat(4,1fr)] md:px-8">
        <div className="col-span-2 md:col-span-1">
          <p className="inline-flex items-center gap-2.5 text-lg font-bold">
            <LogoMark />
            {site.name}
          </p>
          <p className="mt-3 max-w-xs text-sm leading-6 text-neutral-300">{site.tagline}.</p>
        </div>
        {footerColumns.map((column) => (
          <nav key={column.heading} aria-label={column.heading}>
            <h2 className="text-sm font-semibold tracking-wide text-white">{column.heading}</h2>
            <ul className="mt-4 space-y-3 text-sm">
              {column.links.map((link) => (
                <li key={link.label}>
                  <FooterLink link={link} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-5 py-6 text-sm text-neutral-300 md:flex-row md:items-center md:justify-between md:px-8">
          <p>
            © {year} {site.legalName}. All rights reserved.
          </p>
          <ul className="flex gap-5" aria-label="Social media">
            {socialLinks.map((link) => (
              <li key={link.label}>
                <FooterLink link={link} />
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-line bg-panel">
        <p className="mx-auto max-w-7xl px-5 py-4 text-center text-xs font-medium tracking-wide text-neutral-300 md:px-8">
          <span className="inline-flex items-center gap-2 rounded-full border border-line px-3 py-1">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-signal" />
            {site.supportedBy}
          </span>
        </p>
      </div>
    </footer>
  );
}
