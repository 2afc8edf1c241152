export type CspOptions = {
  /** 'sha256-…' sources for the page's own inline scripts (Next.js' flight data). */
  scriptHashes: readonly string[];
  development: boolean;
  /** Origins allowed to frame the page; empty means frame-ancestors 'none'. */
  frameAncestors?: readonly string[];
  /** Extra origins the page may connect to (the voice provider, a Supabase project). */
  connectSources?: readonly string[];
  upgradeInsecureRequests?: boolean;
};

/**
 * The Content-Security-Policy of a page. Pages are static, so nonces are impossible:
 * inline scripts are allowed by hash instead, which still blocks any injected script.
 */
export function contentSecurityPolicy(options: CspOptions): string {
  const scriptSrc = ["'self'", ...options.scriptHashes.map((hash) => `'${hash}'`)];
  // React's development build evaluates code and Fast Refresh injects inline scripts.
  if (options.development) scriptSrc.push("'unsafe-eval'", "'unsafe-inline'");
  const frameAncestors = options.frameAncestors?.length ? options.frameAncestors.join(" ") : "'none'";
  const directives: string[] = [
    "default-src 'self'",
    `script-src ${scriptSrc.join(" ")}`,
    // Inline style attributes (widths of bars and meters) are data-driven; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${["'self'", ...(options.connectSources ?? []), ...(options.development ? ["ws:"] : [])].join(" ")}`,
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ];
  if (options.upgradeInsecureRequests) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** Headers every response carries, whatever it is (framing is decided per path: lib/security/framing.ts). */
export const baselineSecurityHeaders: ReadonlyArray<{ key: string; value: string }> = [
  { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains; preload" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  // The microphone is for the demo call on this site only; everything else is off.
  {
    key: "Permissions-Policy",
    value: "microphone=(self), camera=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()",
  },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  // No other site may load these responses as images, scripts or media (CORS fetches, such as
  // the Supabase function's JSON, and framing of /embed/call are navigations or CORS, unaffected).
  { key: "Cross-Origin-Resource-Policy", value: "same-origin" },
];

/** Every path but the embeddable widget; CSP frame-ancestors says the same to modern browsers. */
export const frameDenyHeader = { key: "X-Frame-Options", value: "DENY" } as const;
