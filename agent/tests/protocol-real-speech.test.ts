/** @jest-environment node */
/**
 * The protocol with the real parts: pocketsphinx hears flite speech streamed in real
 * time over the websocket, and the playbook caller answers with flite audio.
 */
import { createCaller } from "../src/caller";
import { silentLogger } from "../src/log";
import { concatPcm } from "../src/speech/audio";
import { createSpeech } from "../src/speech";
import type { Speech } from "../src/speech";
import { eventIdOf, ofType, startAgent, type Frame, type Harness } from "./support/agent-harness";
import { silence, streamPcm } from "../testkit/speech-audio";
import { closeFixtureSpeech, speak } from "./support/speech-fixtures";

let speech: Speech;
let harness: Harness;

beforeAll(async () => {
  speech = await createSpeech(silentLogger());
  harness = await startAgent({ speech, createCaller: (scenarioId) => createCaller(scenarioId) });
}, 30_000);

afterAll(async () => {
  await harness?.close();
  await closeFixtureSpeech();
});

const isAudio = (frame: Frame) => frame.type === "audio";

test("a visitor's line, spoken and streamed in real time, comes back as a transcript and gets a spoken answer", async () => {
  const client = await harness.startCall();
  const greeting = await client.waitFor(ofType("agent_response"), "greeting");
  const greetingId = eventIdOf(greeting)!;
  const line = "how do i know you are from the help desk";
  await streamPcm(concatPcm([silence(300), await speak(line), silence(1500)]), (chunk) => client.sendAudio(chunk), { realTime: true });

  const transcript = await client.waitFor(ofType("user_transcript"), "visitor transcript");
  expect(transcript.user_transcription_event.user_transcript).toBe(line);
  const reply = await client.waitFor((frame) => frame.type === "agent_response" && eventIdOf(frame)! > greetingId, "the caller's answer");
  expect(reply.agent_response_event.agent_response.length).toBeGreaterThan(0);
  await client.waitFor((frame) => isAudio(frame) && eventIdOf(frame)! >= eventIdOf(reply)!, "the answer's audio");
  client.close();
}, 30_000);

test("speaking over the greeting interrupts it, and none of its audio follows the interruption", async () => {
  const client = await harness.startCall();
  const greeting = await client.waitFor(ofType("agent_response"), "greeting");
  const greetingId = eventIdOf(greeting)!;
  await client.waitFor(isAudio, "first greeting audio");
  await streamPcm(concatPcm([await speak("what is this about"), silence(1200)]), (chunk) => client.sendAudio(chunk), { realTime: true });

  const interruptionAt = await client.waitForIndex(ofType("interruption"), "interruption");
  const staleAudio = client.frames.slice(interruptionAt + 1).filter((frame) => isAudio(frame) && eventIdOf(frame) === greetingId);
  expect(staleAudio).toEqual([]);
  client.close();
}, 30_000);
