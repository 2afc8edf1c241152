import type { Page } from "@playwright/test";

/**
 * Appends an inline script to the page and tells whether it ran, with the policy violations
 * the console reported meanwhile: how the suites prove a page's CSP blocks an injection.
 */
export async function injectInlineScript(page: Page): Promise<{ ran: boolean; violations: string[] }> {
  const violations: string[] = [];
  const listener = (message: { text(): string }) => /Content Security Policy/.test(message.text()) && violations.push(message.text());
  page.on("console", listener);
  const ran = await page.evaluate(async () => {
    (window as unknown as { injected?: boolean }).injected = false;
    const script = document.createElement("script");
    script.textContent = "window.injected = true";
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (window as unknown as { injected?: boolean }).injected === true;
  });
  page.off("console", listener);
  return { ran, violations };
}
