import { expect, test, type Page } from "@playwright/test";
import { routeServiceDouble } from "@mockingbird/testkit/browser/service-double-route";
import type { DoubleScript, ServiceDoubleSession } from "@mockingbird/testkit/fakes/elevenlabs-service";
import { CALL_VARIABLES, fillPlaceholders } from "@mockingbird/contract/call-variables";
import { defaultScenarioId } from "@mockingbird/contract/scenarios";
import { agentSocketPattern, expectFailure, expectIdle, heldFirmDebrief, openCallWidget, spokenLine, startVoiceCall, text, typeReply, voiceTest, type CallWidget } from "./support/call-widget";
import { pushedCaller, type PushedCaller } from "./support/pushed-caller";

/**
 * The widget against the double of ElevenLabs' service (testkit/fakes/elevenlabs-service), not
 * the local agent: the site must work with what the service sends. The page's call socket
 * (to the agent's origin, the one its CSP allows) is answered by the double through
 * routeWebSocket. Typed and voice calls, interruption, client tools, the time limit.
 * The agent is the production caller of the widget's first scenario, pushed from elevenlabs/
 * (support/pushed-caller.ts): its first message, its debrief tool and the overrides it allows.
 */
let caller: PushedCaller;
/** The first message as the service says it: its {{variables}} filled from what the widget sent. */
let greeting: string;
const reply = "Dave, extension four four one zero. Now read me that code, please.";

test.beforeAll(async () => {
  caller = await pushedCaller(defaultScenarioId);
  greeting = fillPlaceholders(caller.firstMessage, (name, placeholder) => (CALL_VARIABLES as Record<string, string>)[name] ?? placeholder);
});

const script = (overrides: Partial<DoubleScript> = {}): DoubleScript => ({ greeting: caller.firstMessage, agent: caller.agent, answer: () => [{ say: reply }], ...overrides });

/** Home with the call's socket answered by the double: a typed call started and its greeting captioned. */
async function startTypedCallOnTheDouble(page: Page, overrides: Partial<DoubleScript> = {}): Promise<{ widget: CallWidget; session: ServiceDoubleSession }> {
  const sessions = await routeServiceDouble(page, agentSocketPattern, script(overrides));
  const widget = await openCallWidget(page);
  await widget.typedButton.click();
  await expect(widget.agentLines).toHaveText([`${text.captions.agent}: ${greeting}`], { timeout: 20_000 });
  return { widget, session: sessions[0]! };
}

test("a typed call shows the service's greeting, then its streamed reply growing with the caller typing, and logs each line once", async ({ page }) => {
  const { widget, session } = await startTypedCallOnTheDouble(page, { deltaIntervalMs: 120 });
  expect(session.textOnly).toBe(true);

  // While it streams, the reply grows outside the log (hidden from screen readers). Every state of
  // the stream is recorded as the page renders it: a loaded machine reading between renders could
  // miss the whole stream.
  await widget.root.evaluate((root) => {
    const seen: NonNullable<Window["__stream"]> = (window.__stream = []);
    new MutationObserver(() => {
      const stream = root.querySelector('[data-testid="call-caption-streaming"]');
      if (stream) seen.push({ streamed: stream.textContent ?? "", hidden: stream.getAttribute("aria-hidden"), logged: root.querySelectorAll('li[data-speaker="agent"]').length });
    }).observe(root, { subtree: true, childList: true, characterData: true });
  });
  const streamedUpTo = (words: string) => page.evaluate((words) => window.__stream!.find((state) => state.streamed.includes(words)), words);

  await typeReply(widget, "Who is this?");
  await expect(widget.visitorLines).toHaveText([`${text.captions.visitor}: Who is this?`]);
  const streaming = widget.root.getByTestId("call-caption-streaming");
  await expect.poll(() => streamedUpTo("Dave,"), { timeout: 10_000 }).toBeDefined();
  const whileStreaming = (await streamedUpTo("Dave,"))!;
  expect(reply.startsWith(whileStreaming.streamed.replace(`${text.captions.agent}: `, ""))).toBe(true);
  expect(whileStreaming).toMatchObject({ hidden: "true", logged: 1 });
  // ... then joins it whole, once.
  await expect(widget.agentLines).toHaveText([`${text.captions.agent}: ${greeting}`, `${text.captions.agent}: ${reply}`], { timeout: 15_000 });
  await expect(streaming).toHaveCount(0);
  await expect(widget.root.getByTestId("call-typing")).toHaveCount(0);
  await expect(widget.visitorLines).toHaveCount(1);
  expect(session.sent("user_transcript")).toEqual([]);
  await widget.endButton.click();
  await expectIdle(widget);
});

