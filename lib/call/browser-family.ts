import type { BrowserFamily } from "@/content/call/microphone-help";

type Client = { userAgent: string; maxTouchPoints?: number };

/**
 * Which browser's settings to explain, from the user agent. Order matters: every iOS browser
 * says "Safari" (and names itself with a token of its own), Edge, Opera and Samsung Internet
 * also say "Chrome", and iPadOS asks for desktop sites with a Mac user agent (only its touch
 * points give it away).
 */
export function browserFamily({ userAgent, maxTouchPoints = 0 }: Client): BrowserFamily {
  const ua = userAgent.toLowerCase();
  const ios = /iphone|ipad|ipod/.test(ua) || (ua.includes("macintosh") && maxTouchPoints > 1);
  if (ios) {
    if (ua.includes("crios/")) return "chrome-ios";
    if (ua.includes("fxios/")) return "firefox-ios";
    if (ua.includes("edgios/")) return "edge-ios";
    return "safari-ios";
  }
  const android = ua.includes("android");
  if (ua.includes("samsungbrowser/")) return "samsung-internet";
  if (ua.includes("firefox/")) return android ? "firefox-android" : "firefox";
  if (ua.includes("edga/") || (android && ua.includes("edg/"))) return "edge-android";
  if (ua.includes("edg/")) return "edge";
  if (ua.includes("opr/") || ua.includes("opera")) return "opera";
  if (android && ua.includes("chrome/")) return "chrome-android";
  if (ua.includes("chrome/") || ua.includes("chromium/")) return "chrome";
  if (ua.includes("safari/") && ua.includes("macintosh") && ua.includes("version/")) return "safari-mac";
  // WebKitGTK browsers (GNOME Web, Epiphany) present themselves as Safari on Linux.
  if (ua.includes("applewebkit/") && ua.includes("safari/") && /linux|x11/.test(ua)) return "gnome-web";
  return "other";
}
