import { browserFamily } from "@/lib/call/browser-family";

const userAgents = {
  chromeWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  edgeWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68",
  firefoxMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0",
  safariMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  safariIphone: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  chromeIphone: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
  firefoxIpad: "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15",
  chromeAndroid: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36",
  firefoxAndroid: "Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0",
  chromiumLinux: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/125.0.0.0 Safari/537.36",
};

describe("browserFamily", () => {
  it("recognises desktop Chrome", () => {
    expect(browserFamily(userAgents.chromeWindows)).toBe("chrome");
  });

  it("recognises Chromium as Chrome", () => {
    expect(browserFamily(userAgents.chromiumLinux)).toBe("chrome");
  });

  it("recognises Edge although it also says Chrome", () => {
    expect(browserFamily(userAgents.edgeWindows)).toBe("edge");
  });

  it("recognises Firefox on desktop and on Android", () => {
    expect(browserFamily(userAgents.firefoxMac)).toBe("firefox");
    expect(browserFamily(userAgents.firefoxAndroid)).toBe("firefox");
  });

  it("recognises Safari on a Mac", () => {
    expect(browserFamily(userAgents.safariMac)).toBe("safari-mac");
  });

  it("sends every iPhone and iPad browser to the iOS settings", () => {
    expect(browserFamily(userAgents.safariIphone)).toBe("safari-ios");
    expect(browserFamily(userAgents.chromeIphone)).toBe("safari-ios");
    expect(browserFamily(userAgents.firefoxIpad)).toBe("safari-ios");
  });

  it("recognises Chrome on Android", () => {
    expect(browserFamily(userAgents.chromeAndroid)).toBe("chrome-android");
  });

  it("falls back to other for an unknown or empty user agent", () => {
    expect(browserFamily("curl/8.5.0")).toBe("other");
    expect(browserFamily("")).toBe("other");
  });
});
