/**
 * What the visitor and the caller can do during a call besides talking: mute, rate the caller's
 * line, the time left, the caller's debrief. The debrief a valid client tool call shows is
 * tested end to end (tests/e2e/call-widget-service.spec.ts, call-widget-typed.spec.ts).
 */
import { act, screen, within } from "@testing-library/react";
import { publicEnv } from "@/lib/config/public-env";
import { callLiveText } from "@/content/call/live";
import { DEBRIEF_TOOL_NAME } from "@mockingbird/contract/debrief";
import { agentLine, renderConnectedCall, sdk, sdkCallbacks, sessionOptions } from "./support/call-widget-harness";

jest.mock("@elevenlabs/react", () => jest.requireActual("./support/fake-voice-sdk"));
jest.mock("@/lib/call/signed-url-client", () => jest.requireActual("./support/fake-signed-url-client"));

const timer = () => screen.getByRole("timer", { name: "Time left in this call" });

it("mute toggles the SDK's microphone and aria-pressed", async () => {
  const { user } = await renderConnectedCall();

  await user.click(screen.getByRole("button", { name: "Mute microphone" }));
  expect(sdk.setMuted).toHaveBeenLastCalledWith(true);
  expect(screen.getByRole("button", { name: "Unmute microphone" })).toHaveAttribute("aria-pressed", "true");

  await user.click(screen.getByRole("button", { name: "Unmute microphone" }));
  expect(sdk.setMuted).toHaveBeenLastCalledWith(false);
  expect(screen.getByRole("button", { name: "Mute microphone" })).toHaveAttribute("aria-pressed", "false");
});

describe("rating the caller's line", () => {
  it("stands in its place but cannot be used until the SDK allows it", async () => {
    await renderConnectedCall();
    agentLine("Read me the code.", 6);

    const group = screen.getByRole("group", { name: "Rate the caller's last line" });
    expect(within(group).getByRole("button", { name: callLiveText.buttons.like })).toBeDisabled();
    expect(within(group).getByRole("button", { name: callLiveText.buttons.dislike })).toBeDisabled();
  });

  it("sends the rating for the last caller line's event id and disables both buttons", async () => {
    const { user } = await renderConnectedCall({ button: "Reply by typing instead" });
    agentLine("Read me the code.", 6);
    agentLine("Quickly, please.", 7);
    act(() => sdkCallbacks().onCanSendFeedbackChange?.({ canSendFeedback: true }));

    const group = screen.getByRole("group", { name: "Rate the caller's last line" });
    await user.click(within(group).getByRole("button", { name: callLiveText.buttons.like }));

    expect(sdk.sendFeedback).toHaveBeenCalledTimes(1);
    expect(sdk.sendFeedback).toHaveBeenCalledWith(true, 7);
    expect(within(group).getByRole("button", { name: callLiveText.buttons.like })).toBeDisabled();
    expect(within(group).getByRole("button", { name: callLiveText.buttons.dislike })).toBeDisabled();
  });

  it("says in visible words what is rated and what each button means, with drawn icons instead of emoji", async () => {
    await renderConnectedCall({ button: "Reply by typing instead" });
    agentLine("Read me the code.", 6);
    act(() => sdkCallbacks().onCanSendFeedbackChange?.({ canSendFeedback: true }));

    const group = screen.getByRole("group", { name: callLiveText.feedback.legend });
    expect(within(group).getByText(callLiveText.feedback.legend)).not.toHaveClass("sr-only");
    for (const label of [callLiveText.buttons.like, callLiveText.buttons.dislike]) {
      const button = within(group).getByRole("button", { name: label });
      expect(button).toHaveTextContent(label);
      expect(button.querySelector("svg")).not.toBeNull();
      expect(button.querySelector(".sr-only")).toBeNull();
    }
    expect(group.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  });
});

describe("the call timer", () => {
  it("starts at the default limit of 180 seconds", async () => {
    await renderConnectedCall();

    expect(publicEnv.NEXT_PUBLIC_CALL_LIMIT_SECONDS).toBe(180);
    expect(timer()).toHaveTextContent("3:00");
  });

  it("starts at the configured limit", async () => {
    jest.replaceProperty(publicEnv, "NEXT_PUBLIC_CALL_LIMIT_SECONDS", 90);
    await renderConnectedCall();

    expect(timer()).toHaveTextContent("1:30");
  });
});

it("the debrief client tool throws on malformed parameters, so the SDK answers with an error result", async () => {
  await renderConnectedCall();
  const tool = sessionOptions().clientTools[DEBRIEF_TOOL_NAME]!;

  expect(() => tool({ scenario: "it-helpdesk-mfa-reset", title: "IT helpdesk MFA reset", outcome: "won" })).toThrow();
  expect(screen.queryByTestId("call-debrief")).not.toBeInTheDocument();
});
