/** @jest-environment node */
/**
 * The numbers the agent's docs state are the code's. Each row names a doc, what it states, the
 * wording with the number (every match of the pattern, whitespace normalised; its group is the
 * number) and the code's value in the doc's unit. A row fails when the doc says another number, or
 * no longer says it that way: then reword the row with the doc, never the value.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DEBRIEF_MAX_TACTICS_PER_LINE, DEBRIEF_NEXT_TIME_ITEMS } from "@mockingbird/contract/debrief";
import { AGENT_TYPED_MESSAGE_MAX_CHARS, DEFAULT_CALL_LIMIT_SECONDS } from "@mockingbird/contract/limits";
import { loadConfig, type AgentConfig } from "../src/config";
import { defaultAbuseLimits } from "../src/server/abuse";
import { defaultAdmission } from "../src/server/capacity";
import { maxFeedbackBytes } from "../src/server/http";
import { networkOf } from "../src/server/peer";
import { maxRememberedNonces, signatureLifetimeMs } from "../src/server/signatures";
import { maxEarlyAudioSeconds } from "../src/server/session/listening";
import { defaultTimings } from "../src/server/timings";
import { SAMPLE_RATE } from "../src/speech/audio";
import { NBEST_SIZE, VOICE_ACTIVITY_WINDOW_MS } from "../src/speech/recognition/recognizer";
import { DEFAULT_DOMAIN_WEIGHT, DEFAULT_NOISE_SUPPRESSION, DEFAULT_PARTIAL_INTERVAL_MS, DEFAULT_TRANSCRIPT_DEADLINE_MS, DEFAULT_VOICE_ACTIVITY } from "../src/speech/recognition/tuning";
import { VAD_FRAME_MS } from "../src/speech/recognition/voice-activity";
import { MAX_WORKERS } from "../src/speech/synthesis";

const root = join(__dirname, "..", "..");
const read = (doc: string) => readFileSync(join(root, doc), "utf8").replace(/\s+/g, " ");
const KiB = 1024;
const MiB = 1024 * 1024;
const defaults = loadConfig({});
const timings = defaultTimings;
const voice = DEFAULT_VOICE_ACTIVITY;
const words: Record<string, number> = { twice: 2, three: 3 };
const numberIn = (text: string) => words[text] ?? Number(text.replace(/,/g, ""));

type Row = readonly [doc: string, what: string, wording: RegExp, value: number];

const rows: readonly Row[] = [
  ["agent/README.md", "the port", /(?:ws:\/\/127\.0\.0\.1|localhost):(\d+)/g, defaults.server.port],
  ["agent/README.md", "a signature's lifetime", /(?:older than|one agent,) (\d+) minutes/g, signatureLifetimeMs / 60_000],
  ["agent/README.md", "the sockets waiting per network", /over (\d+) sockets waiting for their init from the client's network/g, timings.waitingSocketsPerNetwork],
  ["agent/README.md", "an IPv4 network", /its \/(\d+), or \/\d+ for IPv6/g, Number(networkOf("203.0.113.9").split("/")[1])],
  ["agent/README.md", "an IPv6 network", /its \/\d+, or \/(\d+) for IPv6/g, Number(networkOf("2001:db8::1").split("/")[1])],
  ["agent/README.md", "the sockets waiting in all", /over (\d+) sockets waiting for their init in all/g, timings.waitingSockets],
  ["agent/README.md", "the wait for the init", /(?:client_data` within|is closed after) (\d+) s/g, timings.handshakeTimeoutMs / 1000],
  ["agent/README.md", "the wait for a close's answer", /does not answer the close within (\d+) s/g, timings.closeAnswerMs / 1000],
  ["agent/README.md", "the nonces kept", /at most ([\d,]+); when full/g, maxRememberedNonces],
  ["agent/README.md", "the hold of the first frames", /`firstFramesMaxHoldMs` \((\d+) ms\)/g, timings.firstFramesMaxHoldMs],
  ["agent/README.md", "the ping interval", /every (\d+) s; a pong/g, timings.pingIntervalMs / 1000],
  ["agent/README.md", "the audio's rate", /(\d+) kHz mono s16le/g, SAMPLE_RATE / 1000],
  ["agent/README.md", "an audio chunk", /(\d+) ms chunks of even length/g, timings.audioChunkMs],
  ["agent/README.md", "the audio's lead", /paced up to (\d+) ms ahead/g, timings.audioLeadMs],
  ["agent/README.md", "the audio kept before the recognizer", /audio meanwhile is kept, up to (\d+) s/g, maxEarlyAudioSeconds],
  ["agent/README.md", "a typed turn's length", /([\d,]+) characters at most/g, AGENT_TYPED_MESSAGE_MAX_CHARS],
  ["agent/README.md", "vad_score's frames", /share of voiced (\d+) ms frames/g, VAD_FRAME_MS],
  ["agent/README.md", "vad_score's window", /in each (\d+) ms window/g, VOICE_ACTIVITY_WINDOW_MS],
  ["agent/README.md", "the turns that may wait", /at most (\d+) visitor turns wait/g, timings.maxQueuedTurns],
  ["agent/README.md", "a streamed reply's pace", /(\d+) ms apart/g, timings.textDeltaIntervalMs],
  ["agent/README.md", "end_call's tail", /a (\d+) ms tail/g, timings.endCallTailMs],
  ["agent/README.md", "the client's grace after the end", /(?:not closed|time limit\."`) (\d+) s later/g, timings.endGraceMs / 1000],
  ["agent/README.md", "the default time limit", /time limit of (\d+) minutes/g, DEFAULT_CALL_LIMIT_SECONDS / 60],
  ["agent/README.md", "the largest frame", /frame larger than (\d+) KiB/g, timings.maxPayloadBytes / KiB],
  ["agent/README.md", "the frame rate allowed", /above (\d+) frames\/s/g, defaultAbuseLimits.framesPerSecond],
  ["agent/README.md", "the frame burst", /sustained \(burst (\d+)\)/g, defaultAbuseLimits.frameBurst],
  ["agent/README.md", "the byte rate allowed", /above (\d+) KiB\/s/g, defaultAbuseLimits.bytesPerSecond / KiB],
  ["agent/README.md", "the byte burst", /\(burst (\d+) MiB\)/g, defaultAbuseLimits.byteBurst / MiB],
  ["agent/README.md", "the audio speed allowed", /faster than (twice) real time/g, defaultAbuseLimits.audioSpeed],
  ["agent/README.md", "the audio burst", /real time \(burst (\d+) s\)/g, defaultAbuseLimits.audioBurstSeconds],
  ["agent/README.md", "the bad frames tolerated", /over (\d+) at once; one is forgiven/g, defaultAbuseLimits.strikes],
  ["agent/README.md", "a bad frame's forgiveness", /one is forgiven every (\d+) s/g, defaultAbuseLimits.strikeForgivenessMs / 1000],
  ["agent/README.md", "the bytes queued for a slow client", /over (\d+) MiB queued/g, timings.maxBufferedBytes / MiB],
  ["agent/README.md", "a feedback body", /\((\d+) KiB at most\)/g, maxFeedbackBytes / KiB],
  ["agent/README.md", "a debrief line's tactics", /one to (three), the most prominent first/g, DEBRIEF_MAX_TACTICS_PER_LINE],
  ["agent/README.md", "a debrief's advice", /exactly (\d+) pieces of advice/g, DEBRIEF_NEXT_TIME_ITEMS],
  ["agent/README.md", "the synthesis workers", /one per core \(at most (\d+)\)/g, MAX_WORKERS],
  ["agent/README.md", "the audio the default cache holds", /About (\d+) minutes of audio at the default/g, Math.round(defaults.synthesisCacheBytes / (2 * SAMPLE_RATE) / 60)],
  ["agent/DESIGN.md", "the voice activity window", /per (\d+) ms window \(`vad_score`\)/g, VOICE_ACTIVITY_WINDOW_MS],
  ["agent/DESIGN.md", "an audio chunk", /in (\d+) ms chunks/g, timings.audioChunkMs],
  ["agent/DESIGN.md", "the audio's lead", /paced (\d+) ms ahead/g, timings.audioLeadMs],
  ["agent/DESIGN.md", "the capacity's headroom", /`headroom` \((\d+)%\)/g, defaultAdmission.headroom * 100],
  ["agent/DESIGN.md", "the speaking share assumed", /(\d+)% assumed/g, defaultAdmission.speakingShare * 100],
  ["agent/DESIGN.md", "the capacity's window", /Each follows about (\d+) s/g, defaultAdmission.windowMs / 1000],
  ["agent/DESIGN.md", "a decoding task's wait", /a decoding task has waited over (\d+) ms/g, defaultAdmission.behindMs],
  ["agent/DESIGN.md", "the calls ceiling", /`AGENT_MAX_CONCURRENT_CALLS` \((\d+)\)/g, defaults.server.maxConcurrentCalls],
  ["agent/DESIGN.md", "the detector's frames", /judges (\d+) ms frames/g, VAD_FRAME_MS],
  ["agent/DESIGN.md", "the margin over the noise floor", /also (\d+) dB above the room's noise floor/g, voice.aboveFloorDb],
  ["agent/DESIGN.md", "the floor's percentile", /the (\d+)th percentile/g, voice.floorPercentile! * 100],
  ["agent/DESIGN.md", "the margin under the loudest frames", /within (\d+) dB of the visitor's loudest/g, voice.belowLoudDb!],
  ["agent/DESIGN.md", "a turn's opening", /opens after (\d+) ms of voiced frames/g, voice.openMs],
  ["agent/DESIGN.md", "real speech", /is \*real speech\* after (\d+) ms/g, voice.realSpeechMs],
  ["agent/DESIGN.md", "the hangover", /ends after (\d+) ms of silence/g, voice.hangoverMs],
  ["agent/DESIGN.md", "noise", /under (\d+) ms of voiced frames it is noise/g, voice.minSpeechMs],
  ["agent/DESIGN.md", "the floor that turns noise suppression on", /the room's floor is (-\d+) dBFS/g, DEFAULT_NOISE_SUPPRESSION.fromFloorDbfs],
  ["agent/DESIGN.md", "the n-best list", /a (\d+)-best list/g, NBEST_SIZE],
  ["agent/DESIGN.md", "the tentative words' interval", /at most every (\d+) ms/g, DEFAULT_PARTIAL_INTERVAL_MS],
  ["agent/DESIGN.md", "a transcript's deadline", /not ready (\d+) s after the turn ended/g, DEFAULT_TRANSCRIPT_DEADLINE_MS / 1000],
  ["agent/DESIGN.md", "the domain model's weight", /and (0\.\d+) stays/g, DEFAULT_DOMAIN_WEIGHT],
  ["docs/protocol.md", "a typed turn's length", /a typed turn \(([\d,]+) characters at most\)/g, AGENT_TYPED_MESSAGE_MAX_CHARS],
];

describe("the agent's docs", () => {
  it.each(rows)("%s states %s as the code's value", (doc, _what, wording, value) => {
    const stated = [...read(doc).matchAll(wording)].map((match) => numberIn(match[1]!));
    expect(stated.length).toBeGreaterThan(0);
    expect(stated).toEqual(stated.map(() => value));
  });

  /** The configuration table's rows: `| \`NAME\` | \`default\` | meaning |`. */
  const table = [...readFileSync(join(root, "agent/README.md"), "utf8").matchAll(/^\| `([A-Z_]+)` \| ([^|]+) \| (.+) \|$/gm)].map(([, name, fallback, meaning]) => ({ name: name!, fallback: fallback!.trim(), meaning: meaning! }));
  // The signing secret is random per load when unset.
  const withoutSecret = (config: AgentConfig) => ({ ...config, server: { ...config.server, signingSecret: "" } });
  const sameAsDefault = (env: Record<string, string>) => expect(withoutSecret(loadConfig(env))).toEqual(withoutSecret(defaults));
  const accepts = (name: string, value: number | string) => expect(() => loadConfig({ [name]: String(value) })).not.toThrow();
  const refuses = (name: string, value: number | string) => expect(() => loadConfig({ [name]: String(value) })).toThrow(name);

  it("agent/README.md's configuration table gives each variable the default loadConfig gives it", () => {
    const numeric = table.filter(({ fallback }) => /^`-?\d+(\.\d+)*`$/.test(fallback));
    expect(numeric.map(({ name }) => name)).toEqual(expect.arrayContaining(["AGENT_PORT", "AGENT_MAX_CALL_SECONDS", "AGENT_SYNTHESIS_CACHE_MB"]));
    for (const { name, fallback } of numeric) sameAsDefault({ [name]: fallback.replace(/`/g, "") });
  });

  it("agent/README.md's configuration table gives each variable the range loadConfig accepts", () => {
    const ranged = table.flatMap(({ name, meaning }) => [...meaning.matchAll(/\b(-?\d+) to (\d+)\b/g)].map(([, low, high]) => ({ name, low: Number(low), high: Number(high) })));
    expect(ranged.length).toBeGreaterThan(4);
    for (const { name, low, high } of ranged) {
      accepts(name, low);
      accepts(name, high);
      refuses(name, low - 1);
      refuses(name, high + 1);
    }
    const secret = /at least (\d+) characters/.exec(table.find(({ name }) => name === "AGENT_SIGNING_SECRET")!.meaning);
    accepts("AGENT_SIGNING_SECRET", "s".repeat(Number(secret![1])));
    refuses("AGENT_SIGNING_SECRET", "s".repeat(Number(secret![1]) - 1));
  });
});
