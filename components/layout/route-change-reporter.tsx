"use client";

import { inject, pageview } from "@vercel/analytics";
import { usePathname, useSearchParams } from "next/navigation";
import { useEffect, useRef } from "react";
import { ensureAnalyticsQueue, pageViewPath } from "@/lib/analytics/page-view";

const analyticsScript = process.env.NEXT_PUBLIC_ANALYTICS_SCRIPT;

function startAnalytics() {
  if (analyticsScript) inject({ scriptSrc: analyticsScript, disableAutoTrack: true, framework: "next", mode: "production" });
  else ensureAnalyticsQueue();
}

/** On every route change: jump to the top instantly and report one page view with its query. */
export function RouteChangeReporter() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const started = useRef(false);
  const firstView = useRef(true);

  useEffect(() => {
    if (!started.current) {
      startAnalytics();
      started.current = true;
    }
    // The first view keeps the browser's own position (a reload or a #anchor link).
    if (!firstView.current && !window.location.hash) window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    firstView.current = false;
    pageview({ route: pathname, path: pageViewPath(pathname, search) });
  }, [pathname, search]);

  return null;
}
