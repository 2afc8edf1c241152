"use client";

import { useEffect } from "react";
import { buttonStyles } from "@/components/ui/button-styles";

export const unexpectedErrorTitle = "Unexpected Application Error!";

/** What a visitor sees when rendering fails: the spec's title and a way out, never a stack trace. */
export function UnexpectedError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error("Unexpected application error", error.digest ?? error.message);
  }, [error]);

  return (
    <div role="alert" className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center px-5 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight">{unexpectedErrorTitle}</h1>
      <p className="mt-4 leading-7 text-neutral-300">Something went wrong on our side. Please try again, or go back to the home page.</p>
      {error.digest ? <p className="mt-2 text-sm text-muted">Reference: {error.digest}</p> : null}
      <div className="mt-8 flex gap-3">
        <button type="button" onClick={reset} className={buttonStyles.primary}>
          Try again
        </button>
        {/* A full reload is the safest way home after a render failure, so not a client-side Link. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a href="/" className={buttonStyles.outline}>
          Return to Home
        </a>
      </div>
    </div>
  );
}
