"use client";

import { useRef } from "react";
import { callLiveText as text } from "@/content/call/live";
import { headerActions } from "@/content/navigation";
import type { DebriefOutcome } from "@mockingbird/contract/debrief";
import type { DebriefView } from "@/lib/call/debrief-view";
import { hrefOf } from "@/lib/config/site-links";
import { ExternalLink } from "@/components/ui/external-link";
import { useRevealOnAppear } from "../use-reveal";

const outcomeTone: Record<DebriefOutcome, string> = {
  complied: "text-rose-300",
  "held-firm": "text-green-300",
  verified: "text-green-300",
  "ended-early": "text-yellow-200",
};

/**
 * The red-flag debrief as the visitor reads it when the call ends: how it ended, the caller's
 * own debrief (its tool call) or the widget's (lib/call/debrief-view.ts), and the next step.
 */
export function DebriefCard({ debrief, onClose }: { debrief: DebriefView; onClose: () => void }) {
  const { debrief: words } = text;
  const card = useRef<HTMLElement>(null);
  useRevealOnAppear(card, true, "start");
  return (
    <section ref={card} aria-labelledby="call-debrief-heading" className="scroll-mt-4 rounded-xl border border-line bg-white/5 p-4 text-sm leading-6 [overflow-wrap:anywhere]" data-testid="call-debrief" data-source={debrief.source}>
      <div className="flex items-start justify-between gap-3">
        <div>
          {debrief.ending && (
            <p className="text-neutral-300" data-testid="call-ending">
              <span className="font-semibold text-white">{words.ended}.</span> {words.endings[debrief.ending]}
            </p>
          )}
          <h3 id="call-debrief-heading" className="text-base font-semibold">
            {words.heading}: {debrief.title}
          </h3>
          {debrief.outcome ? <p className={`font-semibold ${outcomeTone[debrief.outcome]}`}>{words.outcomes[debrief.outcome]}</p> : <p className="text-neutral-300">{words.unknownOutcome}</p>}
        </div>
        <button type="button" onClick={onClose} className="min-h-11 shrink-0 rounded-full border border-white/30 px-4 text-xs font-semibold hover:bg-white/10">
          {text.buttons.closeDebrief}
        </button>
      </div>

      <h4 className="mt-4 font-semibold">{debrief.source === "caller" ? words.tacticsHeading : words.linesHeading}</h4>
      {debrief.lines.length === 0 ? (
        <p className="text-neutral-300">{words.noTactics}</p>
      ) : (
        <ol className="mt-1 space-y-2">
          {debrief.lines.map((use, index) => (
            <li key={index}>
              {use.tactics.map((tactic) => (
                <span key={tactic} className="mr-2 rounded-full bg-rose-950 px-2 py-0.5 text-xs font-semibold text-rose-200 ring-1 ring-rose-800">
                  {words.tactics[tactic]}
                </span>
              ))}
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

      {debrief.nextTime.length > 0 && (
        <>
          <h4 className="mt-4 font-semibold">{words.nextTimeHeading}</h4>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-neutral-300">
            {debrief.nextTime.map((advice) => (
              <li key={advice}>{advice}</li>
            ))}
          </ul>
        </>
      )}

      {debrief.redFlags.length > 0 && (
        <>
          <h4 className="mt-4 font-semibold">{words.redFlagsHeading}</h4>
          <ul className="mt-1 space-y-1 text-neutral-300">
            {debrief.redFlags.map(({ tactic, tip }) => (
              <li key={tactic}>
                <span className="font-semibold text-white">{words.tactics[tactic]}:</span> {tip}
              </li>
            ))}
          </ul>
        </>
      )}

      <p className="mt-4 border-t border-line pt-3 text-neutral-300">
        {words.nextStep}{" "}
        <ExternalLink href={hrefOf(headerActions.book.href)} className="font-semibold text-white underline underline-offset-4">
          {headerActions.book.label}
        </ExternalLink>
      </p>
    </section>
  );
}
