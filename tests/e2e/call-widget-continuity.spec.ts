import { expect, test, type Page, type Request } from "@playwright/test";
import { routeServiceDouble } from "@mockingbird/testkit/browser/service-double-route";
import type { DoubleScript, ServiceDoubleSession } from "@mockingbird/testkit/fakes/elevenlabs-service";
import { callLiveText } from "../../content/call/live";
import {
  agentSocketPattern,
  expectFits,
  expectGreetingCaptioned,
  expectIdle,
  openCallWidget,
  openingLine,
  signedUrlPattern,
  text,
  typeReply,
  voiceTest,
  type CallWidget,
} from "./support/call-widget";

/**
 * A call that carries on (lib/call/call-machine.ts): a dropped call started again in one
 * press, a failure before connecting retried once, and talking and typing as one call. Against
 * the double of ElevenLabs' service (the page's call socket answered through routeWebSocket) and
 * against the local agent (its socket cut before the handshake, its signed-URL endpoint failing
 * once), keyboard only where the visitor presses something. A drop mid-call and Type instead
 * against the local agent run in Firefox and WebKit (tests/engines/call-continuity.test.ts); a
 * refused socket or signed URL is not retried (tests/unit/call/call-continuity-widget.test.tsx).
 */
// Each test runs a call, then another one or a second turn: twice a single call's budget.
test.describe.configure({ timeout: 120_000 });

const inputSwitch = callLiveText.inputSwitch;
const greeting = "Hello, this is the help desk.";
const reply = "I need your code, please.";
const script = (overrides: Partial<DoubleScript> = {}): DoubleScript => ({ greeting, answer: () => [{ say: reply }], ...overrides });

const controls = (widget: CallWidget) => ({
  callAgain: widget.root.getByRole("button", { name: text.buttons.callAgain, exact: true }),
  typeInstead: widget.root.getByRole("button", { name: inputSwitch.typeInstead, exact: true }),
  talkInstead: widget.root.getByRole("button", { name: inputSwitch.talkInstead, exact: true }),
  continueByVoice: widget.root.getByRole("button", { name: inputSwitch.continueByVoice, exact: true }),
  mute: widget.root.getByRole("button", { name: text.buttons.mute, exact: true }),
  meter: widget.root.getByRole("meter"),
});

/** The signed-URL requests the page makes, with the scenario each asked for. */
function recordSignedUrlRequests(page: Page): string[] {
  const scenarios: string[] = [];
  page.on("request", (request: Request) => {
    if (request.method() === "POST" && request.url().includes("/functions/v1/elevenlabs-auth")) scenarios.push((request.postDataJSON() as { scenario: string }).scenario);
  });
  return scenarios;
}

/**
 * Waits for the retry to show and returns what the status line said meanwhile: both read at
 * once, because the retry lasts about a second.
 */
async function statusWhileRetrying(widget: CallWidget): Promise<string> {
  let seen = "";
  await expect
    .poll(
      async () => {
        const now = await widget.root.evaluate(
          (root, badge) => ({
            badge: [...root.querySelectorAll("span")].some((span) => span.textContent === badge),
            status: root.querySelector('[role="status"]')?.textContent ?? "",
          }),
          text.badges.retrying,
        );
        seen = now.status;
        return now.badge;
      },
      { timeout: 20_000, intervals: [50] },
    )
    .toBe(true);
  return seen;
}

/** Presses a button with the keyboard: focus, then Enter. */
async function press(button: ReturnType<Page["getByRole"]>): Promise<void> {
  await button.focus();
  await button.press("Enter");
}

