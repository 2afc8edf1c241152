/**
 * A call that carries on, in Firefox ESR and WebKitGTK against the production build and the local
 * agent: a dropped call started again with Call again, and Type instead in a voice call (the
 * Chromium specs: tests/e2e/call-widget-continuity.spec.ts). Run with `npm test -- engines`
 * (ENGINES=firefox or ENGINES=webkit runs one).
 */
import assert from "node:assert/strict";
import { it } from "node:test";
import { startSite } from "@mockingbird/testkit/browser/engine-site";
import { forEachEngine } from "@mockingbird/testkit/browser/engine-suite";
import { openingLine } from "@mockingbird/agent/testkit/opening-line";
import { callSocketHooks, isConnected, isIdle, text, waitForView, xpaths } from "@mockingbird/testkit/browser/widget";

const hasButton = (label: string) => (v: { buttons: { label: string }[] }) => v.buttons.some((b) => b.label === label);

forEachEngine(startSite, (run) => {
  const { tab } = run;
  /** Home with the recorders in place and every call socket the page opens kept, so a test can cut one. */
  const openHome = async () => {
    await run.openHome();
    await tab.run(callSocketHooks);
  };

  it("a call whose socket drops mid-call offers Call again, which starts it again in one press", async () => {
    await openHome();
    await tab.click(xpaths.typed);
    await waitForView(tab, (v) => isConnected(v) && v.agentLines.length > 0, "the typed call's greeting");

    // The connection breaks under the call: an abnormal close, as a dropped network or a failing server ends it.
    await tab.run(`window.__callSockets.at(-1).close(4000, "");`);

    const dropped = await waitForView(tab, (v) => isIdle(v) && hasButton(text.buttons.callAgain)(v), "Call again");
    assert.equal(dropped.alert, text.errors.serverClosed);
    assert.equal(dropped.status, `${text.status.dropped} ${text.status.debriefReady}`);
    await tab.click(xpaths.callAgain);
    const again = await waitForView(tab, (v) => isConnected(v) && v.agentLines.length > 0, "the call started again");
    assert.equal(again.agentLines[0], `${text.live.captions.agent}: ${openingLine}`);
    assert.equal(again.alert, "");
    assert.equal(again.media.calls, 0, "a typed call started again still never asks for the microphone");
    assert.ok(!hasButton(text.buttons.callAgain)(again), "Call again is gone once the call is back");
    await tab.click(xpaths.end);
    await waitForView(tab, isIdle, "the call to end");
  });

  it("Type instead in a voice call hides the microphone's controls, moves to the typed reply and is answered; Talk instead brings them back", async () => {
    await openHome();
    await tab.click(xpaths.start);
    // The recorders' silent microphone lets the greeting play out; it is logged whole once it has.
    await waitForView(tab, (v) => isConnected(v) && hasButton(text.live.buttons.mute)(v) && v.agentLines.length > 0, "the voice call's greeting");

    await tab.click(xpaths.typeInstead);

    const typing = await waitForView(tab, hasButton(text.live.inputSwitch.talkInstead), "Talk instead");
    assert.ok(!hasButton(text.live.buttons.mute)(typing), "the mute button is hidden");
    assert.equal(typing.meter, null, "the level meter is hidden");
    assert.equal(await tab.run<string>(`return document.activeElement?.id ?? "";`), "call-typed-reply");
    const lines = typing.agentLines.length;
    await tab.type(xpaths.replyBox, "who is calling please");
    await tab.click(xpaths.send);
    await waitForView(tab, (v) => v.visitorLines.includes(`${text.live.captions.visitor}: who is calling please`) && v.agentLines.length > lines, "the caller's answer", 30_000);

    await tab.click(xpaths.talkInstead);
    await waitForView(tab, (v) => hasButton(text.live.buttons.mute)(v) && v.meter !== null, "the microphone's controls back");
    await tab.click(xpaths.end);
    await waitForView(tab, (v) => isIdle(v) && v.media.live === 0, "End Call to release the microphone");
  });
});
