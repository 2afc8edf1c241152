/**
 * Every way a demo call ends, as a visitor sees it: "Call ended" with the reason, and a debrief,
 * the caller's own where it sent one. Declared once and run against each caller (the local agent:
 * call-endings-local-agent.test.ts; the double of ElevenLabs' service: call-endings-service.test.ts),
 * in Chromium, Firefox ESR and WebKitGTK.
 */
import assert from "node:assert/strict";
import { it } from "node:test";
import type { EngineRun } from "@mockingbird/testkit/browser/engine-suite";
import { callSocketHooks, isConnected, isIdle, text, view, waitForView, xpaths, type WidgetView } from "@mockingbird/testkit/browser/widget";
import type { CallEnding } from "@/lib/call/call-machine";

/** What a caller does for the endings it controls; each test waits for its own ending. */
export type EndingCaller = {
  /** Makes the next call end at its time limit, and whether the caller's own debrief comes with it. */
  timeLimit(): Promise<{ callerDebrief: boolean; replyEveryMs?: number }>;
  /** Makes the next call end after the visitor's silence, and whether the caller's own debrief comes with it. */
  silence(): Promise<{ callerDebrief: boolean }>;
  /** Makes the next call's caller say goodbye and hang up when the visitor does; the page drops its debrief tool call, as when a model skips the tool. */
  hangUpOnGoodbye(): Promise<void>;
};

const endingLine = (ending: CallEnding) => `${text.live.debrief.ended}. ${text.live.debrief.endings[ending]}`;

export function callEndingTests<S extends { origin: string; stop(): unknown }>(run: EngineRun<S>, caller: () => EndingCaller): void {
  const { tab } = run;

  async function startTypedCall(): Promise<void> {
    await run.openHome();
    await tab.run(callSocketHooks);
    await tab.click(xpaths.typed);
    await waitForView(tab, (v) => isConnected(v) && v.agentLines.length > 0, "the typed call's greeting");
  }

  async function reply(words: string): Promise<void> {
    await tab.type(xpaths.replyBox, words);
    await tab.click(xpaths.send);
  }

  const ended = (ending: CallEnding, what: string, timeoutMs?: number) =>
    waitForView(tab, (v) => isIdle(v) && v.ending === endingLine(ending) && v.debrief !== null, what, timeoutMs);

  const assertDebrief = (view: WidgetView, source: "caller" | "widget") => {
    assert.equal(view.debrief?.source, source, `the ${source === "caller" ? "caller's own" : "widget's"} debrief is shown`);
    assert.match(view.debrief?.heading ?? "", new RegExp(`^${text.live.debrief.heading}: `));
    assert.match(view.status, new RegExp(text.status.debriefReady.replace(".", "\\.")));
  };

  it("End Call ends the call as the visitor's hang-up, with the widget's debrief", async () => {
    await startTypedCall();
    await tab.click(xpaths.end);
    const view = await ended("visitor", "the end after End Call");
    assertDebrief(view, "widget");
    assert.equal(view.alert, "");
  });

  it("the time limit ends the call, says so and shows a debrief", async () => {
    const { callerDebrief, replyEveryMs } = await caller().timeLimit();
    await startTypedCall();
    // A visitor who keeps talking, so the silence timeout does not come first.
    for (const deadline = Date.now() + 30_000; replyEveryMs !== undefined && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, replyEveryMs));
      if (!isConnected(await view(tab))) break;
      await reply("sorry what was that").catch(() => {});
    }
    const shown = await ended("time-limit", "the time limit", 30_000);
    assertDebrief(shown, callerDebrief ? "caller" : "widget");
    assert.equal(shown.alert, text.errors.timeLimit);
  });

  it("the silence timeout ends a voice call, says so and shows a debrief", async () => {
    const { callerDebrief } = await caller().silence();
    // A silent visitor: the recorders' fake microphone sends silence (testkit/browser/widget.ts).
    await run.openHome();
    await tab.run(callSocketHooks);
    await tab.click(xpaths.start);
    await waitForView(tab, (v) => isConnected(v), "the voice call to connect");
    const view = await ended("silence", "the silence timeout", 60_000);
    assertDebrief(view, callerDebrief ? "caller" : "widget");
  });

  it("a dropped connection ends the call as dropped, with the widget's debrief and Call again", async () => {
    await startTypedCall();
    await tab.run(`window.__callSockets.at(-1).close(4000, "");`);
    const view = await ended("dropped", "the drop");
    assertDebrief(view, "widget");
    assert.ok(view.buttons.some((button) => button.label === text.buttons.callAgain), "Call again is offered");
  });

  it("a caller that hangs up without its debrief tool still leaves the visitor a debrief", async () => {
    await caller().hangUpOnGoodbye();
    await startTypedCall();
    await tab.run(`window.__dropDebrief = true;`);
    await reply("no thanks goodbye");
    const view = await ended("caller", "the caller's hang-up", 20_000);
    assertDebrief(view, "widget");
    assert.equal(view.alert, "");
  });
}
