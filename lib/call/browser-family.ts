import type { BrowserFamily } from "@/content/microphone-help";

/**
 * Which browser's settings to explain, from the user agent. Order matters: Edge and
 * Chrome on iOS all say "Safari", and Edge also says "Chrome".
 */
export function browserFamily(userAgent: string): BrowserFamily {
  const ua = userAgent.toLowerCase();
  if (/iphone|ipad|ipod/.test(ua)) return "safari-ios";
  if (ua.includes("firefox/") || ua.includes("fxios/")) return "firefox";
  if (ua.includes("edg/")) return "edge";
  if (ua.includes("android") && ua.includes("chrome/")) return "chrome-android";
  if (ua.includes("chrome/") || ua.includes("chromium/")) return "chrome";
  if (ua.includes("safari/") && ua.includes("macintosh")) return "safari-mac";
  return "other";
}
