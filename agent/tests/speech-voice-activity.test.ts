/** @jest-environment node */
import { concatPcm, samplesForMs, whiteNoise } from "../src/speech/audio";
import { frameLevelDbfs, NoiseFloor, VoiceActivity, type VoiceEvent } from "../src/speech/recognition/voice-activity";
import { DEFAULT_VOICE_ACTIVITY } from "../src/speech/recognition/tuning";
import { lastSpeechSample, noise } from "../testkit/speech-audio";
import { closeFixtureSpeech, speak } from "./support/speech-fixtures";

afterAll(() => closeFixtureSpeech());

const frame = samplesForMs(20);

/** Every event with the time (ms into the audio) of the frame that caused it. */
function events(pcm: Int16Array, options = DEFAULT_VOICE_ACTIVITY): { atMs: number; event: VoiceEvent }[] {
  const detector = new VoiceActivity(options);
  const found: { atMs: number; event: VoiceEvent }[] = [];
  for (let offset = 0; offset + frame <= pcm.length; offset += frame) {
    for (const event of detector.push(pcm.subarray(offset, offset + frame))) found.push({ atMs: ((offset + frame) * 1000) / 16_000, event });
  }
  detector.free();
  return found;
}

const kinds = (found: { event: VoiceEvent }[]) => found.map(({ event }) => event.kind);

describe("voice activity (WebRTC VAD)", () => {
  it("finds one turn in a spoken sentence: it opens, becomes real speech, goes quiet, pauses and ends with the speech in it", async () => {
    const found = events(concatPcm([noise(1000), await speak("who am i talking to please"), noise(1500)]));
    // A lull may also come inside the words (a stop's closure): it only has them read, it ends nothing.
    expect(kinds(found).filter((kind) => kind !== "lull")).toEqual(["open", "speech", "pause", "end"]);
    expect(kinds(found).slice(-3)).toEqual(["lull", "pause", "end"]);
    const end = found.at(-1)?.event;
    expect(end?.kind === "end" && end.speechMs).toBeGreaterThan(500);
  });

  it("says once, after pauseMs of silence, that the visitor has paused, and can end the turn there", async () => {
    const speech = await speak("who is this");
    const lead = noise(1000);
    const pcm = concatPcm([lead, speech, noise(2000)]);
    const spokenUntilMs = ((lead.length + lastSpeechSample(speech)) * 1000) / 16_000;
    const detector = new VoiceActivity(DEFAULT_VOICE_ACTIVITY);
    const seen: { atMs: number; kind: string }[] = [];
    for (let offset = 0; offset + frame <= pcm.length; offset += frame) {
      const atMs = ((offset + frame) * 1000) / 16_000;
      for (const event of detector.push(pcm.subarray(offset, offset + frame))) {
        seen.push({ atMs, kind: event.kind });
        if (event.kind === "pause") {
          expect(detector.silentMs).toBeGreaterThanOrEqual(DEFAULT_VOICE_ACTIVITY.pauseMs ?? 0);
          const ended = detector.endNow();
          if (ended) seen.push({ atMs, kind: ended.kind });
        }
      }
    }
    detector.free();
    expect(seen.map(({ kind }) => kind)).toEqual(["open", "speech", "lull", "pause", "end"]);
    const endedAtMs = seen.at(-1)?.atMs ?? Number.NaN;
    expect(endedAtMs - spokenUntilMs).toBeLessThan(DEFAULT_VOICE_ACTIVITY.hangoverMs);
  });

  it("cannot end a turn early while the visitor is speaking", async () => {
    const speech = await speak("who is this");
    const detector = new VoiceActivity(DEFAULT_VOICE_ACTIVITY);
    const pcm = concatPcm([noise(500), speech]);
    let endedWhileSpeaking: VoiceEvent | null = null;
    for (let offset = 0; offset + frame <= pcm.length; offset += frame) {
      detector.push(pcm.subarray(offset, offset + frame));
      if (detector.inSpeech && detector.silentMs === 0) endedWhileSpeaking ??= detector.endNow();
    }
    detector.free();
    expect(endedWhileSpeaking).toBeNull();
  });

  it("says, after lullMs of silence and before the pause, that the visitor has gone quiet; without a lull shorter than the pause, at the pause", async () => {
    const pcm = concatPcm([noise(1000), await speak("who is this"), noise(2000)]);
    const at = (options: typeof DEFAULT_VOICE_ACTIVITY, kind: VoiceEvent["kind"]) => events(pcm, options).find(({ event }) => event.kind === kind)?.atMs ?? Number.NaN;
    const { lullMs = 0, pauseMs = 0 } = DEFAULT_VOICE_ACTIVITY;
    expect(at(DEFAULT_VOICE_ACTIVITY, "pause") - at(DEFAULT_VOICE_ACTIVITY, "lull")).toBe(pauseMs - lullMs);
    const withoutLull = { ...DEFAULT_VOICE_ACTIVITY, lullMs: 0 };
    expect(at(withoutLull, "lull")).toBe(at(withoutLull, "pause"));
    expect(kinds(events(pcm, withoutLull))).toEqual(["open", "speech", "lull", "pause", "end"]);
  });

  it("ends the turn after its hangover of silence, not before and not much later", async () => {
    const speech = await speak("goodbye");
    const lead = noise(1000);
    const found = events(concatPcm([lead, speech, noise(2000)]));
    const spokenUntilMs = ((lead.length + lastSpeechSample(speech)) * 1000) / 16_000;
    const endedAtMs = found.find(({ event }) => event.kind === "end")?.atMs ?? Number.NaN;
    expect(endedAtMs - spokenUntilMs).toBeGreaterThanOrEqual(DEFAULT_VOICE_ACTIVITY.hangoverMs - 100);
    expect(endedAtMs - spokenUntilMs).toBeLessThan(DEFAULT_VOICE_ACTIVITY.hangoverMs + 250);
  });

  it("on a silent line ends the turn as soon after the speech as in a quiet room, not after the last word's fade", async () => {
    // flite's rms voice trails off (its last frames at -47 to -70 dBFS), and libfvad's overhang
    // calls them speech; the line around it is gated to silence, as a browser's noise suppression does.
    const speech = await speak("who is this calling please", "rms");
    const lead = new Int16Array(samplesForMs(1000));
    const pcm = concatPcm([lead, speech, new Int16Array(samplesForMs(2000))]);
    const spokenUntilMs = ((lead.length + lastSpeechSample(speech)) * 1000) / 16_000;
    const endedAfter = (options: typeof DEFAULT_VOICE_ACTIVITY) => (events(pcm, options).find(({ event }) => event.kind === "end")?.atMs ?? Number.NaN) - spokenUntilMs;
    expect(endedAfter(DEFAULT_VOICE_ACTIVITY)).toBeLessThan(DEFAULT_VOICE_ACTIVITY.hangoverMs + 40);
    // Without the limit below the loudest frames, the fade and libfvad's overhang count as speech.
    expect(endedAfter({ ...DEFAULT_VOICE_ACTIVITY, belowLoudDb: 0 }) - endedAfter(DEFAULT_VOICE_ACTIVITY)).toBeGreaterThanOrEqual(40);
  });

  it("keeps a sentence with a short pause in it as one turn", async () => {
    // flite's own silence trimmed, so the pause between the words is 250 ms.
    const trimmed = (pcm: Int16Array) => pcm.slice(pcm.length - 1 - lastSpeechSample(pcm.slice().reverse()), lastSpeechSample(pcm) + 1);
    const found = events(concatPcm([noise(800), trimmed(await speak("no")), noise(250), trimmed(await speak("i will not do that")), noise(1500)]));
    expect(kinds(found).filter((kind) => kind === "end")).toHaveLength(1);
  });

  it("hears no turn in a quiet line", () => {
    expect(events(noise(5000))).toEqual([]);
  });

  it("drops a burst of noise shorter than speech as noise, and never calls it real speech", () => {
    expect(kinds(events(concatPcm([noise(1000), whiteNoise(samplesForMs(100), -20, 4), noise(1000)])))).toEqual(["open", "noise"]);
    expect(kinds(events(concatPcm([noise(1000), whiteNoise(samplesForMs(20), -6, 5), noise(1000)])))).not.toContain("speech");
  });

  it("ends a turn that goes on too long by force", () => {
    const found = events(concatPcm([noise(500), whiteNoise(samplesForMs(3000), -20, 6)]), { ...DEFAULT_VOICE_ACTIVITY, maxTurnMs: 1000 });
    expect(kinds(found).slice(0, 3)).toEqual(["open", "speech", "end"]);
  });

  it("ignores frames that are not 20 ms long", () => {
    const detector = new VoiceActivity(DEFAULT_VOICE_ACTIVITY);
    expect(detector.push(new Int16Array(100))).toEqual([]);
    detector.free();
  });
});

