/**
 * Choosing the microphone and the speaker in Firefox ESR and WebKitGTK, against the production
 * build and the local voice agent (Chromium: tests/e2e/call-widget-devices.spec.ts). The
 * microphone list works in both; the speaker list exists only where the engine can send a
 * page's sound to a chosen device (setSinkId: Firefox), and WebKit says why it has none.
 * Run alone with `npx tsx --test tests/engines/call-devices.test.ts` (ENGINES=firefox or webkit for one).
 */
import assert from "node:assert/strict";
import { it } from "node:test";
import type { EngineName, Tab } from "@mockingbird/testkit/browser/engines";
import { startSite } from "@mockingbird/testkit/browser/engine-site";
import { forEachEngine } from "@mockingbird/testkit/browser/engine-suite";
import { isConnected, isIdle, waitFor, waitForView, xpaths } from "@mockingbird/testkit/browser/widget";
import { callDeviceText as deviceText } from "../../content/call/devices";

/** Whether each engine routes a page's sound to a chosen device (HTMLMediaElement.setSinkId). */
const routesOutput: Record<EngineName, boolean> = { chromium: true, firefox: true, webkit: false };

type Select = { label: string; value: string; options: { value: string; text: string }[] };
type Devices = { microphone: Select | null; speaker: Select | null; speakerFixed: string; asked: string[]; sinkId: string | null };

/** The device choice as the visitor sees it, the microphones getUserMedia was asked for ("" for the default) and where the caller plays. */
const readDevices = (tab: Tab) =>
  tab.run<Devices>(`
    const root = document.querySelector('section[aria-labelledby="call-widget-heading"]');
    const select = (name) => {
      const label = [...root.querySelectorAll("label")].find((l) => l.textContent.trim() === name);
      const element = label && document.getElementById(label.htmlFor);
      return element ? { label: name, value: element.value, options: [...element.options].map((o) => ({ value: o.value, text: o.textContent })) } : null;
    };
    return {
      microphone: select(${JSON.stringify(deviceText.labels.microphone)}),
      speaker: select(${JSON.stringify(deviceText.labels.speaker)}),
      speakerFixed: (root.querySelector('[data-testid="call-speaker-fixed"]')?.textContent ?? "").trim(),
      asked: window.__askedMicrophones ?? [],
      sinkId: document.querySelector("body > audio")?.sinkId ?? null,
    };`);

/** Chooses `value` in the list labelled `name`, as a visitor picking an option does (a change event). */
const choose = (tab: Tab, name: string, value: string) =>
  tab.run(
    `
    const root = document.querySelector('section[aria-labelledby="call-widget-heading"]');
    const label = [...root.querySelectorAll("label")].find((l) => l.textContent.trim() === args[0]);
    const element = document.getElementById(label.htmlFor);
    element.value = args[1];
    element.dispatchEvent(new Event("change", { bubbles: true }));`,
    name,
    value,
  );


forEachEngine(startSite, ({ engine, tab, openHome }) => {
  it(`a voice call offers its microphones, the default first, and moves to the one chosen; the speaker list is ${routesOutput[engine] ? "there and routes the caller" : "absent, with the reason"}`, async () => {
    await openHome();
    await tab.run(`
      window.__askedMicrophones = [];
      const original = MediaDevices.prototype.getUserMedia;
      MediaDevices.prototype.getUserMedia = function (constraints) {
        const wanted = constraints && typeof constraints.audio === "object" ? constraints.audio.deviceId : undefined;
        window.__askedMicrophones.push(wanted && typeof wanted.exact === "string" ? wanted.exact : "");
        return original.call(this, constraints);
      };`);
    await tab.click(xpaths.start);
    await waitForView(tab, isConnected, "the voice call to connect");

    const shown = await waitFor(() => readDevices(tab), (d) => (d.microphone?.options.length ?? 0) > 1, "the microphone list");
    assert.deepEqual(shown.microphone!.options[0], { value: "", text: deviceText.defaults.microphone });
    assert.equal(shown.microphone!.value, "");
    const chosen = shown.microphone!.options.at(-1)!.value;
    await choose(tab, deviceText.labels.microphone, chosen);
    await waitFor(() => readDevices(tab), (d) => d.asked.at(-1) === chosen && d.microphone?.value === chosen, "the SDK to open the chosen microphone");

    if (routesOutput[engine]) {
      assert.equal(shown.speakerFixed, "");
      const speakers = shown.speaker?.options ?? [];
      assert.deepEqual(speakers[0], { value: "", text: deviceText.defaults.speaker });
      assert.ok(speakers.length > 1, `the speakers the engine lists: ${JSON.stringify(speakers)}`);
      await choose(tab, deviceText.labels.speaker, speakers.at(-1)!.value);
      await waitFor(() => readDevices(tab), (d) => d.sinkId === speakers.at(-1)!.value, "the caller to play through the chosen speaker");
    } else {
      assert.equal(shown.speaker, null, "no speaker list");
      assert.equal(shown.speakerFixed, `${deviceText.labels.speaker}${deviceText.speakerFixed}`);
    }

    const still = await waitForView(tab, isConnected, "the call to stay connected");
    assert.equal(still.alert, "");
    await tab.click(xpaths.end);
    await waitForView(tab, (v) => isIdle(v) && v.media.live === 0, "End Call to release every microphone track");
  });
});
