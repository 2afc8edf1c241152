/**
 * The device choice's timing rules, which a browser run cannot pin down: switches one at a time
 * (a keyboard's arrows change a closed select at each press), a failed switch undone and said.
 * Lists, fallbacks and the remembered choice as a visitor sees them: tests/e2e/call-widget-devices.spec.ts.
 */
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { DeviceChoice } from "@/components/call-widget/live/device-choice";
import { callDeviceText as text } from "@/content/call/devices";
import { readRemembered } from "@/lib/call/devices";

const devices = [
  { kind: "audioinput", deviceId: "mic-1", label: "Laptop microphone" },
  { kind: "audioinput", deviceId: "mic-2", label: "USB headset" },
  { kind: "audiooutput", deviceId: "out-1", label: "Laptop speakers" },
];

beforeEach(() => {
  localStorage.clear();
  Object.defineProperty(navigator, "mediaDevices", {
    configurable: true,
    value: { enumerateDevices: async () => devices, addEventListener: () => {}, removeEventListener: () => {} },
  });
  Object.defineProperty(HTMLMediaElement.prototype, "setSinkId", { configurable: true, value: async () => {} });
});

function renderChoice(switchDevice: (kind: string, id: string) => Promise<boolean>) {
  const onNotice = jest.fn();
  const controls = { devices: () => ({ microphone: "", speaker: "" }), switchDevice: jest.fn(switchDevice) };
  render(<DeviceChoice ready controls={controls} onNotice={onNotice} notice={null} />);
  return { onNotice, controls };
}

/** The microphone list once the browser's devices are in (until then it stands disabled, holding the default). */
async function microphone(): Promise<HTMLElement> {
  await waitFor(() => expect(screen.getByRole("combobox", { name: text.labels.microphone })).toBeEnabled());
  return screen.getByRole("combobox", { name: text.labels.microphone });
}

it("stands in its place from the start of the call, disabled and holding the defaults, and fills once the call is connected", async () => {
  const controls = { devices: () => ({ microphone: "", speaker: "" }), switchDevice: jest.fn(async () => true) };
  const { rerender } = render(<DeviceChoice ready={false} controls={controls} onNotice={jest.fn()} notice={null} />);
  for (const kind of ["microphone", "speaker"] as const) {
    const list = screen.getByRole("combobox", { name: text.labels[kind] });
    expect(list).toBeDisabled();
    expect(within(list).getAllByRole("option").map((option) => option.textContent)).toEqual([text.defaults[kind]]);
  }

  rerender(<DeviceChoice ready controls={controls} onNotice={jest.fn()} notice={null} />);

  const list = await microphone();
  expect(within(list).getAllByRole("option").length).toBeGreaterThan(1);
});

it("switches one device at a time: choices passed over while a switch is under way are skipped, the last one is applied and remembered", async () => {
  const pending: (() => void)[] = [];
  const { controls } = renderChoice(() => new Promise((resolve) => pending.push(() => resolve(true))));
  const select = await microphone();
  fireEvent.change(select, { target: { value: "mic-1" } });
  await waitFor(() => expect(pending).toHaveLength(1));
  fireEvent.change(select, { target: { value: "" } });
  fireEvent.change(select, { target: { value: "mic-2" } });
  await act(async () => pending.shift()!());
  await waitFor(() => expect(pending).toHaveLength(1));
  await act(async () => pending.shift()!());
  expect(controls.switchDevice.mock.calls).toEqual([
    ["microphone", "mic-1"],
    ["microphone", "mic-2"],
  ]);
  expect(select).toHaveValue("mic-2");
  await waitFor(() => expect(readRemembered(localStorage)).toEqual({ microphone: { id: "mic-2", label: "USB headset" } }));
});

it("puts the list back on the device in use when the chosen one cannot be started, says so, and remembers nothing", async () => {
  const { onNotice } = renderChoice(async () => false);
  const select = await microphone();
  fireEvent.change(select, { target: { value: "mic-2" } });
  await waitFor(() => expect(onNotice).toHaveBeenCalledWith(text.switchFailed("microphone", "USB headset")));
  expect(select).toHaveValue("");
  expect(readRemembered(localStorage)).toEqual({});
});
