import { launchSignoff, type LaunchSignoff } from "../../content/launch-signoff";
import { validatePublicEnv } from "./public-env-schema";

/**
 * A site is "in production" when its public origin is a real address: not a name reserved for
 * documentation and testing (RFC 2606/6761: .example, .test, .invalid, .localhost), and not the
 * loopback. Previews, CI and the documented defaults all use reserved names.
 */
export function isProductionOrigin(siteUrl: string): boolean {
  const host = new URL(siteUrl).hostname.toLowerCase().replace(/\.$/, "");
  if (host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host)) return false;
  return !/(^|\.)(example|test|invalid|localhost)$/.test(host);
}

export type UnconfirmedValue = { key: string; label: string; draft: unknown; usedIn: readonly string[]; note: string };

/** The sign-off entries that are still drafts, in the order the module lists them. */
export function unconfirmedValues(signoff: LaunchSignoff): UnconfirmedValue[] {
  return Object.entries(signoff)
    .filter(([, entry]) => entry.confirmed === undefined)
    .map(([key, entry]) => ({ key, label: entry.label, draft: entry.draft, usedIn: entry.usedIn, note: entry.note }));
}

function describeDraft(draft: unknown): string {
  if (draft === null) return "none (the pages leave it out until the company supplies it)";
  if (Array.isArray(draft)) return `${draft.length} placeholder entr${draft.length === 1 ? "y" : "ies"}`;
  return JSON.stringify(draft);
}

/**
 * Why the site may not launch yet, or undefined when it may: a production origin with any value
 * still a draft. The message lists every such value, where it is used and how to confirm it.
 */
export function launchReadinessProblem(siteUrl: string, signoff: LaunchSignoff): string | undefined {
  if (!isProductionOrigin(siteUrl)) return undefined;
  const pending = unconfirmedValues(signoff);
  if (pending.length === 0) return undefined;
  const lines = pending.map(
    (value) => `  - ${value.key}: ${value.label}. Draft: ${describeDraft(value.draft)}. Used in: ${value.usedIn.join("; ")}.${value.note ? ` ${value.note}` : ""}`,
  );
  return [
    `Launch sign-off: NEXT_PUBLIC_SITE_URL (${siteUrl}) is a production address, but ${pending.length === 1 ? "1 value is still an unconfirmed draft" : `${pending.length} values are still unconfirmed drafts`}:`,
    ...lines,
    "Confirm each one in content/launch-signoff.ts by setting its `confirmed` value, or build a preview with a reserved host such as https://www.mockingbird.example.",
  ].join("\n");
}

export class LaunchSignoffError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LaunchSignoffError";
  }
}

/** next.config.ts calls this beside validatePublicEnv(): a production build with drafts stops here. */
export function assertLaunchReady(source: Record<string, string | undefined> = process.env, signoff: LaunchSignoff = launchSignoff): void {
  const problem = launchReadinessProblem(validatePublicEnv(source).NEXT_PUBLIC_SITE_URL, signoff);
  if (problem) throw new LaunchSignoffError(problem);
}
