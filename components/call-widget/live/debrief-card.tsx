"use client";

import { callLiveText as text } from "@/content/call/live";
import type { Debrief } from "@mockingbird/contract/debrief";

const outcomeTone: Record<Debrief["outcome"], string> = {
  complied: "text-rose-300",
  "held-firm": "text-green-300",
  verified: "text-green-300",
  "ended-early": "text-yellow-200",
};

/** The red-flag debrief the agent sends through its client tool call, as the visitor reads it. */
export function DebriefCard({ debrief, onClose }: { debrief: Debrief; onClose: () => void }) {
  const { debrief: words } = text;
  return (
    <section aria-labelledby="call-debrief-heading" className="rounded-xl border border-line bg-white/5 p-4 text-sm leading-6 [overflow-wrap:anywhere]" data-testid="call-debrief">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 id="call-debrief-heading" className="text-base font-semibold">
            {words.heading}: {debrief.title}
          </h3>
          <p className={`font-semibold ${outcomeTone[debrief.outcome]}`}>{words.outcomes[debrief.outcome]}</p>
        </div>
        <button type="button" onClick={onClose} className="min-h-11 rounded-full border border-white/30 px-4 text-xs font-semibold hover:bg-white/10">
          {text.buttons.closeDebrief}
        </button>
      </div>

      <h4 className="mt-4 font-semibold">{words.tacticsHeading}</h4>
      {debrief.tacticsUsed.length === 0 ? (
        <p className="text-neutral-300">{words.noTactics}</p>
      ) : (
        <ol className="mt-1 space-y-2">
          {debrief.tacticsUsed.map((use, index) => (
            <li key={index}>
              <span className="mr-2 rounded-full bg-rose-950 px-2 py-0.5 text-xs font-semibold text-rose-200 ring-1 ring-rose-800">{words.tactics[use.tactic]}</span>
              <q className="text-neutral-300">{use.line}</q>
            </li>
          ))}
        </ol>
      )}

      {debrief.moment && (
        <>
          <h4 className="mt-4 font-semibold">{words.momentHeading}</h4>
          <p className="text-neutral-300">{debrief.moment.summary}</p>
          {debrief.moment.visitorSaid && (
            <p className="text-neutral-300">
              {words.youSaid}: <q>{debrief.moment.visitorSaid}</q>
            </p>
          )}
        </>
      )}

      <h4 className="mt-4 font-semibold">{words.nextTimeHeading}</h4>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-neutral-300">
        {debrief.nextTime.map((advice) => (
          <li key={advice}>{advice}</li>
        ))}
      </ul>
    </section>
  );
}
