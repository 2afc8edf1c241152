import { expect } from "@playwright/test";
import { routeServiceDouble } from "@mockingbird/testkit/browser/service-double-route";
import { agentSocketPattern, openCallWidget, startVoiceCall, text, voiceTest as test } from "./support/call-widget";

/**
 * Captions that follow the caller's voice, against the voice protocol as ElevenLabs speaks it:
 * every audio chunk carries `audio_event.alignment` (docs/protocol.md §3.2). The test plays the
 * server on the call's socket (the double of the service, testkit/fakes/elevenlabs-service), so the
 * timing of each word is known: the caller's line must appear word by word as its audio plays, never before it,
 * and reach the captions log (the screen reader's live region) once, whole, when it has played.
 */

const line = "Hi there, this is the service desk calling about your account.";
const chunkMs = 500;
const bytesPerMs = 32; // pcm_16000: 16,000 samples of 2 bytes a second

/** The line's characters spread evenly over its audio, cut into chunks of `chunkMs` with their own alignment. */
function chunks(): { audio: string; alignment: { chars: string[]; char_start_times_ms: number[]; char_durations_ms: number[] } }[] {
  const totalMs = 3000;
  const perChar = totalMs / line.length;
  const result = [];
  for (let start = 0; start < totalMs; start += chunkMs) {
    const chars = [...line].map((char, index) => ({ char, at: index * perChar })).filter(({ at }) => at >= start && at < start + chunkMs);
    result.push({
      audio: Buffer.alloc(chunkMs * bytesPerMs).toString("base64"),
      alignment: { chars: chars.map(({ char }) => char), char_start_times_ms: chars.map(({ at }) => Math.round(at - start)), char_durations_ms: chars.map(() => Math.round(perChar)) },
    });
  }
  return result;
}

test("with the protocol's alignment, the caller's line appears word by word as its audio plays and is logged once when it has played", async ({ page }) => {
  // The double of the service answers the call; the test sends the line itself, so the timing of each word is known.
  const sessions = await routeServiceDouble(page, agentSocketPattern, { greeting: "", answer: () => [], firstFramesDelayMs: 0 });
  const widget = await openCallWidget(page);
  await startVoiceCall(widget);

  // Record every change of the line being spoken, and of the log, as the page sees them.
  await page.evaluate(() => {
    const seen: { at: number; spoken: string; logged: number }[] = [];
    (window as unknown as { __captions: typeof seen }).__captions = seen;
    const root = document.querySelector('section[aria-labelledby="call-widget-heading"]')!;
    const snapshot = () => {
      const spoken = root.querySelector('[data-testid="call-caption-spoken"]')?.textContent ?? "";
      const logged = root.querySelectorAll('li[data-speaker="agent"]').length;
      const last = seen.at(-1);
      if (!last || last.spoken !== spoken || last.logged !== logged) seen.push({ at: performance.now(), spoken, logged });
    };
    new MutationObserver(snapshot).observe(root, { subtree: true, childList: true, characterData: true });
  });

  const server = sessions[0]!;
  server.send({ type: "agent_response", agent_response_event: { agent_response: line, event_id: 1 } });
  await page.waitForTimeout(400);
  await expect(widget.root.locator('[data-speaker="agent"]'), "nothing of the line before its audio").toHaveCount(0);
  for (const chunk of chunks()) {
    server.send({ type: "audio", audio_event: { audio_base_64: chunk.audio, event_id: 1, alignment: chunk.alignment } });
  }

  await expect(widget.agentLines).toHaveText([`${text.captions.agent}: ${line}`], { timeout: 10_000 });
  const seen = await page.evaluate(() => (window as unknown as { __captions: { at: number; spoken: string; logged: number }[] }).__captions);
  const growing = seen.filter((entry) => entry.spoken !== "" && entry.logged === 0).map((entry) => entry.spoken.replace(`${text.captions.agent}: `, ""));
  expect(growing.length, `the line grew word by word: ${JSON.stringify(growing)}`).toBeGreaterThanOrEqual(6);
  growing.forEach((shown, index) => {
    expect(line.startsWith(shown), `"${shown}" is a beginning of the line`).toBe(true);
    if (index > 0) expect(shown.length).toBeGreaterThan(growing[index - 1]!.length);
  });
  const firstWordAt = seen.find((entry) => entry.spoken !== "")!.at;
  const wholeAt = seen.find((entry) => entry.spoken.endsWith(line))?.at ?? seen.find((entry) => entry.logged === 1)!.at;
  expect(wholeAt - firstWordAt, "the whole line took about as long as its audio to appear").toBeGreaterThan(2000);
  // Logged once: exactly one addition to the live region, and the line being spoken is hidden from assistive technology.
  expect(seen.filter((entry, index) => index > 0 && entry.logged > seen[index - 1]!.logged)).toHaveLength(1);
  await expect(widget.root.locator('[data-testid="call-caption-spoken"]')).toHaveCount(0);
  await widget.endButton.click();
});
