/** The call's choice of microphone and speaker (components/call-widget/live/device-choice.tsx); ships in the on-intent chunk. */
export type DeviceKind = "microphone" | "speaker";

export const callDeviceText = {
  labels: { microphone: "Microphone", speaker: "Speaker" },
  /** The first option of each list: whatever the browser and the system use unless told otherwise. */
  defaults: { microphone: "Default microphone", speaker: "Default speaker" },
  /** A device the browser does not name (it names none before the microphone is allowed). */
  unnamed: { microphone: (position: number) => `Microphone ${position}`, speaker: (position: number) => `Speaker ${position}` },
  /** A lost device the page had not yet seen listed. */
  chosen: { microphone: "The chosen microphone", speaker: "The chosen speaker" },
  /** Instead of the speaker list, where the browser cannot send a page's sound to a chosen device (Safari, Firefox without setSinkId). */
  speakerFixed: "This browser plays the call through your system's speaker. Change it in your system's sound settings.",
  /** Said in the call's status when the chosen device goes away mid-call (a headset pulled out). */
  lost: (kind: DeviceKind, label: string) => `${label} was disconnected. The call now uses the default ${kind}.`,
  /** Said when a device the visitor chose could not be started; the call keeps the one it had. */
  switchFailed: (kind: DeviceKind, label: string) => `${label} could not be used. The call keeps its current ${kind}.`,
} as const;
