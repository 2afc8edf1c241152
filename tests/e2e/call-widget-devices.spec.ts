import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { routeServiceDouble } from "@mockingbird/testkit/browser/service-double-route";
import type { ServiceDoubleSession } from "@mockingbird/testkit/fakes/elevenlabs-service";
import { callDeviceText as deviceText } from "../../content/call/devices";
import { REMEMBERED_DEVICES_KEY } from "../../lib/call/devices";
import { callMarks } from "../../lib/call/call-marks";
import { agentSocketPattern, expectFits, expectIdle, openCallWidget, startVoiceCall, text, voiceTest as test, type CallWidget } from "./support/call-widget";

/**
 * Choosing the microphone and the speaker during a voice call, in Chromium with its fake
 * devices (two microphones and two speakers besides the default), against the local agent and
 * the double of ElevenLabs' service. A device pulled out is simulated: the page's
 * enumerateDevices() stops listing it and the browser's `devicechange` event fires. Firefox and
 * WebKit: tests/engines/call-devices.test.ts.
 */

type AudioRequest = { audio: MediaTrackConstraints | boolean | null; afterConnect: boolean };
type DeviceRecord = { unplugged: string[]; audioRequests: AudioRequest[] };
declare global {
  interface Window {
    __devices?: DeviceRecord;
  }
}

/** Records what each getUserMedia asked of the microphone, and hides the devices a test unplugs. */
async function recordDevices(page: Page): Promise<void> {
  await page.addInitScript((connectedMark) => {
    const record: DeviceRecord = { unplugged: [], audioRequests: [] };
    window.__devices = record;
    const enumerate = MediaDevices.prototype.enumerateDevices;
    MediaDevices.prototype.enumerateDevices = async function (this: MediaDevices) {
      return (await enumerate.call(this)).filter((device) => !record.unplugged.includes(device.label));
    };
    const getUserMedia = MediaDevices.prototype.getUserMedia;
    MediaDevices.prototype.getUserMedia = function (this: MediaDevices, constraints?: MediaStreamConstraints) {
      record.audioRequests.push({ audio: constraints?.audio ?? null, afterConnect: performance.getEntriesByName(connectedMark).length > 0 });
      return getUserMedia.call(this, constraints);
    };
  }, callMarks.connected);
}

/** The device `label` is pulled out: no longer listed, and the browser says the devices changed. */
async function unplug(page: Page, label: string): Promise<void> {
  await page.evaluate((name) => {
    window.__devices!.unplugged.push(name);
    navigator.mediaDevices.dispatchEvent(new Event("devicechange"));
  }, label);
}

/** The id the browser gives the device named `label`. */
const deviceId = (page: Page, label: string) =>
  page.evaluate(async (name) => (await navigator.mediaDevices.enumerateDevices()).find((device) => device.label === name)?.deviceId ?? "", label);

/** The microphones getUserMedia was asked for, in order: each one's exact device id ("" for the default), and whether the call had connected. */
const microphonesAsked = (page: Page) =>
  page.evaluate(() =>
    window.__devices!.audioRequests.map(({ audio, afterConnect }) => {
      const wanted = typeof audio === "object" && audio !== null ? (audio.deviceId as ConstrainDOMStringParameters | undefined) : undefined;
      return { id: typeof wanted?.exact === "string" ? wanted.exact : "", afterConnect };
    }),
  );
const lastMicrophoneAsked = async (page: Page) => (await microphonesAsked(page)).at(-1)?.id;

/** Where the SDK's audio element plays the caller ("" is the default speaker). */
const speakerInUse = (page: Page) => page.evaluate(() => document.querySelector<HTMLAudioElement>("body > audio")?.sinkId ?? null);

const devicesOf = (widget: CallWidget) => ({
  microphone: widget.root.getByRole("combobox", { name: deviceText.labels.microphone }),
  speaker: widget.root.getByRole("combobox", { name: deviceText.labels.speaker }),
});

/** Starts a voice call; against the double, its socket is answered by the service's double. */
const backends = {
  "the local agent": async (): Promise<ServiceDoubleSession[] | null> => null,
  "the service double": (page: Page) => routeServiceDouble(page, agentSocketPattern, { greeting: "Hi, it's Dave from the service desk.", answer: () => [{ say: "Right." }] }),
};

