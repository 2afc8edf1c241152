/**
 * Every way a call ends, against the local agent (tests/engines/support/call-endings.ts), in
 * Chromium, Firefox ESR and WebKitGTK: the agent runs with a short time limit and a short
 * silence timeout, so both endings come within seconds.
 */
import { forEachEngine } from "@mockingbird/testkit/browser/engine-suite";
import { enginesUnderTest } from "@mockingbird/testkit/browser/engines";
import { startSite } from "@mockingbird/testkit/browser/engine-site";
import { callEndingTests, type EndingCaller } from "./support/call-endings";

/** A short time limit; the silence ends a voice call well before it, unless the visitor talks (typed calls have no silence end). */
const agentEnv = { AGENT_MAX_CALL_SECONDS: "15", AGENT_SILENCE_END_CALL_SECONDS: "4", AGENT_TURN_TIMEOUT_SECONDS: "2" };

/** The local agent always sends its debrief before it ends a call, at the time limit and after a silence too. */
const localAgent: EndingCaller = {
  timeLimit: async () => ({ callerDebrief: true, replyEveryMs: 2_500 }),
  silence: async () => ({ callerDebrief: true }),
  hangUpOnGoodbye: async () => {},
};

forEachEngine(() => startSite(agentEnv), (run) => callEndingTests(run, () => localAgent), enginesUnderTest("chromium,firefox,webkit"));
