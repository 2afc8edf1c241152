/**
 * Shared helpers of the call widget's end-to-end tests (tests/e2e/call-widget*.spec.ts):
 * the widget's parts as locators, the fake microphone's speech, a getUserMedia recorder
 * and colour checks that read what the visitor sees.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test as base, type Locator, type Page, type Route } from "@playwright/test";
import config, { agentOrigin } from "../../../playwright.config";
import { callWidgetText } from "../../../content/call/shell";
import { callWidgetPageText } from "../../../content/call/page";
import { callLiveText } from "../../../content/call/live";
import playbook from "@mockingbird/agent/playbooks/it-helpdesk-mfa-reset.json";
import { openingLine } from "@mockingbird/agent/testkit/opening-line";
import { comparableWords, editDistance } from "@mockingbird/agent/testkit/wer";

export { playbook, agentOrigin, openingLine };

/**
 * Every string the widget shows, as the app ships them: the server-rendered shell
 * (call-widget-page.ts), the controller (call-widget.ts) and the call chunk (call-live.ts).
 */
export const text = {
  ...callWidgetPageText,
  ...callWidgetText,
  ...callLiveText,
  buttons: { ...callWidgetText.buttons, ...callLiveText.buttons },
  status: { ...callWidgetText.status, ...callLiveText.status },
  errors: { ...callWidgetText.errors, ...callLiveText.errors },
};

/** The launch options every project uses (playwright.config.ts), to extend with media flags. */
export const defaultLaunchOptions = config.use?.launchOptions ?? {};
export const defaultLaunchArgs: readonly string[] = defaultLaunchOptions.args ?? [];

/** The websocket calls open on the local agent (its signed URLs point there). */
export const agentSocketPattern = (url: URL) => url.port === new URL(agentOrigin).port && url.pathname === "/v1/convai/conversation";
export const signedUrlPattern = "**/functions/v1/elevenlabs-auth";

/** What the fake microphone says: an identity question, in words of no playbook phrase list. */
export const spokenLine = "how do i know you are from the help desk";

/**
 * Whether a transcript is the spoken line as heard: at most two words differ. Chromium's
 * microphone processing (gain control, noise suppression: what every visitor's voice goes
 * through) can change a word, so an exact match would test the microphone, not the call.
 */
export function heardAsSpoken(transcript: string, line = spokenLine): boolean {
  return editDistance(comparableWords(line), comparableWords(transcript)) <= 2;
}

/**
 * Waits for the greeting's caption on a voice call. It is shown as it is heard, then logged once
 * played or interrupted: the fake microphone's line may barge in before its last words, so only
 * its opening words are certain.
 */
export async function expectGreetingCaptioned(widget: CallWidget): Promise<void> {
  const greeting = `${text.captions.agent}: ${openingLine.split(" ").slice(0, 3).join(" ")}`;
  await expect(widget.root.locator('[data-speaker="agent"]').first()).toContainText(greeting, { timeout: 20_000 });
}

/** Waits for the visitor's caption of the spoken line, as heard (on failure, the captions there were). */
export async function expectSpokenLineCaptioned(visitorLines: Locator): Promise<void> {
  const prefix = `${text.captions.visitor}: `;
  await expect
    .poll(
      async () => {
        const captions = await visitorLines.allTextContents();
        return captions.some((caption) => caption.startsWith(prefix) && heardAsSpoken(caption.slice(prefix.length))) ? "captioned" : captions;
      },
      { message: `a caption '${prefix}${spokenLine}', give or take two words`, timeout: 30_000 },
    )
    .toBe("captioned");
}

/**
 * A debrief as the caller sends it through its client tool (show_red_flag_debrief), with lines
 * as long as a real caller's, so the reflow check sees a full card.
 */
export const heldFirmDebrief = {
  scenario: "it-helpdesk-mfa-reset",
  title: "IT helpdesk MFA reset",
  outcome: "held-firm",
  tacticsUsed: [{ tactics: ["urgency"], line: "I need that code right now, the system locks you out in five minutes." }],
  moment: { kind: "held-firm", visitorSaid: "no, I will call the helpdesk on the number I know", summary: "You refused to read out the code the caller asked for." },
  nextTime: ["Hang up and call the helpdesk on the number you already know.", "Never read out a one-time code, whoever asks."],
};

