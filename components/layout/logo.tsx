import Link from "next/link";
import { site } from "@/content/site";

/** The mark is drawn inline so it paints with the first byte of HTML and inherits the text colour. */
export function LogoMark({ className, barsClassName = "fill-ink" }: { className?: string; barsClassName?: string }) {
  return (
    <svg viewBox="0 0 64 64" width="32" height="32" aria-hidden="true" className={className}>
      <rect width="64" height="64" rx="14" fill="currentColor" />
      <g className={barsClassName}>
        <rect x="12" y="26" width="6" height="12" rx="3" />
        <rect x="22" y="18" width="6" height="28" rx="3" />
        <rect x="36" y="18" width="6" height="28" rx="3" />
        <rect x="46" y="26" width="6" height="12" rx="3" />
      </g>
      <rect x="29" y="30" width="6" height="16" rx="3" fill="#f43f5e" />
    </svg>
  );
}

/** On a light surface the tile turns black, so its bars turn white. */
export function Logo({ onNavigate, onLight = false, className = "" }: { onNavigate?: () => void; onLight?: boolean; className?: string }) {
  return (
    <Link href="/" aria-label={`${site.name} home`} className={`inline-flex items-center gap-2.5 text-lg font-bold tracking-tight ${className}`} onClick={onNavigate}>
      <LogoMark barsClassName={onLight ? "fill-white" : "fill-ink"} />
      <span>{site.name}</span>
    </Link>
  );
}
