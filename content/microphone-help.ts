/**
 * Steps to re-allow the microphone after a visitor refused it, per browser. Browsers do
 * not ask twice, so without these the visitor is stuck.
 */
export type BrowserFamily = "chrome" | "edge" | "firefox" | "safari-mac" | "safari-ios" | "chrome-android" | "other";

export const microphoneHelp: Record<BrowserFamily, { browser: string; steps: readonly string[] }> = {
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
  "chrome-android": {
    browser: "Chrome on Android",
    steps: [
      "Tap the site settings icon at the left of the address bar, then Permissions.",
      "Turn Microphone on.",
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
