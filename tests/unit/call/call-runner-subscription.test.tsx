/**
 * The widget's hook subscribes to its call runner after its first render. A tap can land in
 * between (WebKitGTK under load, right after hydration): the runner then changes with no one
 * listening, and the page must still show, and mount, what it did.
 */
import { renderHook } from "@testing-library/react";
import { useCall } from "@/components/call-widget/use-call";

jest.mock("@/components/call-widget/call-runner", () => ({
  /** A runner whose call starts in the moment between the hook's first render and its subscription. */
  CallRunner: class {
    private view = { machine: "idle", engine: null, active: null };
    readonly snapshot = () => this.view;
    readonly subscribe = () => {
      this.view = { ...this.view, machine: "connecting" };
      return () => {};
    };
    dispose() {}
  },
}));

it("shows a call started before the widget's hook listened to its runner", () => {
  const { result } = renderHook(() => useCall());
  expect(result.current.machine).toBe("connecting");
});