test("a typed call shows the caller typing between the visitor's line and the first words of the reply", async ({ page }) => {
  // A reply that takes a moment to start, as a language model's does.
  const { widget, session } = await startTypedCallOnTheDouble(page, { answer: () => [] });
  await typeReply(widget, "Who is this?");
  await expect(widget.root.getByTestId("call-typing")).toHaveText(text.captions.typing);
  await expect(widget.root.getByTestId("call-typing")).toHaveAttribute("aria-hidden", "true");
  session.send({ type: "agent_chat_response_part", text_response_part: { text: "", type: "start", event_id: 2 } });
  session.send({ type: "agent_chat_response_part", text_response_part: { text: "Dave.", type: "delta", event_id: 2 } });
  await expect(widget.root.getByTestId("call-caption-streaming")).toHaveText(`${text.captions.agent}: Dave.`);
  await expect(widget.root.getByTestId("call-typing")).toHaveCount(0);
  session.send({ type: "agent_chat_response_part", text_response_part: { text: "", type: "stop", event_id: 2 } });
  session.send({ type: "agent_response", agent_response_event: { agent_response: "Dave.", event_id: 2 } });
  await expect(widget.agentLines.last()).toHaveText(`${text.captions.agent}: Dave.`);
});

test("a typed line shows once when a stand-in echoes it as a transcript, as it does when the service does not", async ({ page }) => {
  const { widget, session } = await startTypedCallOnTheDouble(page, { answer: () => [] });
  await typeReply(widget, "Who is this?");
  await expect.poll(() => session.received("user_message").length).toBe(1);
  session.send({ type: "user_transcript", user_transcription_event: { user_transcript: "who is this", event_id: 2 } });
  session.send({ type: "agent_response", agent_response_event: { agent_response: reply, event_id: 3 } });
  await expect(widget.agentLines).toHaveCount(2);
  await expect(widget.visitorLines).toHaveText([`${text.captions.visitor}: Who is this?`]);
});

test("the service's client tool call shows the red-flag debrief, an unknown tool is answered with an error and the call goes on, and end_call ends it", async ({ page }) => {
  const warnings: string[] = [];
  page.on("console", (message) => message.type() === "warning" && warnings.push(message.text()));
  const { widget, session } = await startTypedCallOnTheDouble(page, {
    answer: (_turn, index) =>
      index === 0
        ? [{ clientTool: "open_ticket", parameters: {} }, { say: reply }]
        : [{ clientTool: caller.debriefToolName, parameters: heldFirmDebrief }, { say: "Fine. Goodbye." }, { endCall: true }],
  });
  await typeReply(widget, "Who is this?");
  await expect(widget.agentLines).toHaveCount(2, { timeout: 15_000 });
  await expect.poll(() => session.received("client_tool_result")).toEqual([expect.objectContaining({ tool_call_id: expect.stringContaining("open_ticket"), is_error: true })]);
  await expect(widget.alert).toBeEmpty();
  // Not shown to the visitor, but left for whoever debugs the agent's configuration.
  expect(warnings).toContain("Call: Client tool with name open_ticket is not defined on client");

  await typeReply(widget, "No, I will not.");
  await expect(widget.debrief).toBeVisible({ timeout: 15_000 });
  await expect(widget.debrief).toContainText(text.debrief.outcomes["held-firm"]);
  await expectIdle(widget);
  await expect(widget.alert).toBeEmpty();
  await expect(widget.status).toHaveText(`${text.status.ended}. ${text.status.debriefReady}`);
  expect(session.received("client_tool_result").at(-1)).toMatchObject({ is_error: false });
});

test("the service's time limit ends the call with the page's own words for it", async ({ page }) => {
  const { widget } = await startTypedCallOnTheDouble(page, { maxDurationMs: 3_000 });
  await expectFailure(widget, text.errors.timeLimit);
  // The greeting, then the pushed caller's line for the limit, when it has one (the service double says it).
  const atTheLimit = caller.agent.maxDurationMessage ?? "";
  await expect(widget.agentLines).toHaveText([greeting, ...(atTheLimit === "" ? [] : [atTheLimit])].map((line) => `${text.captions.agent}: ${line}`));
});

/**
 * How the service ends a call at its time limit, where its docs are silent: whether the caller's
 * model gets a turn (to call its debrief tool) before the service hangs up, and whether the line
 * the pushed agent says at the limit comes with its text. The double does either
 * (testkit/fakes/elevenlabs-service: timeLimitTurn, finalAgentResponse); the widget must end the
 * call and say why both ways.
 */
const outOfTime = "We're out of time, so I'll let you go now.";
/** The pushed caller with a short limit and a line for it, as a push could give it. */
const timeLimited = () => ({ ...caller.agent, maxDurationSeconds: 4, maxDurationMessage: outOfTime });

for (const callerTurn of [true, false]) {
  test(`at the service's time limit the call ends with the page's own words for it, ${callerTurn ? "when the caller's model gets a turn to call its debrief tool" : "when the caller gets no turn"}`, async ({ page }) => {
    const timeLimitTurn = callerTurn ? [{ clientTool: caller.debriefToolName, parameters: heldFirmDebrief }, { say: "Right, I have to go." }] : [];
    const { widget, session } = await startTypedCallOnTheDouble(page, { agent: timeLimited(), timeLimitTurn });
    await expectFailure(widget, text.errors.timeLimit);
    expect(session.sent("error")).toEqual([expect.objectContaining({ error_event: expect.objectContaining({ error_type: "max_duration_exceeded" }) })]);
    expect(session.sent("client_tool_call")).toHaveLength(callerTurn ? 1 : 0);
    // The caller's debrief when it called the tool, else the widget's own: a debrief either way, naming the ending.
    await expect(widget.debrief).toBeVisible();
    await expect(widget.debrief).toContainText(callerTurn ? text.debrief.outcomes["held-firm"] : text.debrief.endings["time-limit"]);
  });
}

