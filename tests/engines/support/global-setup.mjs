/**
 * The engine suites' global setup (`node --test --test-global-setup`, scripts/test.sh): one site
 * and one local agent for every file whose agent runs with its default settings, started before
 * any file and stopped after the last, instead of one each (testkit/browser/engine-site.ts).
 *
 * JavaScript, registering tsx itself: Node's test runner loads a global setup with its own ESM
 * loader, which tsx's hooks (--import tsx) do not reach, and which cannot resolve the project's
 * directory imports (a clean clone's run failed there).
 */
import { createRequire } from "node:module";
import { register } from "tsx/cjs/api";

/** @type {{ stop(): Promise<void> } | undefined} */
let site;

export async function globalSetup() {
  // As CommonJS, as everywhere else under `--import tsx`: tsx's ESM API either tags each module
  // with a query (tsImport: the paths built from their URLs then name no file) or leaves
  // directory imports unresolved (register).
  register();
  const { startSharedSite } = createRequire(import.meta.url)("../../../testkit/browser/engine-site.ts");
  site = await startSharedSite();
}

export async function globalTeardown() {
  await site?.stop();
}
