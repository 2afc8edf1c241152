import { expect, type Page } from "@playwright/test";
import { routeServiceDouble } from "@mockingbird/testkit/browser/service-double-route";
import type { DoubleScript } from "@mockingbird/testkit/fakes/elevenlabs-service";
import { defaultScenarioId } from "@mockingbird/contract/scenarios";
import { expectIdle, heardAsSpoken, openCallWidget, playbook, spokenLine, text, voiceTest as test, agentSocketPattern, type CallWidget } from "./support/call-widget";
import { pushedCaller } from "./support/pushed-caller";

/**
 * The live turn, against the double of ElevenLabs' service and against the local agent, with the
 * service's default timeouts (contract/turn-timing.ts): the visitor's words shown as they speak
 * (tentative_user_transcript), hidden from assistive technology and replaced in the log by the
 * turn's transcript; then, the fake microphone having gone quiet, the caller's re-prompt after
 * the turn timeout and the call put down after the silence timeout, with the page saying why.
 */

type TentativeSeen = { text: string; hidden: string | null; overflow: number };
declare global {
  interface Window {
    __tentative?: TentativeSeen[];
  }
}

/** Records every state of the tentative caption, however briefly it shows (the test reads them at the end). */
async function watchTentativeWords(page: Page): Promise<() => Promise<TentativeSeen[]>> {
  await page.addInitScript(() => {
    window.__tentative = [];
    const record = () => {
      const element = document.querySelector('[data-testid="call-caption-tentative"]');
      const seen = element?.textContent ?? "";
      const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
      if (seen !== "" && window.__tentative!.at(-1)?.text !== seen) window.__tentative!.push({ text: seen, hidden: element!.getAttribute("aria-hidden"), overflow });
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => window.__tentative ?? []);
}

/** The prompts a silent visitor hears from the widget's first scenario's caller, as captions. */
const silencePrompts = playbook.reactions.silence.prompts.map((line) => `${text.captions.agent}: ${line}`);

async function expectWordsShownAsSpoken(widget: CallWidget, seen: () => Promise<TentativeSeen[]>): Promise<void> {
  const prefix = `${text.captions.visitor}: `;
  await expect.poll(async () => (await widget.visitorLines.allTextContents()).some((line) => heardAsSpoken(line.slice(prefix.length))), { timeout: 30_000 }).toBe(true);
  const tentative = await seen();
  expect(tentative.length).toBeGreaterThan(0);
  for (const { text: words, hidden, overflow } of tentative) {
    expect(words.startsWith(prefix)).toBe(true);
    expect(hidden).toBe("true");
    expect(overflow, "the growing words never push the page sideways").toBeLessThanOrEqual(0);
  }
  // The final transcript took their place in the log.
  await expect(widget.root.getByTestId("call-caption-tentative")).toHaveCount(0);
}

async function expectSilenceHandled(widget: CallWidget): Promise<void> {
  // The turn timeout (7 s) after the caller's answer: a re-prompt, in the caller's words.
  await expect.poll(async () => (await widget.agentLines.allTextContents()).some((line) => silencePrompts.includes(line)), { timeout: 30_000 }).toBe(true);
  // The silence timeout (30 s) since the visitor last spoke: the call is put down, and the page says why, with no error.
  await expect(widget.debrief.getByTestId("call-ending")).toHaveText(`${text.debrief.ended}. ${text.debrief.endings.silence}`, { timeout: 45_000 });
  await expectIdle(widget);
  await expect(widget.alert).toBeEmpty();
}

test("against the service's double, at 320 px and by keyboard: the visitor's words as they speak, a re-prompt after the turn timeout and the end after the silence timeout", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 320, height: 720 });
  const caller = await pushedCaller(defaultScenarioId);
  const script: DoubleScript = {
    greeting: caller.firstMessage,
    agent: caller.agent,
    // Said faster than the double's default pace, so the greeting is over before the fake microphone speaks (~7 s in).
    msPerChar: 30,
    heard: [spokenLine],
    answer: () => [{ say: playbook.reactions.askIdentity[2]!.line.replace("{{caller_name}}", playbook.variables.caller_name) }],
    silencePrompts: playbook.reactions.silence.prompts,
    silenceEnd: [{ say: playbook.reactions.silence.giveUp[0]! }],
  };
  await routeServiceDouble(page, agentSocketPattern, script);
  const seen = await watchTentativeWords(page);
  const widget = await openCallWidget(page);
  await widget.startButton.focus();
  await page.keyboard.press("Enter");
  await expectWordsShownAsSpoken(widget, seen);
  await expectSilenceHandled(widget);
});

test("against the local agent: the decoder's words as the visitor speaks, a re-prompt after the turn timeout and the end, with its debrief, after the silence timeout", async ({ page }) => {
  test.setTimeout(120_000);
  const seen = await watchTentativeWords(page);
  const widget = await openCallWidget(page);
  await widget.startButton.click();
  await expectWordsShownAsSpoken(widget, seen);
  await expectSilenceHandled(widget);
  await expect(widget.debrief).toBeVisible();
});