test.describe("against the service's double", () => {
  test("a typed call whose socket drops mid-call offers Call again, focused, which starts the same scenario as a typed call in one press; it fits 320 px", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 720 });
    const sessions = await routeServiceDouble(page, agentSocketPattern, script());
    const scenarios = recordSignedUrlRequests(page);
    const widget = await openCallWidget(page);
    const { callAgain } = controls(widget);
    await widget.root.getByRole("radio", { name: /CEO urgent wire/ }).check();
    await press(widget.typedButton);
    await expect(widget.agentLines).toHaveText([`${text.captions.agent}: ${greeting}`], { timeout: 20_000 });
    await expect(widget.replyBox).toBeFocused();

    sessions[0]!.close(1011, "");

    await expect(widget.alert).toHaveText(text.closes.serviceFailed);
    await expect(callAgain).toBeFocused();
    await expect(widget.status).toHaveText(`${text.status.dropped} ${text.status.debriefReady}`);
    await expectFits(page, "a dropped call");
    await widget.root.getByRole("radio", { name: /HR payroll update/ }).check();
    await press(callAgain);

    await expect(widget.agentLines).toHaveText([`${text.captions.agent}: ${greeting}`], { timeout: 20_000 });
    expect(sessions).toHaveLength(2);
    expect(sessions[1]!.textOnly).toBe(true);
    expect(scenarios).toEqual(["ceo-urgent-wire", "ceo-urgent-wire"]);
    await expect(widget.alert).toBeEmpty();
    await expect(callAgain).toHaveCount(0);
    await expect(widget.replyBox).toBeFocused();
  });

  test("a socket that fails before the session starts is opened again once with the same signed URL, and the widget says it is retrying", async ({ page }) => {
    const sessions = await routeServiceDouble(page, agentSocketPattern, () => script(sessions.length === 0 ? { refuse: { code: 1011, reason: "" } } : {}));
    const scenarios = recordSignedUrlRequests(page);
    const widget = await openCallWidget(page);
    await widget.typedButton.click();

    expect(await statusWhileRetrying(widget)).toBe(text.status.retrying);
    await expect(widget.agentLines).toHaveText([`${text.captions.agent}: ${greeting}`], { timeout: 20_000 });
    expect(sessions).toHaveLength(2);
    expect(scenarios).toHaveLength(1);
    await expect(widget.alert).toBeEmpty();
  });

  voiceTest("Type instead mutes the microphone and hides its controls: the visitor's spoken line is not heard, a typed one is answered; Talk instead brings the controls back; it fits 320 px", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 720 });
    const sessions: ServiceDoubleSession[] = await routeServiceDouble(page, agentSocketPattern, script({ heard: ["how do i know you are from the help desk"], msPerChar: 30 }));
    const widget = await openCallWidget(page);
    const parts = controls(widget);
    await press(widget.startButton);
    await expect(widget.connectedBadge).toBeVisible({ timeout: 20_000 });
    await expect(parts.mute).toBeVisible();

    // Before the fake microphone speaks (~7 s after it opens).
    await press(parts.typeInstead);

    await expect(widget.replyBox).toBeFocused();
    await expect(parts.mute).toHaveCount(0);
    await expect(parts.meter).toHaveCount(0);
    await expect(parts.talkInstead).toBeVisible();
    await expect(widget.root.getByRole("status").filter({ hasText: inputSwitch.typing })).toHaveCount(1);
    await expectFits(page, "a voice call typing instead");
    await typeReply(widget, "Who is this?");
    await expect(widget.agentLines.last()).toHaveText(`${text.captions.agent}: ${reply}`, { timeout: 20_000 });
    // The muted microphone keeps sending chunks (of zeros): once 12 s of audio have come, the fake
    // microphone's spoken line (7 s to ~10 s into its file) is past, and nothing of it was heard.
    const session = sessions[0]!;
    const audioSeconds = () =>
      session.audioChunks().reduce((sum, chunk) => sum + Buffer.from(chunk, "base64").length / 32_000, 0);
    await expect.poll(audioSeconds, { timeout: 60_000 }).toBeGreaterThan(12);
    expect(session.sent("user_transcript")).toEqual([]);
    expect(session.sent("vad_score").some((frame) => (frame.vad_score_event as { vad_score: number }).vad_score === 1)).toBe(false);
    expect(session.received("user_message")).toEqual([expect.objectContaining({ text: "Who is this?" })]);

    await press(parts.talkInstead);
    await expect(parts.mute).toHaveAttribute("aria-pressed", "false");
    await expect(parts.typeInstead).toBeFocused();
    await press(widget.endButton);
    await expectIdle(widget);
  });
});

test.describe("against the local agent", () => {
  /** The badge said it was retrying, then the caller's opening line came, with no error shown. */
  async function expectRetriedThenConnected(widget: CallWidget): Promise<void> {
    expect(await statusWhileRetrying(widget)).toBe(text.status.retrying);
    await expect(widget.agentLines.first()).toHaveText(`${text.captions.agent}: ${openingLine}`, { timeout: 20_000 });
    await expect(widget.alert).toBeEmpty();
  }

  test("a signed-URL request that fails on the way (502) is asked again once, saying so, and the call connects", async ({ page }) => {
    let failed = 0;
    await page.route(signedUrlPattern, async (route) => {
      if (failed++ > 0) return route.fallback();
      await route.fulfill({ status: 502, contentType: "application/json", body: JSON.stringify({ error: "The voice service is unavailable. Please try again shortly." }) });
    });
    const scenarios = recordSignedUrlRequests(page);
    const widget = await openCallWidget(page);
    await widget.typedButton.click();

    await expectRetriedThenConnected(widget);
    expect(scenarios).toHaveLength(2);
  });

  test("a socket to the agent cut before the session starts is opened again with the same signed URL, which the agent still takes", async ({ page }) => {
    const urls: string[] = [];
    await page.routeWebSocket(agentSocketPattern, (route) => {
      urls.push(route.url());
      const agent = route.connectToServer();
      if (urls.length > 1) return;
      // Admitted by the agent, then cut before the widget's first frame reaches it.
      void agent.close();
      void route.close({ code: 1011, reason: "" });
    });
    const scenarios = recordSignedUrlRequests(page);
    const widget = await openCallWidget(page);
    await widget.typedButton.click();

    await expectRetriedThenConnected(widget);
    expect(urls).toHaveLength(2);
    expect(urls[1]).toBe(urls[0]);
    expect(scenarios).toHaveLength(1);
  });

  voiceTest("a typed call continues by voice: a new voice call with the same scenario, the microphone asked for, End Call focused", async ({ page }) => {
    const widget = await openCallWidget(page);
    await press(widget.typedButton);
    await expect(widget.agentLines.first()).toHaveText(`${text.captions.agent}: ${openingLine}`, { timeout: 20_000 });

    await press(controls(widget).continueByVoice);

    await expect(widget.connectedBadge).toBeVisible({ timeout: 20_000 });
    await expect(widget.endButton).toBeFocused();
    await expect(controls(widget).mute).toBeVisible();
    await expectGreetingCaptioned(widget);
    await press(widget.endButton);
    await expectIdle(widget);
  });
});
