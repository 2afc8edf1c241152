/**
 * Every way a call ends, against the double of ElevenLabs' service
 * (tests/engines/support/call-endings.ts), in Chromium, Firefox ESR and WebKitGTK. The service's
 * docs do not promise the caller's model a turn before the time limit, so there the double sends
 * no debrief and the widget's own is shown. Nor do they say how it closes a call after a silence:
 * the double closes it plainly after the production callers' silence timeout, with a debrief
 * before, which wins, and the widget names the silence from how long the visitor was quiet.
 */
import { forEachEngine } from "@mockingbird/testkit/browser/engine-suite";
import { enginesUnderTest } from "@mockingbird/testkit/browser/engines";
import { startSiteOnDouble } from "@mockingbird/testkit/browser/engine-site";
import type { DoubleScript } from "@mockingbird/testkit/fakes/elevenlabs-service";
import { DEBRIEF_TOOL_NAME } from "@mockingbird/contract/debrief";
import { SILENCE_END_CALL_TIMEOUT_SECONDS } from "@mockingbird/contract/turn-timing";
import { heldFirmDebrief } from "../unit/call/support/debriefs";
import { callEndingTests, type EndingCaller } from "./support/call-endings";

const base: DoubleScript = { greeting: "Hi there, it's Dave from the service desk.", msPerChar: 30, answer: () => [{ say: "It's Dave, from the service desk." }] };
/** The next call's script; each test sets what it needs before it starts its call. */
let script: DoubleScript = base;

const service: EndingCaller = {
  timeLimit: async () => {
    script = { ...base, maxDurationMs: 3_000 };
    return { callerDebrief: false };
  },
  silence: async () => {
    script = { ...base, silenceEndCallMs: SILENCE_END_CALL_TIMEOUT_SECONDS * 1000, silenceEnd: [{ say: "I'll let you go." }, { clientTool: DEBRIEF_TOOL_NAME, parameters: heldFirmDebrief }] };
    return { callerDebrief: true };
  },
  hangUpOnGoodbye: async () => {
    script = { ...base, answer: () => [{ say: "Fine. Goodbye." }, { clientTool: DEBRIEF_TOOL_NAME, parameters: heldFirmDebrief }, { endCall: true }] };
  },
};

/** Each call takes the script its test set, once. */
const startSite = () =>
  startSiteOnDouble(() => {
    const next = script;
    script = base;
    return next;
  });

forEachEngine(startSite, (run) => callEndingTests(run, () => service), enginesUnderTest("chromium,firefox,webkit"));