for (const [backend, route] of Object.entries(backends)) {
  test(`against ${backend}: the visitor chooses the microphone and the speaker by keyboard, the default first, and a device pulled out mid-call moves the call to the default and says so`, async ({ page }) => {
    test.setTimeout(60_000);
    await recordDevices(page);
    const sessions = await route(page);
    const widget = await openCallWidget(page);
    const { microphone, speaker } = devicesOf(widget);
    await startVoiceCall(widget);

    await test.step("the lists: the browser's default first, then each device", async () => {
      await expect(microphone.locator("option")).toHaveText([deviceText.defaults.microphone, "Fake Audio Input 1", "Fake Audio Input 2"]);
      await expect(speaker.locator("option")).toHaveText([deviceText.defaults.speaker, "Fake Audio Output 1", "Fake Audio Output 2"]);
      await expect(microphone).toHaveValue("");
      await expect(speaker).toHaveValue("");
    });

    await test.step("keyboard only: Tab from the call's last control (Type instead) to the microphone, arrows to choose, with a visible focus", async () => {
      await widget.root.getByRole("button", { name: text.inputSwitch.typeInstead, exact: true }).focus();
      await page.keyboard.press("Tab");
      await expect(microphone).toBeFocused();
      expect(await microphone.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe("none");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("ArrowDown");
      const second = await deviceId(page, "Fake Audio Input 2");
      await expect(microphone).toHaveValue(second);
      // The SDK opened the chosen microphone (changeInputDevice), after passing through the first.
      await expect.poll(() => lastMicrophoneAsked(page)).toBe(second);
      await page.keyboard.press("Tab");
      await expect(speaker).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect.poll(() => speakerInUse(page)).toBe(await deviceId(page, "Fake Audio Output 1"));
    });

    if (sessions) {
      await test.step("the call's microphone audio still reaches the service after the switch", async () => {
        const chunks = () => sessions[0]!.audioChunks().length;
        const before = chunks();
        await expect.poll(chunks).toBeGreaterThan(before + 10);
      });
    }

    await test.step("the chosen microphone is pulled out: back to the default, said in the call's status", async () => {
      await unplug(page, "Fake Audio Input 2");
      await expect(microphone).toHaveValue("");
      await expect(microphone.locator("option")).toHaveText([deviceText.defaults.microphone, "Fake Audio Input 1"]);
      await expect(widget.status).toHaveText(deviceText.lost("microphone", "Fake Audio Input 2"));
      // Shown beside the lists as well, for whoever was not looking at them.
      await expect(widget.root.locator('p:not([role="status"])').filter({ hasText: deviceText.lost("microphone", "Fake Audio Input 2") })).toBeVisible();
      await expect.poll(() => lastMicrophoneAsked(page)).toBe("");
      await expect(widget.connectedBadge).toBeVisible();
    });

    await test.step("the chosen speaker is pulled out: back to the default, said in the call's status", async () => {
      await unplug(page, "Fake Audio Output 1");
      await expect(speaker).toHaveValue("");
      await expect(widget.status).toHaveText(deviceText.lost("speaker", "Fake Audio Output 1"));
      await expect.poll(() => speakerInUse(page)).toBe("");
    });

    await widget.endButton.click();
    await expectIdle(widget);
    // The notice belonged to the call: the status now says it ended (the local agent adds its debrief).
    await expect(widget.status).toContainText(text.status.ended);
  });
}

test("the choice is remembered: the next call starts on it, and one whose device is unplugged starts on the default", async ({ page }) => {
  test.setTimeout(60_000);
  await recordDevices(page);
  const widget = await openCallWidget(page);
  const { microphone, speaker } = devicesOf(widget);
  await startVoiceCall(widget);
  const [input, output] = [await deviceId(page, "Fake Audio Input 1"), await deviceId(page, "Fake Audio Output 2")];
  await microphone.selectOption({ label: "Fake Audio Input 1" });
  await speaker.selectOption({ label: "Fake Audio Output 2" });
  await expect.poll(() => speakerInUse(page)).toBe(output);
  await widget.endButton.click();
  await expectIdle(widget);

  await page.reload();
  await startVoiceCall(widget);
  await expect(microphone).toHaveValue(input);
  await expect(speaker).toHaveValue(output);
  // The session itself started on them (inputDeviceId, outputDeviceId), not a switch after it connected.
  expect((await microphonesAsked(page)).filter((asked) => asked.id === input)).toEqual([{ id: input, afterConnect: false }]);
  expect(await lastMicrophoneAsked(page)).toBe(input);
  expect(await speakerInUse(page)).toBe(output);
  await widget.endButton.click();
  await expectIdle(widget);

  await unplug(page, "Fake Audio Input 1");
  await startVoiceCall(widget);
  await expect(microphone).toHaveValue("");
  await expect(speaker).toHaveValue(output);
  expect(await lastMicrophoneAsked(page)).toBe("");
  // Starting on the default is not news: the status says the call is connected.
  await expect(widget.status).toHaveText(text.status.connected);
  await widget.endButton.click();
});

test("a remembered choice the storage garbled, or storage that throws, starts the call on the defaults", async ({ page }) => {
  test.setTimeout(60_000);
  await page.addInitScript((key) => localStorage.setItem(key, '{"microphone":{"id":42}}'), REMEMBERED_DEVICES_KEY);
  const widget = await openCallWidget(page);
  const { microphone } = devicesOf(widget);
  await startVoiceCall(widget);
  await expect(microphone).toHaveValue("");
  await widget.endButton.click();
  await expectIdle(widget);

  await page.evaluate(() => {
    Object.defineProperty(window, "localStorage", { configurable: true, get: () => { throw new DOMException("blocked", "SecurityError"); } });
  });
  await startVoiceCall(widget);
  await microphone.selectOption({ label: "Fake Audio Input 2" });
  await expect(microphone).toHaveValue(await deviceId(page, "Fake Audio Input 2"));
  await expect(widget.alert).toBeEmpty();
  await widget.endButton.click();
});

test.describe("at 320 px", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("the device choice fits without scrolling sideways, and axe finds no WCAG 2.2 AA violation in it", async ({ page }) => {
    await routeServiceDouble(page, agentSocketPattern, { greeting: "Hi, it's Dave from the service desk.", answer: () => [] });
    const widget = await openCallWidget(page);
    await startVoiceCall(widget);
    await expect(devicesOf(widget).speaker).toBeVisible();
    await expectFits(page, "a voice call with its device choice");
    const results = await new AxeBuilder({ page }).include('section[aria-labelledby="call-widget-heading"]').withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(" | ")}`)).toEqual([]);
    await widget.endButton.click();
  });
});
