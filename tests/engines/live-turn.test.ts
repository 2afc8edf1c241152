/**
 * The visitor's words as they speak, in Firefox ESR and WebKitGTK: the production build with its
 * calls answered by the double of ElevenLabs' service (testkit/fakes/elevenlabs-service), which
 * sends tentative_user_transcript as the service does. The fake microphone is silent (the
 * recorders disable its track), so the test has the double send the words of a turn.
 */
import assert from "node:assert/strict";
import { it } from "node:test";
import type { Tab } from "@mockingbird/testkit/browser/engines";
import { forEachEngine } from "@mockingbird/testkit/browser/engine-suite";
import { startSiteOnDouble } from "@mockingbird/testkit/browser/engine-site";
import { isConnected, isIdle, text, waitFor, waitForView, xpaths } from "@mockingbird/testkit/browser/widget";

const greeting = "Hi there, it's Dave from the service desk.";

const startSite = () => startSiteOnDouble({ greeting, msPerChar: 30, answer: () => [{ say: "It's Dave, extension four four one zero." }] });

/** The tentative caption as the page shows it, and whether assistive technology is kept from it. */
const tentativeCaption = (tab: Tab) =>
  tab.run<{ words: string; hidden: string | null }>(`
    const element = document.querySelector('[data-testid="call-caption-tentative"]');
    return { words: element ? element.textContent.replace(/\\s+/g, " ").trim() : "", hidden: element ? element.getAttribute("aria-hidden") : null };
  `);

forEachEngine(startSite, (run) => {
  const { tab } = run;
  it("the visitor's words grow in the captions as the service hears them, hidden from assistive technology, and the turn's transcript takes their place", async () => {
    await run.openHome();
    await tab.click(xpaths.start);
    await waitForView(tab, isConnected, "the voice call to connect");
    await waitForView(tab, (v) => v.agentLines.length > 0, "the greeting to play out");
    const session = run.site.double.sessions.at(-1)!;
    const say = (words: string) => session.send({ type: "tentative_user_transcript", tentative_user_transcription_event: { user_transcript: words, event_id: 2 } });

    say("who is");
    const first = await waitFor(() => tentativeCaption(tab), (caption) => caption.words.endsWith("who is"), "the first words");
    assert.deepEqual(first, { words: `${text.live.captions.visitor}: who is`, hidden: "true" });
    say("who is this calling");
    await waitFor(() => tentativeCaption(tab), (caption) => caption.words.endsWith("who is this calling"), "the words to grow");

    session.send({ type: "user_transcript", user_transcription_event: { user_transcript: "who is this calling please", event_id: 2 } });
    const heard = await waitForView(tab, (v) => v.visitorLines.length === 1, "the turn's transcript in the log");
    assert.deepEqual(heard.visitorLines, [`${text.live.captions.visitor}: who is this calling please`]);
    assert.deepEqual(await tentativeCaption(tab), { words: "", hidden: null });

    await tab.click(xpaths.end);
    await waitForView(tab, isIdle, "End Call");
  });
});
