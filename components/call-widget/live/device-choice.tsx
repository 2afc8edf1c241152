"use client";

import { useEffect, useId, useRef, useState } from "react";
import { callDeviceText as text } from "@/content/call/devices";
import {
  browserStorage,
  canRouteOutput,
  DEFAULT_DEVICE,
  defaultDevices,
  deviceLists,
  fallbacksAfterChange,
  listDevices,
  remember,
  type DeviceIds,
  type DeviceKind,
  type DeviceLists,
  type DeviceOption,
} from "@/lib/call/devices";
import type { EngineControls } from "../engine-contract";

type DeviceChoiceProps = {
  controls: Pick<EngineControls, "devices" | "switchDevice">;
  /** Says what changed (a switch failed, a device was lost) in the call's status. */
  onNotice: (text: string) => void;
  /** The call's latest notice (a device lost), shown here as well as said in the call's status. */
  notice: string | null;
};

/**
 * The microphone and speaker of a voice call, chosen from the browser's lists (default first),
 * kept up to date as devices come and go, and remembered for the next call. Where the engine
 * cannot route a page's sound (Safari, Firefox without setSinkId), a short reason stands in for
 * the speaker list.
 *
 * It takes its place from the start of the call: while the call connects and until the browser
 * has listed the devices (about a second after it connects), the same lists stand there disabled,
 * holding only the defaults, so the captions below never move when they fill.
 */
export function DeviceChoice({ ready, ...props }: DeviceChoiceProps & { ready: boolean }) {
  const [routable] = useState(canRouteOutput);
  return ready ? <LiveDeviceChoice {...props} routable={routable} /> : <DeviceLists lists={null} routable={routable} />;
}

/** Before the browser's lists: the defaults alone, which is what the call starts on until told otherwise. */
const defaultsOnly: DeviceLists = { microphone: [{ id: DEFAULT_DEVICE, label: text.defaults.microphone }], speaker: [{ id: DEFAULT_DEVICE, label: text.defaults.speaker }] };

function LiveDeviceChoice({ controls, onNotice, notice, routable }: DeviceChoiceProps & { routable: boolean }) {
  const [lists, setLists] = useState<DeviceLists | null>(null);
  const [chosen, setChosen] = useState<DeviceIds>(() => controls.devices() ?? defaultDevices);
  /** What the lists show, and what the call uses: apart while a switch is under way. */
  const shown = useRef({ chosen, lists: null as DeviceLists | null });
  const inUse = useRef<Record<DeviceKind, string | null>>({ ...chosen });
  const switching = useRef<Promise<void>>(Promise.resolve());
  const handlers = useRef<{ choose(kind: DeviceKind, id: string): void }>({ choose: () => {} });

  useEffect(() => {
    const show = (kind: DeviceKind, id: string) => {
      shown.current.chosen = { ...shown.current.chosen, [kind]: id };
      setChosen(shown.current.chosen);
    };
    /**
     * Moves the call to the device the list shows, one switch at a time: the SDK refuses a switch
     * while another is under way, and a keyboard's arrow keys change a closed select at each press.
     */
    const apply = (kind: DeviceKind, visitorChose: boolean) => {
      switching.current = switching.current.then(async () => {
        const wanted = shown.current.chosen[kind];
        if (wanted === inUse.current[kind]) return;
        if (await controls.switchDevice(kind, wanted)) {
          inUse.current[kind] = wanted;
          const option = shown.current.lists?.[kind].find((candidate) => candidate.id === wanted);
          if (visitorChose && option) remember(browserStorage(), kind, option);
        } else if (visitorChose && shown.current.chosen[kind] === wanted) {
          show(kind, inUse.current[kind] ?? DEFAULT_DEVICE);
          const label = shown.current.lists?.[kind].find((candidate) => candidate.id === wanted)?.label ?? text.chosen[kind];
          onNotice(text.switchFailed(kind, label));
        }
      });
    };
    handlers.current = {
      choose: (kind, id) => {
        show(kind, id);
        apply(kind, true);
      },
    };

    let mounted = true;
    const refresh = async () => {
      const next = deviceLists(await listDevices());
      if (!mounted) return;
      const before = shown.current.lists ?? next;
      shown.current.lists = next;
      setLists(next);
      for (const fallback of fallbacksAfterChange(shown.current.chosen, before, next, routable)) {
        if (fallback.lostLabel !== null) onNotice(text.lost(fallback.kind, fallback.lostLabel));
        show(fallback.kind, DEFAULT_DEVICE);
        // The default may already be in use (the microphone that went away was it): reopen it all the same.
        inUse.current[fallback.kind] = null;
        apply(fallback.kind, false);
      }
    };
    void refresh();
    const media = typeof navigator === "undefined" ? undefined : navigator.mediaDevices;
    const onChange = () => void refresh();
    media?.addEventListener?.("devicechange", onChange);
    return () => {
      mounted = false;
      media?.removeEventListener?.("devicechange", onChange);
    };
  }, [controls, onNotice, routable]);

  const choose = (kind: DeviceKind, id: string) => handlers.current.choose(kind, id);
  return <DeviceLists lists={lists} routable={routable} chosen={chosen} onChoose={choose} notice={notice} />;
}

type DeviceListsProps = {
  /** Null until the browser has listed the devices: the lists then hold the defaults, disabled. */
  lists: DeviceLists | null;
  routable: boolean;
  chosen?: DeviceIds;
  onChoose?: (kind: DeviceKind, id: string) => void;
  notice?: string | null;
};

function DeviceLists({ lists, routable, chosen = defaultDevices, onChoose, notice }: DeviceListsProps) {
  const shown = lists ?? defaultsOnly;
  const choose = lists && onChoose ? onChoose : null;
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="call-devices" aria-busy={lists === null}>
      <DeviceSelect kind="microphone" options={shown.microphone} chosen={chosen.microphone} onChoose={choose} />
      {routable ? (
        <DeviceSelect kind="speaker" options={shown.speaker} chosen={chosen.speaker} onChoose={choose} />
      ) : (
        <p className="text-sm" data-testid="call-speaker-fixed">
          <span className="block font-semibold">{text.labels.speaker}</span>
          <span className="text-neutral-300">{text.speakerFixed}</span>
        </p>
      )}
      {notice && <p className="text-sm text-yellow-200 sm:col-span-2">{notice}</p>}
    </div>
  );
}

type DeviceSelectProps = {
  kind: DeviceKind;
  options: readonly DeviceOption[];
  chosen: string;
  /** Null while the lists are not in yet: the select is shown, disabled. */
  onChoose: ((kind: DeviceKind, id: string) => void) | null;
};

function DeviceSelect({ kind, options, chosen, onChoose }: DeviceSelectProps) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-semibold">
        {text.labels[kind]}
      </label>
      <select
        id={id}
        value={chosen}
        disabled={onChoose === null}
        onChange={(event) => onChoose?.(kind, event.target.value)}
        className="mt-1 block min-h-11 w-full min-w-0 max-w-full truncate rounded-lg border border-white/40 bg-neutral-900 px-3 text-sm text-white disabled:cursor-wait disabled:opacity-70"
      >
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