/** Writes a WAV of synthesized speech (flite, offline) for Chromium's fake microphone. */
export function writeSpeechWav(file: string, leadSilenceMs: number, tailSilenceMs: number, line: string): void {
  execFileSync("npx", ["tsx", "agent/tests/support/write-speech-wav.ts", file, String(leadSilenceMs), String(tailSilenceMs), line], { stdio: "pipe" });
}

/**
 * A test whose browser has a fake microphone that says `spokenLine` ~7 s after it opens (the
 * greeting is over by then or nearly), and grants it without asking. One WAV per worker.
 */
export const voiceTest = base.extend<object, { speechWav: string }>({
  speechWav: [
    async ({}, use) => {
      const dir = mkdtempSync(path.join(tmpdir(), "call-widget-voice-"));
      const wav = path.join(dir, "visitor.wav");
      writeSpeechWav(wav, 7000, 4000, spokenLine);
      await use(wav);
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: "worker", timeout: 60_000 },
  ],
  launchOptions: [
    async ({ launchOptions, speechWav }, use) => {
      await use({
        ...launchOptions,
        args: [
          ...(launchOptions.args ?? []),
          "--use-fake-device-for-media-stream",
          "--use-fake-ui-for-media-stream",
          `--use-file-for-fake-audio-capture=${speechWav}%noloop`,
          "--autoplay-policy=no-user-gesture-required",
        ],
      });
    },
    { scope: "worker" },
  ],
});

type MediaRecord = { getUserMediaCalls: number; tracks: MediaStreamTrack[] };
declare global {
  interface Window {
    __callMedia?: MediaRecord;
  }
}

/**
 * Wraps getUserMedia before any page script runs: counts the calls and keeps every track it
 * returned, so a test can tell whether the microphone was asked for and whether it was released.
 */
export async function recordMicrophone(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record: MediaRecord = { getUserMediaCalls: 0, tracks: [] };
    window.__callMedia = record;
    const original = MediaDevices.prototype.getUserMedia;
    MediaDevices.prototype.getUserMedia = async function (this: MediaDevices, constraints?: MediaStreamConstraints) {
      record.getUserMediaCalls += 1;
      const stream = await original.call(this, constraints);
      record.tracks.push(...stream.getTracks());
      return stream;
    };
  });
}

export async function microphoneUse(page: Page): Promise<{ calls: number; tracks: number; live: number }> {
  return page.evaluate(() => {
    const record = window.__callMedia;
    if (!record) throw new Error("recordMicrophone(page) was not installed");
    return { calls: record.getUserMediaCalls, tracks: record.tracks.length, live: record.tracks.filter((track) => track.readyState !== "ended").length };
  });
}

/** The widget's parts, as a visitor finds them. */
export function callWidget(scope: Page | ReturnType<Page["frameLocator"]>) {
  const root = scope.getByRole("region", { name: text.heading });
  const badge = (label: string) => root.locator("span").filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) });
  const captions = root.getByRole("log");
  return {
    root,
    startButton: root.getByRole("button", { name: text.buttons.start, exact: true }),
    connectingButton: root.getByRole("button", { name: text.buttons.connecting, exact: true }),
    endButton: root.getByRole("button", { name: text.buttons.end, exact: true }),
    typedButton: root.getByRole("button", { name: text.buttons.startTyped, exact: true }),
    connectingBadge: badge(text.badges.connecting),
    connectedBadge: badge(text.badges.connected),
    simulationLabel: badge(text.simulationLabel),
    /** The error live region; hidden (display: none) while it has nothing to say. */
    alert: root.locator('[role="alert"]'),
    /** The call's own status line (read out by screen readers); later status regions belong to the live panel. */
    status: root.getByRole("status").first(),
    captions,
    agentLines: captions.locator('li[data-speaker="agent"]'),
    visitorLines: captions.locator('li[data-speaker="visitor"]'),
    replyBox: root.getByRole("textbox", { name: text.typedReply.label }),
    sendButton: root.getByRole("button", { name: text.buttons.send, exact: true }),
    microphoneHelp: root.getByTestId("call-microphone-help"),
    debrief: root.getByTestId("call-debrief"),
  };
}
export type CallWidget = ReturnType<typeof callWidget>;

