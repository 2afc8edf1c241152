/**
 * The engine suites' global setup (`node --test --test-global-setup`, scripts/test.sh): one site
 * and one local agent for every file whose agent runs with its default settings, started before
 * any file and stopped after the last, instead of one each (testkit/browser/engine-site.ts).
 */
import { startSharedSite, type Site } from "@mockingbird/testkit/browser/engine-site";

let site: Site | undefined;

export async function globalSetup(): Promise<void> {
  site = await startSharedSite();
}

export async function globalTeardown(): Promise<void> {
  await site?.stop();
}
