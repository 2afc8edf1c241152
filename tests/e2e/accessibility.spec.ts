import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { qualityRoutes } from "../../scripts/quality/routes";
import {
  callWidget,
  defaultLaunchArgs,
  defaultLaunchOptions,
  expectFailure,
  expectIdle,
  holdSignedUrlRequest,
  signedUrlPattern,
  startTypedCall,
  text,
} from "./support/call-widget";

/**
 * Accessibility gate: axe-core (WCAG 2.0, 2.1 and 2.2 A and AA rules) finds no violation on
 * any route, the 404 page, the open mobile menu, or the call widget in any state a visitor
 * can see. No rule is disabled.
 */

const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const notFoundPath = "/this-page-does-not-exist";
const mobile = { width: 375, height: 740 };

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

/** One line per violation and one per offending element, so a failure says what to fix and where. */
function describeViolations(violations: AxeResults["violations"]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => {
        const summary = (node.failureSummary ?? "").replace(/\s*\n\s*/g, " ").trim();
        return `    - ${node.target.join(" >> ")}\n      ${node.html.slice(0, 200)}${summary ? `\n      ${summary}` : ""}`;
      });
      return `  ${violation.id} [${violation.impact ?? "n/a"}]: ${violation.help}\n    ${violation.helpUrl}\n${nodes.join("\n")}`;
    })
    .join("\n");
}

/** Runs axe over the whole page as it is now and fails with a readable list of violations. */
async function expectNoViolations(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  const { violations } = results;
  expect(violations.length, `axe found ${violations.length} violation(s) on ${what} (${page.url()}):\n${describeViolations(violations)}`).toBe(0);
}

/** Opens a route and waits until it has settled (hydrated, fonts in, no layout still moving). */
async function open(page: Page, path: string, status = 200): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBe(status);
  await page.waitForLoadState("load");
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

for (const [label, viewport] of [
  ["desktop", null],
  ["375 px", mobile],
] as const) {
  test.describe(`every page at ${label}`, () => {
    if (viewport) test.use({ viewport });

    for (const route of qualityRoutes) {
      test(`${route} has no axe violations`, async ({ page }) => {
        await open(page, route);
        await expectNoViolations(page, `${route} at ${label}`);
      });
    }

    test("the 404 page has no axe violations", async ({ page }) => {
      await open(page, notFoundPath, 404);
      await expectNoViolations(page, `the 404 page at ${label}`);
    });
  });
}

test.describe("mobile menu", () => {
  test.use({ viewport: mobile });

  test("the open menu has no axe violations", async ({ page }) => {
    await open(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Site menu" })).toBeVisible();
    await expectNoViolations(page, "the open mobile menu");
  });
});

test.describe("call widget states (Home)", () => {
  test("idle", async ({ page }) => {
    await open(page, "/");
    const widget = callWidget(page);
    await expectIdle(widget);
    await expectNoViolations(page, "the idle call widget");
  });

  test("connecting", async ({ page }) => {
    await open(page, "/");
    const widget = callWidget(page);
    const held = await holdSignedUrlRequest(page);
    await widget.typedButton.click();
    await expect(widget.connectingBadge).toBeVisible({ timeout: 20_000 });
    await expect(widget.connectingButton).toBeVisible();
    await expectNoViolations(page, "the connecting call widget");
    held.release();
    await expect(widget.connectedBadge).toBeVisible({ timeout: 20_000 });
  });

  test("connected in a typed call, then after rating the caller's line", async ({ page }) => {
    await open(page, "/");
    const widget = callWidget(page);
    await startTypedCall(widget);
    const feedback = widget.root.getByRole("group", { name: text.feedback.legend });
    await expect(feedback).toBeVisible();
    await expect(widget.replyBox).toBeVisible();
    await expect(widget.captions).toBeVisible();
    await expectNoViolations(page, "a connected typed call");

    await feedback.getByRole("button", { name: text.buttons.like }).click();
    await expect(feedback.getByRole("status")).toHaveText(text.feedback.thanks);
    await expectNoViolations(page, "a connected typed call after feedback");
    await widget.endButton.click();
    await expectIdle(widget);
  });

  test("an error shown", async ({ page }) => {
    await open(page, "/");
    await page.route(signedUrlPattern, (route) => route.fulfill({ status: 500, json: { error: "x" } }));
    const widget = callWidget(page);
    await widget.typedButton.click();
    await expectFailure(widget, text.errors.signedUrlFailed("x"));
    await expectNoViolations(page, "the call widget showing an error");
  });

  test("the red-flag debrief after a typed call ends", async ({ page }) => {
    await open(page, "/");
    const widget = callWidget(page);
    await startTypedCall(widget);
    await widget.replyBox.fill("i will call the help desk myself");
    await widget.sendButton.click();
    await expect(widget.debrief).toBeVisible({ timeout: 20_000 });
    await expectIdle(widget);
    await expectNoViolations(page, "the red-flag debrief");
  });
});

test("call widget: the microphone-denied help", async ({ playwright, baseURL }) => {
  // A fake microphone exists but nothing grants it (no --use-fake-ui-for-media-stream), as in
  // call-widget-microphone-denied.spec.ts. launchOptions cannot change inside one file, so this
  // test launches its own browser with them.
  const browser = await playwright.chromium.launch({ ...defaultLaunchOptions, args: [...defaultLaunchArgs, "--use-fake-device-for-media-stream"] });
  try {
    // AxeBuilder needs a page of a context the test made (browser.newPage() gives it none to use).
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await open(page, "/");
    const widget = callWidget(page);
    await widget.startButton.click();
    await expectFailure(widget, text.errors.microphoneDenied);
    await expect(widget.microphoneHelp).toBeVisible();
    await expectNoViolations(page, "the microphone-denied help");
  } finally {
    await browser.close();
  }
});