/** Home's call widget. */
export async function openCallWidget(page: Page): Promise<CallWidget> {
  await page.goto("/");
  return callWidget(page);
}

/** Presses Start Call and waits until the voice call is connected. */
export async function startVoiceCall(widget: CallWidget): Promise<void> {
  await widget.startButton.click();
  await expect(widget.connectedBadge).toBeVisible({ timeout: 20_000 });
}

/** Starts a typed call and waits until it is connected and the caller's greeting is captioned. */
export async function startTypedCall(widget: CallWidget): Promise<void> {
  await widget.typedButton.click();
  await expect(widget.connectedBadge).toBeVisible({ timeout: 20_000 });
  await expect(widget.agentLines.first()).toContainText(openingLine, { timeout: 20_000 });
}

/** Types a reply and sends it. */
export async function typeReply(widget: CallWidget, reply: string): Promise<void> {
  await widget.replyBox.fill(reply);
  await widget.sendButton.click();
}

/** Types a reply, sends it, and waits for it in the captions and for the caller's next line. */
export async function sendTypedReply(widget: CallWidget, reply: string): Promise<void> {
  const agentLinesBefore = await widget.agentLines.count();
  await typeReply(widget, reply);
  await expect(widget.visitorLines.last()).toContainText(reply);
  await expect(widget.agentLines).toHaveCount(agentLinesBefore + 1, { timeout: 20_000 });
}

/** The widget at rest after a call or a failure: Start Call offered again. */
export async function expectIdle(widget: CallWidget): Promise<void> {
  await expect(widget.startButton).toBeEnabled({ timeout: 20_000 });
  await expect(widget.typedButton).toBeVisible();
  await expect(widget.connectedBadge).toHaveCount(0);
  await expect(widget.connectingBadge).toHaveCount(0);
  await expect(widget.simulationLabel).toHaveCount(0);
}

/** The call failed with this message, shown as an alert, and the widget is back at Start Call. */
export async function expectFailure(widget: CallWidget, message: string): Promise<void> {
  await expect(widget.alert).toHaveText(message, { timeout: 20_000 });
  await expect(widget.alert).toBeVisible();
  await expectIdle(widget);
}

type Rgb = { r: number; g: number; b: number };

/** A computed colour as sRGB, whatever notation the stylesheet used (Tailwind 4 writes oklch). */
export async function colourOf(locator: Locator, property: "backgroundColor" | "color"): Promise<Rgb> {
  return locator.evaluate((element, name) => {
    const context = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
    context.fillStyle = getComputedStyle(element)[name];
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
    return { r, g, b };
  }, property);
}

/** Which of the traffic-light colours a colour reads as (or "other"). */
export function hueName({ r, g, b }: Rgb): "red" | "yellow" | "green" | "other" {
  if (r > 150 && g > 150 && b < 120) return "yellow";
  if (r > 1.8 * g && r > 1.8 * b) return "red";
  if (g > 1.3 * r && g > 1.3 * b) return "green";
  return "other";
}

/**
 * Holds the signed-URL request until `release()` is called, so the short connecting phase
 * can be asserted without racing it.
 */
export async function holdSignedUrlRequest(page: Page): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(signedUrlPattern, async (route: Route) => {
    await released;
    await route.fallback();
  });
  return { release };
}

export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** How far the page scrolls sideways, and what sticks out of the widget's width. */
export async function expectFits(page: Page, state: string): Promise<void> {
  const fit = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const outside = [...document.querySelectorAll('section[aria-labelledby="call-widget-heading"] *')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 30)}"`);
    return { overflow: document.documentElement.scrollWidth - width, outside: outside.slice(0, 5) };
  });
  expect(fit, `${state} at 320 px`).toEqual({ overflow: 0, outside: [] });
}
