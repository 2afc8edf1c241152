/** @jest-environment node */
import { SilenceWatch } from "../src/server/session/silence";

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function setUp(silenceEndCallMs = 30_000) {
  const events: string[] = [];
  const watch = new SilenceWatch({
    turnTimeoutMs: 7_000,
    silenceEndCallMs,
    onTurnTimeout: () => events.push("re-prompt"),
    onSilenceTimeout: () => events.push("end"),
  });
  return { watch, events };
}

describe("a silent visitor", () => {
  it("is prompted again once the turn timeout has passed after the caller's line", () => {
    const { watch, events } = setUp();
    watch.start(false);
    watch.waitForVisitor();
    jest.advanceTimersByTime(6_999);
    expect(events).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(events).toEqual(["re-prompt"]);
  });

  it("is waited on from the start when the caller does not open", () => {
    const { watch, events } = setUp();
    watch.start(true);
    jest.advanceTimersByTime(7_000);
    expect(events).toEqual(["re-prompt"]);
  });

  it("is not prompted while the caller speaks, nor after speaking, typing or user activity", () => {
    const { watch, events } = setUp();
    watch.start(false);
    watch.waitForVisitor();
    jest.advanceTimersByTime(5_000);
    watch.callerTurn();
    jest.advanceTimersByTime(10_000);
    watch.waitForVisitor();
    jest.advanceTimersByTime(5_000);
    watch.visitorActive();
    jest.advanceTimersByTime(10_000);
    expect(events).toEqual([]);
  });

  it("ends the call once the silence timeout has passed since the visitor was last heard, re-prompts or not", () => {
    const { watch, events } = setUp();
    watch.start(false);
    jest.advanceTimersByTime(20_000);
    watch.visitorActive();
    for (let prompt = 0; prompt < 3; prompt++) {
      watch.waitForVisitor();
      jest.advanceTimersByTime(7_000);
      watch.callerTurn();
      jest.advanceTimersByTime(2_000);
    }
    expect(events).toEqual(["re-prompt", "re-prompt", "re-prompt"]);
    jest.advanceTimersByTime(3_000);
    expect(events.at(-1)).toBe("end");
    watch.waitForVisitor();
    jest.advanceTimersByTime(60_000);
    expect(events.filter((event) => event === "end")).toHaveLength(1);
  });

  it("never ends the call when the silence timeout is off (the service's -1)", () => {
    const { watch, events } = setUp(Number.POSITIVE_INFINITY);
    watch.start(false);
    jest.advanceTimersByTime(3_600_000);
    expect(events).toEqual([]);
  });

  it("is not watched before the call starts listening, nor once it stops", () => {
    const { watch, events } = setUp();
    watch.waitForVisitor();
    watch.visitorActive();
    jest.advanceTimersByTime(60_000);
    watch.start(true);
    watch.stop();
    jest.advanceTimersByTime(60_000);
    expect(events).toEqual([]);
  });
});
