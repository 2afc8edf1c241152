"use client";

import { useSyncExternalStore } from "react";
import { callLiveText as text } from "@/content/call/live";
import { microphoneHelp } from "@/content/call/microphone-help";
import { browserFamily } from "@/lib/call/browser-family";

const noSubscription = () => () => {};

/** Browsers do not ask twice: after a refusal, the visitor needs their own browser's steps. */
export function MicrophoneHelp() {
  const family = useSyncExternalStore(noSubscription, () => browserFamily(navigator), () => "other" as const);
  const help = microphoneHelp[family];
  return (
    <section aria-labelledby="call-microphone-help" className="rounded-xl border border-line p-4 text-sm leading-6" data-testid="call-microphone-help">
      <h3 id="call-microphone-help" className="font-semibold">
        {text.microphoneHelp.heading} ({help.browser})
      </h3>
      <ol className="mt-1 list-decimal space-y-1 pl-5 text-neutral-300">
        {help.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="mt-2 text-neutral-300">{text.microphoneHelp.typedHint}</p>
    </section>
  );
}
