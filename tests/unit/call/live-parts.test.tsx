import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CallTimer } from "@/components/call-widget/live/call-timer";
import { DebriefCard } from "@/components/call-widget/live/debrief-card";
import { MicrophoneHelp } from "@/components/call-widget/live/microphone-help";
import { TypedReply } from "@/components/call-widget/live/typed-reply";
import type { Debrief } from "@mockingbird/contract/debrief";
import { callerDebriefView } from "@/lib/call/debrief-view";
import { heldFirmDebrief } from "./support/debriefs";

describe("CallTimer", () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date("2025-01-01T12:00:00Z") });
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  const timer = () => screen.getByRole("timer", { name: "Time left in this call" });

  it("counts down once a second", () => {
    render(<CallTimer connectedAt={Date.now()} limitSeconds={180} />);
    act(() => jest.advanceTimersByTime(1_000));
    expect(timer()).toHaveTextContent("2:59");
    act(() => jest.advanceTimersByTime(64_000));
    expect(timer()).toHaveTextContent("1:55");
  });

  it("counts from when the call connected, not from when it rendered", () => {
    render(<CallTimer connectedAt={Date.now() - 30_000} limitSeconds={90} />);
    expect(timer()).toHaveTextContent("1:00");
  });

  it("announces the time left at 60 seconds, and only then", () => {
    render(<CallTimer connectedAt={Date.now()} limitSeconds={62} />);
    expect(screen.getByRole("status")).toHaveTextContent(/^$/);
    act(() => jest.advanceTimersByTime(2_000));
    expect(screen.getByRole("status")).toHaveTextContent("60 seconds left in this call.");
    act(() => jest.advanceTimersByTime(1_000));
    expect(screen.getByRole("status")).toHaveTextContent(/^$/);
  });
});

