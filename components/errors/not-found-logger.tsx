"use client";

import { useEffect } from "react";

/** The 404 page is pre-rendered, so only the browser knows which path was missing. */
export function NotFoundLogger() {
  useEffect(() => {
    console.error(`404: no page at ${window.location.pathname}${window.location.search}`);
  }, []);
  return null;
}
