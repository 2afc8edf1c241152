/**
 * Ships in the on-intent chunk, shown after a visitor refused the microphone: the steps to
 * re-allow it in their own browser. Browsers do not ask twice, so without these the visitor
 * is stuck. On iOS every browser also needs the system's own microphone switch for that app.
 */
export type BrowserFamily =
  | "chrome"
  | "edge"
  | "opera"
  | "firefox"
  | "safari-mac"
  | "safari-ios"
  | "chrome-ios"
  | "firefox-ios"
  | "edge-ios"
  | "chrome-android"
  | "edge-android"
  | "firefox-android"
  | "samsung-internet"
  | "gnome-web"
  | "other";

type Help = { browser: string; steps: readonly string[] };

/** Third-party browsers on iOS: a refusal is undone in the Settings app, where each app has its own switch. */
const iosApp = (app: string): Help => ({
  browser: `${app} on iPhone or iPad`,
  steps: [
    `Open the Settings app, then Apps > ${app}, and turn Microphone on.`,
    `Come back to ${app} and reload this page.`,
    "Press Start Call again and tap Allow.",
  ],
});

export const microphoneHelp: Record<BrowserFamily, Help> = {
  chrome: {
    browser: "Chrome",
    steps: [
      "Click the site controls icon at the left of the address bar.",
      "Set Microphone to Allow.",
      "Press Start Call again (reload the page if Chrome asks you to).",
    ],
  },
  edge: {
    browser: "Edge",
    steps: [
      "Click the lock icon at the left of the address bar.",
      "Open Permissions for this site and set Microphone to Allow.",
      "Press Start Call again.",
    ],
  },
  opera: {
    browser: "Opera",
    steps: [
      "Click the lock icon at the left of the address bar, then Site settings.",
      "Set Microphone to Allow.",
      "Reload the page and press Start Call again.",
    ],
  },
  firefox: {
    browser: "Firefox",
    steps: [
      "Click the crossed-out microphone icon in the address bar.",
      "Remove the Blocked temporarily or Blocked permission.",
      "Press Start Call again and choose Allow.",
    ],
  },
  "safari-mac": {
    browser: "Safari",
    steps: [
      "Open Safari > Settings for This Website (or Settings > Websites > Microphone).",
      "Set Microphone for this site to Allow or Ask.",
      "Press Start Call again.",
    ],
  },
  "safari-ios": {
    browser: "Safari on iPhone or iPad",
    steps: [
      "Tap the page settings button (aA) in the address bar, then Website Settings.",
      "Set Microphone to Allow or Ask.",
      "Press Start Call again.",
    ],
  },
  "chrome-ios": iosApp("Chrome"),
  "firefox-ios": iosApp("Firefox"),
  "edge-ios": iosApp("Edge"),
  "chrome-android": {
    browser: "Chrome on Android",
    steps: [
      "Tap the site settings icon at the left of the address bar, then Permissions.",
      "Turn Microphone on.",
      "Press Start Call again.",
    ],
  },
  "edge-android": {
    browser: "Edge on Android",
    steps: [
      "Tap the lock icon at the left of the address bar, then Permissions.",
      "Set Microphone to Allow.",
      "Press Start Call again.",
    ],
  },
  "firefox-android": {
    browser: "Firefox on Android",
    steps: [
      "Tap the lock icon at the left of the address bar.",
      "Set Microphone to Allowed.",
      "Press Start Call again.",
    ],
  },
  "samsung-internet": {
    browser: "Samsung Internet",
    steps: [
      "Tap the lock icon at the left of the address bar, then Permissions.",
      "Allow the microphone for this site.",
      "Press Start Call again. If it is still refused, open Settings > Apps > Samsung Internet > Permissions and allow Microphone.",
    ],
  },
  "gnome-web": {
    browser: "GNOME Web",
    steps: [
      "Click the lock icon at the left of the address bar.",
      "Set Microphone to Allow.",
      "Press Start Call again.",
    ],
  },
  other: {
    browser: "your browser",
    steps: [
      "Open this site's settings from the address bar.",
      "Allow the microphone for this site.",
      "Press Start Call again.",
    ],
  },
};