describe("the room's noise floor", () => {
  it("is the level of the quiet between words, not of the words", () => {
    const floor = new NoiseFloor();
    // Four seconds of speech at -20 dBFS with a pause every fifth frame at -50 dBFS.
    for (let i = 0; i < 200; i++) floor.push(i % 5 === 0 ? -50 : -20);
    expect(floor.level).toBe(-50);
  });

  it("follows the room when it gets louder (a café filling up)", () => {
    const floor = new NoiseFloor();
    for (let i = 0; i < 250; i++) floor.push(-60);
    for (let i = 0; i < 250; i++) floor.push(-35);
    expect(floor.level).toBe(-35);
  });

  it("judges the room by what it has heard from the first frame on (the greeting plays first)", () => {
    const floor = new NoiseFloor();
    expect(floor.level).toBe(-60);
    floor.push(-30);
    expect(floor.level).toBe(-30);
  });

  it("measures a frame's level in dBFS", () => {
    expect(frameLevelDbfs(new Int16Array(320).fill(32767))).toBeCloseTo(0, 1);
    expect(frameLevelDbfs(new Int16Array(320))).toBe(-100);
  });
});

describe("voice activity in a noisy room", () => {
  it("hears no turn in steady noise that WebRTC's detector alone takes for speech", () => {
    const loud = whiteNoise(samplesForMs(6000), -25, 11);
    expect(kinds(events(concatPcm([noise(1500), loud]), { ...DEFAULT_VOICE_ACTIVITY, aboveFloorDb: 0 }))).toContain("speech");
    expect(kinds(events(concatPcm([noise(1500), loud]))).filter((kind) => kind === "speech").length).toBeLessThanOrEqual(1);
  });

  it("still hears the visitor speaking 10 dB above that noise", async () => {
    const room = whiteNoise(samplesForMs(9000), -35, 12);
    const speech = await speak("i will call the helpdesk myself");
    const pcm = room.slice();
    const at = samplesForMs(5000);
    for (let i = 0; i < speech.length; i++) pcm[at + i] = Math.max(-32768, Math.min(32767, (pcm[at + i] as number) + (speech[i] as number)));
    const found = events(pcm).filter(({ atMs }) => atMs > 5000);
    expect(kinds(found)).toEqual(expect.arrayContaining(["open", "speech", "end"]));
  });
});
