/**
 * Lighthouse audits from tools/lighthouse/audit.mjs (its own install, apart from the site's
 * lockfile), run under this same Node: the project's, which Lighthouse's >= 22 admits.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { chromiumPath } from "@mockingbird/testkit/browser/chromium";

export const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof categories)[number];

/** One URL to audit for the categories named. */
export type AuditRequest = { readonly url: string; readonly categories: readonly Category[] };

/** One audit, as audit.mjs prints it: `index` is the request's place in the list it was given. */
export type Audit = {
  readonly index: number;
  readonly url: string;
  /** The categories it was audited for (performance always). */
  readonly scores: { readonly performance: number } & Partial<Record<Category, number>>;
  readonly metrics: Record<string, number | null>;
  readonly failed: readonly string[];
  /** How long the audit took, retries included. */
  readonly ms: number;
};

const toolsDir = path.resolve("tools/lighthouse");

export function assertLighthouseInstalled(): void {
  if (!existsSync(path.join(toolsDir, "node_modules", "lighthouse"))) {
    throw new Error("Lighthouse is not installed: run `bash scripts/setup/ensure-deps.sh` (npm ci in tools/lighthouse).");
  }
}

/** Makes every request once, in order, in one Chrome; `onAudit` hears each audit as it ends. */
export async function auditInOrder(requests: readonly AuditRequest[], onAudit: (audit: Audit) => void): Promise<Audit[]> {
  const child = spawn(process.execPath, [path.join(toolsDir, "audit.mjs"), chromiumPath, JSON.stringify(requests)], { stdio: ["ignore", "pipe", "inherit"] });
  const audits: Audit[] = [];
  const lines = createInterface({ input: child.stdout });
  lines.on("line", (line) => {
    const audit = JSON.parse(line) as Audit;
    audits.push(audit);
    onAudit(audit);
  });
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (code !== 0) throw new Error(`Lighthouse stopped with exit code ${code}`);
  if (audits.length !== requests.length) throw new Error(`Lighthouse printed ${audits.length} audits for ${requests.length} requests`);
  return audits;
}
