/**
 * The browser path of `npm run bench -- rooms`: each answer is one call placed as a visitor places
 * it, through Chromium (Debian's, headless) whose fake microphone plays a WAV of the answer
 * (`--use-file-for-fake-audio-capture`), the browser's own audio processing (the SDK asks for
 * echo cancellation, noise suppression and gain control), the site's widget on the production
 * build (`next start`), the SDK, and the local agent. The file is read anew each time capture
 * starts, so one browser serves every call: the WAV is rewritten before each.
 *
 * Per call: what the visitor's caption showed, whether the caller's reply reacted to what the
 * answer meant, false compliance, turns heard before the answer, and the reply latency (end of
 * the answer's speech, in the page's clock from when capture started, to the first audio frame
 * of the reply on the page's websocket).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import puppeteer, { type Page } from "puppeteer-core";
import { callLiveText } from "@/content/call/live";
import type { Intent } from "../../src/caller/intents";
import type { Playbook } from "../../src/caller/playbook-schema";
import { loadPlaybooks } from "../../src/caller/playbooks";
import { concatPcm, durationMs, samplesForMs, whiteNoise } from "../../src/speech/audio";
import { OFF_TOPIC, type EvaluationUtterance } from "../../eval/evaluation-set";
import { encodeWav, lastSpeechSample } from "../../testkit/speech-audio";
import { freePort } from "@mockingbird/testkit/ports";
import { projectRoot, startLocalAgent } from "@mockingbird/testkit/servers/agent-process";
import { comparable, reactionLines } from "./visitor-call";
import { evaluationVoices, speakAs } from "./voices";

export type BrowserResult = {
  utterance: EvaluationUtterance;
  /** The visitor's caption of the answer, as the widget showed it; null when none appeared. */
  caption: string | null;
  understood: boolean;
  falseCompliance: boolean;
  /** Visitor turns the agent heard before the answer began. */
  spurious: number;
  latencyMs: number | null;
  /** What the page saw, for reading the development split's mistakes. */
  detail: string;
};

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** After the Start Call click: connecting, then the greeting (5-7 s in the agent's voice), then a pause. */
const leadMs = 10_000;
const tailMs = 3_000;
const apiKey = "bench-rooms-browser-key";

type Site = { origin: string; stop(): Promise<void> };

/** All the bench's calls come from one loopback visitor: the signed-URL limits of the test servers (scripts/lib/test-limits.ts). */
const benchLimits = {
  SIGNED_URL_LIMIT_PER_MINUTE: "10000",
  SIGNED_URL_LIMIT_PER_DAY: "100000",
  SIGNED_URL_LIMIT_PER_NETWORK_PER_DAY: "100000",
  SIGNED_URL_DAILY_CAP: "100000",
};

/** The production build and the agent, each on a free loopback port. */
async function startSite(): Promise<Site> {
  if (!existsSync(path.join(projectRoot, ".next", "BUILD_ID"))) throw new Error("the browser path needs the production build: run `npm run build` first");
  const agent = await startLocalAgent({ env: { LOCAL_AGENT_API_KEY: apiKey, AGENT_MAX_CONCURRENT_CALLS: "5" }, readyTimeoutMs: 300_000 });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const next = spawn(process.execPath, [path.join(projectRoot, "node_modules/next/dist/bin/next"), "start", "--hostname", "127.0.0.1", "--port", String(port)], {
    cwd: projectRoot,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", LOCAL_AGENT_URL: agent.origin, LOCAL_AGENT_API_KEY: apiKey, ...benchLimits },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    next.kill("SIGTERM");
    await agent.stop();
  };
  for (const deadline = Date.now() + 60_000; ; ) {
    try {
      if ((await fetch(`${origin}/`)).ok) return { origin, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || next.exitCode !== null) {
      await stop();
      throw new Error(`the site did not start on ${origin}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

type PageRecord = { captureStarts: number[]; frames: { at: number; type: string; eventId: number | null; text: string | null }[] };

/** Records, before any page script runs, when capture starts and every frame the agent sends. */
async function instrument(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(() => {
    const record: PageRecord = { captureStarts: [], frames: [] };
    (window as unknown as { __rooms: PageRecord }).__rooms = record;
    const getUserMedia = MediaDevices.prototype.getUserMedia;
    MediaDevices.prototype.getUserMedia = async function (this: MediaDevices, constraints?: MediaStreamConstraints) {
      const stream = await getUserMedia.call(this, constraints);
      record.captureStarts.push(performance.now());
      return stream;
    };
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        this.addEventListener("message", (event: MessageEvent) => {
          try {
            const frame = JSON.parse(String(event.data)) as Record<string, Record<string, unknown> | string>;
            const type = String(frame.type);
            const body = (frame.audio_event ?? frame.agent_response_event ?? frame.user_transcription_event ?? {}) as Record<string, unknown>;
            const text = (body.agent_response ?? body.user_transcript ?? null) as string | null;
            record.frames.push({ at: performance.now(), type, eventId: typeof body.event_id === "number" ? body.event_id : null, text: type === "audio" ? null : text });
          } catch {
            // not JSON: nothing to record
          }
        });
      }
    } as typeof WebSocket;
  });
}

const startButton = `::-p-xpath(//section[@aria-labelledby="call-widget-heading"]//button[normalize-space(.)="Start Call"])`;

export async function runBrowserCalls(utterances: readonly EvaluationUtterance[]): Promise<BrowserResult[]> {
  const dir = mkdtempSync(path.join(tmpdir(), "rooms-browser-"));
  const wav = path.join(dir, "microphone.wav");
  writeFileSync(wav, encodeWav(new Int16Array(samplesForMs(1000))));
  const site = await startSite();
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-dev-shm-usage",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-audio-capture=${wav}%noloop`,
      "--autoplay-policy=no-user-gesture-required",
    ],
  });
  const playbooks = loadPlaybooks();
  const results: BrowserResult[] = [];
  try {
    for (const [index, utterance] of utterances.entries()) {
      const speech = await speakAs(evaluationVoices[index % evaluationVoices.length]!, utterance.text);
      const floor = whiteNoise(samplesForMs(leadMs) + speech.length + samplesForMs(tailMs), -60, 0x5eed + index);
      const microphone = concatPcm([new Int16Array(samplesForMs(leadMs)), speech, new Int16Array(samplesForMs(tailMs))]).map((sample, i) => Math.max(-32768, Math.min(32767, sample + (floor[i] as number))));
      writeFileSync(wav, encodeWav(microphone));
      const speechEndMs = leadMs + durationMs(speech.subarray(0, Math.max(0, lastSpeechSample(speech)) + 1));
      const page = await browser.newPage();
      try {
        await instrument(page);
        await page.goto(`${site.origin}/`, { waitUntil: "load" });
        // The widget's scenario picker: the answer goes to the caller it was written for.
        await (await page.waitForSelector(`input[name="scenario"][value="${utterance.scenario}"]`, { timeout: 20_000 }))!.click();
        await (await page.waitForSelector(startButton, { visible: true, timeout: 20_000 }))!.click();
        const record = await waitForReply(page, leadMs + durationMs(speech) + 10_000);
        results.push(score(utterance, record, speechEndMs, playbooks.get(utterance.scenario)!, await visitorCaptions(page)));
      } catch (error) {
        console.log(`  browser call ${index + 1} failed: ${(error as Error).message}`);
        results.push({ utterance, caption: null, understood: false, falseCompliance: false, spurious: 0, latencyMs: null, detail: (error as Error).message });
      } finally {
        await page.close().catch(() => undefined);
      }
      if ((index + 1) % 10 === 0) console.log(`  browser: ${index + 1}/${utterances.length} calls`);
    }
  } finally {
    await browser.close();
    await site.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

/** Waits until the agent has answered a visitor turn that came after the greeting (or the time is up). */
async function waitForReply(page: Page, timeoutMs: number): Promise<PageRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const record = await page.evaluate(() => (window as unknown as { __rooms: PageRecord }).__rooms);
    const start = record.captureStarts.at(-1);
    const transcripts = record.frames.filter((frame) => frame.type === "user_transcript" && start !== undefined && frame.at - start > leadMs - 500);
    const replied = transcripts.length > 0 && record.frames.some((frame) => frame.type === "audio" && frame.at > (transcripts.at(-1)?.at ?? Infinity));
    if (replied || Date.now() > deadline) {
      // A little longer, in case the answer was heard as two turns.
      if (replied) await new Promise((resolve) => setTimeout(resolve, 1500));
      return page.evaluate(() => (window as unknown as { __rooms: PageRecord }).__rooms);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function visitorCaptions(page: Page): Promise<string[]> {
  const prefix = `${callLiveText.captions.visitor}: `;
  return (await page.$$eval('li[data-speaker="visitor"]', (items) => items.map((item) => (item.textContent ?? "").replace(/\s+/g, " ").trim()))).map((caption) =>
    caption.startsWith(prefix) ? caption.slice(prefix.length) : caption,
  );
}

function score(utterance: EvaluationUtterance, record: PageRecord, speechEndMs: number, playbook: Playbook, captions: string[]): BrowserResult {
  const start = record.captureStarts.at(-1) ?? 0;
  const answerAt = start + leadMs;
  const transcripts = record.frames.filter((frame) => frame.type === "user_transcript");
  const answerTurns = transcripts.filter((frame) => frame.at > answerAt);
  const lastTurn = answerTurns.at(-1);
  const responses = record.frames.filter((frame) => frame.type === "agent_response");
  const reply = lastTurn ? responses.find((frame) => frame.at >= lastTurn.at) : undefined;
  const before = lastTurn ? [...responses].reverse().find((frame) => frame.at < (answerTurns[0]?.at ?? 0)) : undefined;
  const lines = reactionLines(playbook);
  const intent = utterance.intent as Intent;
  const understood =
    reply?.text != null &&
    (intent === "ask_repeat" ? comparable(reply.text) === comparable(before?.text ?? "") : utterance.intent !== OFF_TOPIC && (lines.get(intent as never)?.has(comparable(reply.text)) ?? false));
  const compliedLines = lines.get("comply") ?? new Set<string>();
  const falseCompliance = utterance.intent !== "comply" && responses.some((frame) => frame.at > answerAt && frame.text != null && compliedLines.has(comparable(frame.text)));
  const firstAudio = lastTurn ? record.frames.find((frame) => frame.type === "audio" && frame.at > lastTurn.at) : undefined;
  return {
    utterance,
    caption: lastTurn ? (captions.at(-1) ?? lastTurn.text) : null,
    understood,
    falseCompliance,
    spurious: transcripts.length - answerTurns.length,
    latencyMs: firstAudio ? firstAudio.at - (start + speechEndMs) : null,
    detail: `capture starts ${record.captureStarts.map((at) => Math.round(at - start)).join(",")}; ${record.frames
      .filter((frame) => frame.type !== "audio" && frame.type !== "ping")
      .map((frame) => `${Math.round(frame.at - start)} ${frame.type} ${frame.text ?? ""}`)
      .join(" | ")}`,
  };
}