describe("TypedReply", () => {
  const setup = (autoFocus = false) => {
    const onSend = jest.fn();
    render(<TypedReply onSend={onSend} ready autoFocus={autoFocus} />);
    return { onSend, user: userEvent.setup(), input: screen.getByRole("textbox", { name: "Type a reply" }) };
  };

  it("stands disabled until the call connects: nothing to type into, nothing sent", () => {
    render(<TypedReply onSend={jest.fn()} ready={false} autoFocus={false} />);
    expect(screen.getByRole("textbox", { name: "Type a reply" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
  });

  it("sends the trimmed reply", async () => {
    const { onSend, user, input } = setup();
    await user.type(input, "   who is this?  ");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith("who is this?");
  });

  it("sends on Enter", async () => {
    const { onSend, user, input } = setup();
    await user.type(input, "no thanks{Enter}");
    expect(onSend).toHaveBeenCalledWith("no thanks");
  });

  it("ignores an empty or blank reply", async () => {
    const { onSend, user, input } = setup();
    await user.click(screen.getByRole("button", { name: "Send" }));
    await user.type(input, "    {Enter}");
    expect(onSend).not.toHaveBeenCalled();
  });

  it("clears the field after sending", async () => {
    const { user, input } = setup();
    await user.type(input, "hello{Enter}");
    expect(input).toHaveValue("");
  });

  it("accepts at most 500 characters", async () => {
    const { onSend, user, input } = setup();
    expect(input).toHaveAttribute("maxLength", "500");
    await user.click(input);
    await user.paste("a".repeat(600));
    expect(input).toHaveValue("a".repeat(500));
    await user.keyboard("{Enter}");
    expect(onSend).toHaveBeenCalledWith("a".repeat(500));
  });

  it("leaves the focus alone otherwise (a voice call)", () => {
    const { input } = setup(false);
    expect(input).not.toHaveFocus();
  });
});

describe("DebriefCard", () => {
  const debrief = heldFirmDebrief;
  const view = (shown: Debrief) => callerDebriefView(shown, "caller");

  const card = () => screen.getByTestId("call-debrief");

  it("says when the call ended early", () => {
    render(<DebriefCard debrief={view({ ...debrief, outcome: "ended-early" })} onClose={() => {}} />);
    expect(card()).toHaveTextContent("The call ended early");
  });

  it("names each tactic with the caller's line quoted", () => {
    render(<DebriefCard debrief={view(debrief)} onClose={() => {}} />);
    const items = within(card()).getAllByRole("listitem").slice(0, 2);
    expect(items[0]).toHaveTextContent("Authority");
    expect(items[0]?.querySelector("q")).toHaveTextContent("I am calling from IT security.");
    expect(items[1]).toHaveTextContent("Urgency");
    expect(items[1]?.querySelector("q")).toHaveTextContent("Your account will be locked in five minutes.");
  });

  it("tags a line with every tactic it used, the most prominent first, each once", () => {
    render(<DebriefCard debrief={view({ ...debrief, tacticsUsed: [{ tactics: ["urgency", "pretext"], line: "Send it before three, it's for the deal." }] })} onClose={() => {}} />);
    const item = within(card()).getAllByRole("listitem")[0]!;
    const tags = [...item.querySelectorAll("span")].map((tag) => tag.textContent);
    expect(tags).toEqual(["Urgency", "Pretext"]);
  });

  it("labels intimidation, social proof and rapport in the visitor's words", () => {
    const tacticsUsed: Debrief["tacticsUsed"] = [
      { tactics: ["intimidation", "rapport"], line: "I'm disappointed. This will come up in your review." },
      { tactics: ["social-proof"], line: "Everyone else on my list did it in a minute." },
    ];
    render(<DebriefCard debrief={view({ ...debrief, tacticsUsed })} onClose={() => {}} />);
    const tags = within(card()).getAllByRole("listitem").slice(0, 2).map((item) => [...item.querySelectorAll("span")].map((tag) => tag.textContent));
    expect(tags).toEqual([["Intimidation", "Rapport"], ["Social proof"]]);
  });

  it("says the caller did not escalate when no tactic was used", () => {
    render(<DebriefCard debrief={view({ ...debrief, tacticsUsed: [] })} onClose={() => {}} />);
    expect(card()).toHaveTextContent("The call ended before the caller escalated.");
  });

  it("shows the deciding moment with what the visitor said", () => {
    render(<DebriefCard debrief={view(debrief)} onClose={() => {}} />);
    expect(within(card()).getByRole("heading", { name: "The moment that decided it" })).toBeInTheDocument();
    expect(card()).toHaveTextContent("You refused to read out the code.");
    const said = within(card()).getByText(/^You said:/);
    expect(said.querySelector("q")).toHaveTextContent("I will call the helpdesk back myself.");
  });

  it("leaves out 'You said' when the visitor said nothing, and the moment when there is none", () => {
    const { rerender } = render(<DebriefCard debrief={view({ ...debrief, moment: { ...debrief.moment!, visitorSaid: null } })} onClose={() => {}} />);
    expect(card()).not.toHaveTextContent("You said");
    rerender(<DebriefCard debrief={view({ ...debrief, moment: null })} onClose={() => {}} />);
    expect(within(card()).queryByRole("heading", { name: "The moment that decided it" })).not.toBeInTheDocument();
  });

  it("closes through its button", async () => {
    const onClose = jest.fn();
    render(<DebriefCard debrief={view(debrief)} onClose={onClose} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Close debrief" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe("MicrophoneHelp", () => {
  const asBrowser = (userAgent: string) => jest.spyOn(window.navigator, "userAgent", "get").mockReturnValue(userAgent);

  afterEach(() => {
    jest.restoreAllMocks();
  });

  const steps = () => within(screen.getByTestId("call-microphone-help")).getAllByRole("listitem").map((item) => item.textContent);

  it("gives Firefox's steps in Firefox", () => {
    asBrowser("Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0");
    render(<MicrophoneHelp />);
    expect(screen.getByRole("heading", { name: "How to allow the microphone (Firefox)" })).toBeInTheDocument();
    expect(steps()).toEqual([
      "Click the crossed-out microphone icon in the address bar.",
      "Remove the Blocked temporarily or Blocked permission.",
      "Press Start Call again and choose Allow.",
    ]);
  });

  it("gives general steps in a browser it does not know", () => {
    asBrowser("curl/8");
    render(<MicrophoneHelp />);
    expect(screen.getByRole("heading", { name: "How to allow the microphone (your browser)" })).toBeInTheDocument();
    expect(steps()).toEqual(["Open this site's settings from the address bar.", "Allow the microphone for this site.", "Press Start Call again."]);
  });

});
