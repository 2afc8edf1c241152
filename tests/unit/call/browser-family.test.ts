import { browserFamily } from "@/lib/call/browser-family";
import { microphoneHelp } from "@/content/call/microphone-help";

const userAgents = {
  chromeWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  chromiumLinux: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/125.0.0.0 Safari/537.36",
  edgeWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68",
  operaWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/112.0.0.0",
  firefoxMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0",
  firefoxLinuxEsr: "Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0",
  safariMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  safariIphone: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  chromeIphone: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
  firefoxIpad: "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15",
  edgeIphone: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/126.2592.56 Mobile/15E148 Safari/605.1.15",
  chromeAndroid: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36",
  edgeAndroid: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 EdgA/126.0.2592.80",
  firefoxAndroid: "Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0",
  samsungInternet: "Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
  webkitGtk: "Mozilla/5.0 (X11; Ubuntu; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15",
};

const family = (userAgent: string, maxTouchPoints = 0) => browserFamily({ userAgent, maxTouchPoints });

describe("browserFamily", () => {
  it.each<[string, [userAgent: string, family: string, maxTouchPoints?: number][]]>([
    ["recognises desktop Chrome and Chromium as Chrome", [[userAgents.chromeWindows, "chrome"], [userAgents.chromiumLinux, "chrome"]]],
    ["recognises Edge and Opera although they also say Chrome", [[userAgents.edgeWindows, "edge"], [userAgents.operaWindows, "opera"]]],
    ["recognises Firefox on the desktop, Firefox ESR included", [[userAgents.firefoxMac, "firefox"], [userAgents.firefoxLinuxEsr, "firefox"]]],
    ["recognises Safari on a Mac", [[userAgents.safariMac, "safari-mac"]]],
    ["recognises Safari on iPhone, and an iPad asking for the desktop site by its touch points", [[userAgents.safariIphone, "safari-ios"], [userAgents.safariMac, "safari-ios", 5]]],
    ["sends Chrome, Firefox and Edge on iOS to their own switch in the Settings app", [[userAgents.chromeIphone, "chrome-ios"], [userAgents.firefoxIpad, "firefox-ios"], [userAgents.edgeIphone, "edge-ios"]]],
    [
      "recognises Chrome, Edge, Firefox and Samsung Internet on Android",
      [[userAgents.chromeAndroid, "chrome-android"], [userAgents.edgeAndroid, "edge-android"], [userAgents.firefoxAndroid, "firefox-android"], [userAgents.samsungInternet, "samsung-internet"]],
    ],
    ["recognises WebKitGTK browsers as GNOME Web", [[userAgents.webkitGtk, "gnome-web"]]],
    ["falls back to other for an unknown or empty user agent", [["curl/8.5.0", "other"], ["", "other"]]],
  ])("%s", (_name, cases) => {
    for (const [userAgent, expected, maxTouchPoints] of cases) expect(family(userAgent, maxTouchPoints)).toBe(expected);
  });

  it("names the browser and gives three steps for every family it can recognise", () => {
    for (const [name, help] of Object.entries(microphoneHelp)) {
      expect(help.browser).not.toBe("");
      expect(help.steps.length).toBeGreaterThanOrEqual(3);
      if (name !== "other") expect(help.steps.join(" ")).toMatch(/Start Call/);
    }
  });
});