for (const finalAgentResponse of [true, false]) {
  test(`at the service's time limit the call ends with the page's own words for it, the pushed line for the limit ${finalAgentResponse ? "arriving with its text" : "arriving without its text"}`, async ({ page }) => {
    const { widget } = await startTypedCallOnTheDouble(page, { agent: timeLimited(), finalAgentResponse });
    await expectFailure(widget, text.errors.timeLimit);
    const lines = [`${text.captions.agent}: ${greeting}`, ...(finalAgentResponse ? [`${text.captions.agent}: ${outOfTime}`] : [])];
    await expect(widget.agentLines).toHaveText(lines);
    await expect(widget.debrief).toContainText(text.debrief.endings["time-limit"]);
  });
}

voiceTest.describe("voice calls", () => {
  voiceTest("a voice call captions the service's greeting as its audio plays, hears the visitor and captions the reply", async ({ page }) => {
    // The whole greeting must play before the fake microphone speaks (~7 s after it opens): the
    // pushed first message lasts over 7 s at the double's default pace, so it is said faster here.
    const sessions = await routeServiceDouble(page, agentSocketPattern, script({ heard: [spokenLine], msPerChar: 30 }));
    const widget = await openCallWidget(page);
    await startVoiceCall(widget);
    await expect(widget.agentLines.first()).toHaveText(`${text.captions.agent}: ${greeting}`, { timeout: 15_000 });
    await expect(widget.visitorLines).toHaveText([`${text.captions.visitor}: ${spokenLine}`], { timeout: 20_000 });
    await expect(widget.agentLines.last()).toHaveText(`${text.captions.agent}: ${reply}`, { timeout: 20_000 });
    expect(sessions[0]!.textOnly).toBe(false);
    // The service sends vad_score only to an agent whose client events name it.
    const scored = sessions[0]!.sent("vad_score").some((frame) => (frame.vad_score_event as { vad_score: number }).vad_score === 1);
    expect(scored).toBe(caller.agent.clientEvents?.includes("vad_score") ?? true);
    await widget.endButton.click();
    await expectIdle(widget);
  });

  voiceTest("a visitor who talks over the service's greeting interrupts it, and the caption keeps only what was heard", async ({ page }) => {
    const long = `${caller.firstMessage} Someone has been trying to get into your account all morning, and I have to confirm it is really you before I can lock them out.`;
    const sessions: ServiceDoubleSession[] = await routeServiceDouble(page, agentSocketPattern, script({ greeting: long, heard: [spokenLine] }));
    const widget = await openCallWidget(page);
    await startVoiceCall(widget);
    await expect.poll(() => sessions[0]?.sent("interruption").length, { timeout: 20_000 }).toBe(1);
    const correction = sessions[0]!.sent("agent_response_correction")[0]!.agent_response_correction_event as { corrected_agent_response: string };
    await expect(widget.agentLines.first()).toHaveText(`${text.captions.agent}: ${correction.corrected_agent_response}`, { timeout: 10_000 });
    expect(correction.corrected_agent_response.length).toBeLessThan(long.length);
    await expect(widget.visitorLines).toHaveText([`${text.captions.visitor}: ${spokenLine}`], { timeout: 20_000 });
    await widget.endButton.click();
  });

  // How the service hangs up after a silence is not documented: it closes the socket, or sends
  // end_call (testkit/fakes/elevenlabs-service: silenceHangUp). The fake microphone stays silent
  // for its first 7 s, past the short timeouts pushed here.
  for (const silenceHangUp of ["close", "end_call"] as const) {
    voiceTest(`the service puts down a silent visitor's call at the pushed silence timeout, whether it closes the socket or sends end_call (${silenceHangUp}), and the widget ends the call with its debrief`, async ({ page }) => {
      const agent = { ...caller.agent, turnTimeoutSeconds: 2, silenceEndCallTimeoutSeconds: 4 };
      const sessions = await routeServiceDouble(page, agentSocketPattern, script({ agent, silenceHangUp, msPerChar: 30 }));
      const widget = await openCallWidget(page);
      await startVoiceCall(widget);
      await expect(widget.debrief).toBeVisible({ timeout: 20_000 });
      await expect(widget.debrief).toContainText(text.debrief.ended);
      await expectIdle(widget);
      expect(sessions[0]!.sent("user_transcript")).toEqual([]);
      expect(sessions[0]!.sent("agent_tool_response")).toHaveLength(silenceHangUp === "end_call" ? 1 : 0);
      // The widget names a silence only near the production callers' own timeout (call-widget-live-turn.spec.ts
      // holds that); at the short timeouts pushed here, the service's plain hang-up reads as the caller's.
      await expect(widget.debrief.getByTestId("call-ending")).toHaveText(`${text.debrief.ended}. ${text.debrief.endings.caller}`);
    });
  }
});
