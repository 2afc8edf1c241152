/**
 * The site and the demo call in Firefox ESR and WebKitGTK (Safari's engine), against the
 * production build and the local voice agent: the same behaviours the Chromium suite checks,
 * in the engines where the call used to break. Run with `npm test -- engines`
 * (ENGINES=firefox or ENGINES=webkit runs one).
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { routes } from "../e2e/routes";
import { launch, type EngineBrowser, type EngineName, type Tab } from "@mockingbird/testkit/browser/engines";
import { startSite } from "@mockingbird/testkit/browser/engine-site";
import { forEachEngine } from "@mockingbird/testkit/browser/engine-suite";
import { callMarks } from "../../lib/call/call-marks";
import { openingLine } from "@mockingbird/agent/testkit/opening-line";
import { installRecorders, isConnected, isIdle, text, view, waitForView, xpaths } from "@mockingbird/testkit/browser/widget";

/** What each engine's microphone help must name: the browser the visitor is in. */
const browserNames: Record<EngineName, string> = { chromium: "Chrome", firefox: "Firefox", webkit: "GNOME Web" };
const clearFault = `document.cookie = "fault=; max-age=0; path=/"`;

forEachEngine(startSite, (run) => {
  const { engine, tab } = run;
  const open = async (path: string, width = 1280, height = 900) => {
    await tab.setViewport(width, height);
    await tab.goto(`${run.site.origin}${path}`);
  };
  /** Home at desktop width, with the recorders in place and no fault left over. */
  const openHome = async () => {
    await run.openHome();
    await tab.run(clearFault);
  };

  it("every page shows its heading and title at 1280 and at 390 px, without scrolling sideways", async () => {
    for (const width of [1280, 390]) {
      for (const route of routes) {
        await open(route.path, width, 844);
        const page = await tab.run<{ h1: string; title: string; overflow: number }>(
          `return { h1: document.querySelector("h1")?.textContent.trim() ?? "", title: document.title, overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth };`,
        );
        assert.equal(page.h1, route.heading, `${route.path} at ${width} px`);
        assert.match(page.title, typeof route.title === "string" ? new RegExp(`^${route.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) : route.title);
        assert.ok(page.overflow <= 0, `${route.path} at ${width} px scrolls sideways by ${page.overflow} px`);
      }
    }
  });

  it("on a 390 px phone the first screen of Home offers the call, and following it brings Start Call into view", async () => {
    await open("/", 390, 844);
    const link = await tab.run<{ label: string; bottom: number; viewport: number }>(
      `const a = document.querySelector('a[href="#try-a-call"]'); const r = a.getBoundingClientRect(); return { label: a.textContent.trim(), bottom: r.bottom, viewport: innerHeight };`,
    );
    assert.match(link.label, /Try a vishing call/);
    assert.ok(link.bottom <= link.viewport, `the link ends at ${link.bottom} px, below the ${link.viewport} px screen`);
    await tab.click(`//a[@href="#try-a-call"]`);
    const start = await tab.run<{ top: number; viewport: number }>(
      `await new Promise((r) => setTimeout(r, 300)); const b = [...document.querySelectorAll("button")].find((x) => x.textContent.trim() === ${JSON.stringify(text.buttons.start)}); const r = b.getBoundingClientRect(); return { top: r.top, viewport: innerHeight };`,
    );
    assert.ok(start.top >= 0 && start.top < start.viewport, `Start Call is ${start.top} px from the top of a ${start.viewport} px screen`);
  });

  it("a typed call connects, shows the caller's greeting whole and answers a typed reply", async () => {
    await openHome();
    await tab.click(xpaths.typed);
    await waitForView(tab, isConnected, "the typed call to connect");
    const greeted = await waitForView(tab, (v) => v.agentLines.length > 0, "the caller's greeting");
    assert.equal(greeted.agentLines[0], `${text.live.captions.agent}: ${openingLine}`);
    assert.equal(greeted.media.calls, 0, "a typed call never asks for the microphone");

    await tab.type(xpaths.replyBox, "Who is calling please");
    await tab.click(xpaths.send);
    const answered = await waitForView(tab, (v) => v.agentLines.length >= 2, "the caller's answer");
    assert.deepEqual(answered.visitorLines, [`${text.live.captions.visitor}: Who is calling please`]);

    await tab.click(xpaths.end);
    const ended = await waitForView(tab, isIdle, "the widget to return to Start Call");
    assert.equal(ended.alert, "");
    assert.equal(ended.status, `${text.status.ended}. ${text.status.debriefReady}`);
  });

  it("a voice call with a fake microphone connects, plays the caller through the self-hosted worklets with no third party, captions the greeting, and End Call releases the microphone without an error", async () => {
    await openHome();
    await tab.click(xpaths.start);
    await waitForView(tab, isConnected, "the voice call to connect");
    // A silent visitor lets the greeting play out; it is logged whole once it has, after its first audio.
    const greeted = await waitForView(tab, (v) => v.agentLines.length > 0, "the caller's greeting to play out");
    assert.equal(greeted.agentLines[0], `${text.live.captions.agent}: ${openingLine}`);
    assert.ok(greeted.marks[callMarks.firstAudio] !== undefined, "the caller's audio was scheduled");
    const playing = await waitForView(tab, (v) => v.audioPlaying, "the caller's audio element to play", 10_000);
    assert.deepEqual(playing.violations, [], "no CSP violation");
    assert.deepEqual(playing.foreignRequests, [], "no request to another origin");
    assert.ok(playing.media.live > 0, "the microphone is open during the call");

    await tab.click(xpaths.end);
    const ended = await waitForView(tab, (v) => isIdle(v) && v.media.live === 0, "End Call to release every microphone track");
    assert.equal(ended.alert, "");
    // The SDK and the widget both close the caller's audio context; a second close() once rejected unhandled.
    await tab.run(`await new Promise((resolve) => setTimeout(resolve, 1000));`);
    assert.deepEqual((await view(tab)).pageErrors, []);
  });

  it("every state of the widget fits 320 px without scrolling sideways: idle, connecting, a typed call, the debrief, an error, a voice call", async () => {
    await open("/", 320, 640);
    await tab.run(clearFault);
    await installRecorders(tab);
    const fits = async (state: string) => {
      const fit = await tab.run<{ overflow: number; outside: string[] }>(`
        const width = document.documentElement.clientWidth;
        const outside = [...document.querySelectorAll('section[aria-labelledby="call-widget-heading"] *')]
          .filter((element) => element.getBoundingClientRect().right > width + 0.5)
          .map((element) => element.tagName.toLowerCase() + " " + JSON.stringify((element.textContent || "").trim().slice(0, 30)));
        return { overflow: document.documentElement.scrollWidth - width, outside: outside.slice(0, 5) };`);
      assert.deepEqual(fit, { overflow: 0, outside: [] }, `${state} at 320 px`);
    };
    await fits("idle");
    // The signed URL takes a moment here, as on a slow network, so the connecting state can be seen.
    await tab.run(`
      const original = window.fetch;
      window.fetch = (input, init) => String(input).includes("elevenlabs-auth") ? new Promise((resolve) => setTimeout(resolve, 1500)).then(() => original(input, init)) : original(input, init);`);
    await tab.click(xpaths.typed);
    await waitForView(tab, (v) => v.badges.includes(text.badges.connecting), "the connecting state");
    await fits("connecting");
    await waitForView(tab, (v) => isConnected(v) && v.agentLines.length > 0, "the typed call");
    await fits("a typed call");
    await tab.type(xpaths.replyBox, "the code is four seven two nine one eight");
    await tab.click(xpaths.send);
    await waitForView(tab, (v) => isIdle(v) && v.status.includes(text.status.debriefReady), "the debrief", 30_000);
    await fits("the debrief");
    await tab.run(`document.cookie = "fault=worklets; path=/"`);
    await tab.click(xpaths.start);
    await waitForView(tab, (v) => v.alert === text.errors.audioFailed && isIdle(v), "an error");
    await fits("an error");
    await tab.run(clearFault);
    await tab.click(xpaths.start);
    await waitForView(tab, isConnected, "a voice call");
    await fits("a voice call");
    await tab.click(xpaths.end);
    await waitForView(tab, isIdle, "the call to end");
  });

  it("a worklet that fails to load is reported as an audio failure, not a busy microphone, and releases the microphone", async () => {
    await openHome();
    await tab.run(`document.cookie = "fault=worklets; path=/"`);
    await tab.click(xpaths.start);
    const failed = await waitForView(tab, (v) => v.alert !== "" && isIdle(v), "the call to fail");
    assert.equal(failed.alert, text.errors.audioFailed);
    await waitForView(tab, (v) => v.media.live === 0, "every microphone track to be released");
  });

  it("a retry after a failed call really starts a new call", async () => {
    await openHome();
    await tab.run(`document.cookie = "fault=worklets; path=/"`);
    await tab.click(xpaths.start);
    await waitForView(tab, (v) => v.alert === text.errors.audioFailed && isIdle(v), "the first call to fail");
    await tab.run(clearFault);
    await tab.click(xpaths.start);
    const retried = await waitForView(tab, isConnected, "the retry to connect");
    assert.equal(retried.alert, "");
    await tab.click(xpaths.end);
    await waitForView(tab, isIdle, "the retry to end");
  });

  it(`a microphone the page may not use (Permissions Policy) shows the refusal and ${browserNames[engine]}'s own steps to allow it`, async () => {
    await tab.setViewport(1280, 900);
    await tab.goto(run.site.refusingFrameUrl);
    await tab.enterFirstFrame();
    await installRecorders(tab);
    await expectRefusal(tab, browserNames[engine]);
  });

  describe("on a machine without any audio output", () => {
    let deaf: EngineBrowser;
    let deafTab: Tab;
    before(async () => {
      // No PulseAudio server: the browser finds no sound device at all.
      deaf = await launch(engine, "fake", { PULSE_SERVER: "unix:/nonexistent/native" });
      deafTab = await deaf.newTab();
      await deafTab.setViewport(1280, 900);
    });
    after(async () => {
      await deaf?.close();
    });

    if (engine === "firefox") {
      it("a voice call says the speaker could not be started, offers the typed call, and lets go of the microphone", async () => {
        await deafTab.goto(`${run.site.origin}/`);
        await installRecorders(deafTab);
        await deafTab.click(xpaths.start);
        const failed = await waitForView(deafTab, (v) => v.alert !== "" && isIdle(v), "the call to fail");
        // Not the connect timeout's "Connection failed" (20 s): the widget's own 4 s watch on the speaker.
        assert.equal(failed.alert, text.errors.audioOutputFailed);
        assert.ok(failed.buttons.some((b) => b.label === text.buttons.startTyped && !b.disabled), "Reply by typing instead is offered");
        await waitForView(deafTab, (v) => v.media.live === 0, "every microphone track to be released");
        await deafTab.click(xpaths.typed);
        await waitForView(deafTab, (v) => isConnected(v) && v.agentLines.length > 0, "the typed call instead");
        await deafTab.click(xpaths.end);
      });
    } else {
      it("a voice call still connects and captions the caller: WebKitGTK plays into a silent stand-in for the missing device and does not tell the page", async () => {
        await deafTab.goto(`${run.site.origin}/`);
        await installRecorders(deafTab);
        await deafTab.click(xpaths.start);
        const greeted = await waitForView(deafTab, (v) => isConnected(v) && v.agentLines.length > 0, "the greeting's caption");
        assert.equal(greeted.agentLines[0], `${text.live.captions.agent}: ${openingLine}`);
        assert.equal(greeted.alert, "");
        await deafTab.click(xpaths.end);
        await waitForView(deafTab, (v) => isIdle(v) && v.media.live === 0, "End Call to release the microphone");
      });
    }
  });

  if (engine === "firefox") {
    describe("with the microphone blocked by the visitor", () => {
      let refusing: EngineBrowser;
      let refusedTab: Tab;
      before(async () => {
        refusing = await launch(engine, "refused", run.sink.env);
        refusedTab = await refusing.newTab();
      });
      after(async () => {
        await refusing?.close();
      });

      it("shows the refusal in the catalogue's words and Firefox's own steps to allow it again", async () => {
        await refusedTab.setViewport(1280, 900);
        await refusedTab.goto(`${run.site.origin}/`);
        await installRecorders(refusedTab);
        await expectRefusal(refusedTab, browserNames.firefox);
      });
    });
  }
});

/** Start Call is refused: the catalogue's message, the steps for `browser`, and no microphone left open. */
async function expectRefusal(tab: Tab, browser: string): Promise<void> {
  await tab.click(xpaths.start);
  const refused = await waitForView(tab, (v) => v.alert !== "" && isIdle(v), "the refusal");
  assert.equal(refused.alert, text.errors.microphoneDenied);
  const helped = await waitForView(tab, (v) => v.microphoneHelp !== "", "the microphone help");
  assert.equal(helped.microphoneHelp, `${text.live.microphoneHelp.heading} (${browser})`);
  assert.equal(helped.media.live, 0);
}
