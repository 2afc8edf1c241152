/**
 * The quality gates on the production build, each failing the run when its bar is not met
 * (`npm test` runs them after the end-to-end tests, which hold the axe, security-header and
 * CSP-injection gates; `npm test -- quality` runs them alone, building what is missing or
 * stale first). Lighthouse times pages, so it runs last, when nothing else is running; it holds
 * each route against the framework's floor measured in the same minutes, never against an
 * absolute score.
 */
import { serverBuildIsStale, staticExportIsStale } from "../build/when-stale";
import { npmStep, runStep, tsxStep, type Step } from "../lib/run-step";

runStep(["bash", "scripts/setup/ensure-quality-deps.sh"]);
if (serverBuildIsStale()) runStep(npmStep("build"));
if (staticExportIsStale()) runStep(npmStep("build:export"));

// The test command built with canaries (CLIENT_SECRETS_TOKEN): look for them. Alone: build a
// copy with canaries, the server build and the export, and look there.
const secrets = process.env.CLIENT_SECRETS_TOKEN ? ["--scan-canaries", ".next", "out", "public"] : ["--static-export"];
const timeless: readonly [title: string, step: Step][] = [
  ["secrets: no server-only value in .next/static, out/ or any HTML", [process.execPath, "scripts/quality/client-secrets.mjs", ...secrets]],
  ["HTML: the W3C Nu checker on every built page", tsxStep("scripts/quality/html-validity.ts")],
  ["links: every internal link and anchor resolves", tsxStep("scripts/quality/links.ts")],
  ["budgets: own JS, no voice SDK and no third party before intent", tsxStep("scripts/quality/budgets.ts")],
];
const lighthouse: [title: string, step: Step] = ["Lighthouse: every route beside a bare Next.js page of the same versions, audited in turn, medians of 3", tsxStep("scripts/quality/lighthouse.ts")];
// A whole `npm test` runs the gates that time nothing beside the export suite
// (--without-lighthouse), and Lighthouse last, alone (--lighthouse); otherwise all, in turn.
const gates = process.argv.includes("--lighthouse") ? [lighthouse] : process.argv.includes("--without-lighthouse") ? timeless : [...timeless, lighthouse];
// Each gate's wall time, so that a slow one is named where the suite's budget is spent.
for (const [title, step] of gates) {
  console.log(`\n== ${title}`);
  const startedAt = Date.now();
  runStep(step);
  console.log(`(${title.split(":")[0]}: ${Math.round((Date.now() - startedAt) / 1000)} s)`);
}
