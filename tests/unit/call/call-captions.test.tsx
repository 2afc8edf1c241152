/**
 * The caller's captions in a voice call, where they follow the audio. Word by word with the
 * protocol's alignment is tested end to end (tests/e2e/call-widget-captions.spec.ts), the
 * visitor's words as they speak in tests/engines/live-turn.test.ts, and their rules in
 * call-state.test.ts and spoken-line.test.ts; here what the audio may fail to do.
 */
import { act, screen } from "@testing-library/react";
import { agentLine, audioChunk, captionLines, renderConnectedCall, sdkCallbacks } from "./support/call-widget-harness";

jest.mock("@elevenlabs/react", () => jest.requireActual("./support/fake-voice-sdk"));
jest.mock("@/lib/call/signed-url-client", () => jest.requireActual("./support/fake-signed-url-client"));

it("without alignment, the caller's line shows whole once its audio starts, never before, hidden from screen readers", async () => {
  await renderConnectedCall({ fakeTimers: true });
  agentLine("Hello there, this is IT.", 1);
  act(() => jest.advanceTimersByTime(1_000));
  expect(screen.queryByTestId("call-caption-spoken")).not.toBeInTheDocument();

  audioChunk(1, 16_000);
  act(() => jest.advanceTimersByTime(200));

  expect(screen.getByTestId("call-caption-spoken")).toHaveTextContent("Caller: Hello there, this is IT.");
  expect(screen.getByTestId("call-caption-spoken")).toHaveAttribute("aria-hidden", "true");
});

it("a caller line that never gets audio is logged whole after four seconds", async () => {
  await renderConnectedCall({ fakeTimers: true });
  agentLine("Are you still there?", 3);

  act(() => jest.advanceTimersByTime(4_000));

  expect(captionLines()).toEqual(["Caller: Are you still there?"]);
});

it("audio older than the last interruption does not reopen the caller's line", async () => {
  await renderConnectedCall({ fakeTimers: true });
  agentLine("Read me the code from your phone.", 2);
  audioChunk(2, 8_000, "Read me ", [0, 50, 100, 150, 200, 250, 300, 350]);
  act(() => jest.advanceTimersByTime(400));
  act(() => {
    sdkCallbacks().onInterruption?.({ event_id: 3 });
    sdkCallbacks().onAgentResponseCorrection?.({ original_agent_response: "Read me the code from your phone.", corrected_agent_response: "Read me", event_id: 2 });
    sdkCallbacks().onModeChange?.({ mode: "listening" });
  });
  audioChunk(2, 8_000, "the code ", [0, 50, 100, 150, 200, 250, 300, 350, 400]);
  act(() => jest.advanceTimersByTime(1_000));

  expect(captionLines()).toEqual(["Caller: Read me"]);
  expect(screen.queryByTestId("call-caption-spoken")).not.toBeInTheDocument();
});
