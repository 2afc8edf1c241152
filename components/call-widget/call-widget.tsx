import { defaultScenarioId } from "@mockingbird/contract/scenarios";
import { callScenarios } from "@/content/call/scenarios";
import { callWidgetPageText as text } from "@/content/call/page";
import { CallController } from "./call-controller";

/**
 * The call widget's static shell: picture, heading, scenario picker and consent note are
 * plain server-rendered HTML. Only the controller (buttons, badges, the call) hydrates, and
 * the voice SDK behind it loads when the visitor shows intent.
 */
export function CallWidget({ headingLevel = 2, anchorId }: { headingLevel?: 1 | 2; anchorId?: string }) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section aria-labelledby="call-widget-heading" className="rounded-3xl border border-line bg-neutral-950 p-6 text-white">
      <div className="flex items-start gap-4">
        {/* A 1 KB vector at a fixed size: next/image would add its client code for nothing. */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img src="/images/vishing-call.svg" alt={text.pictureAlt} width={64} height={64} decoding="async" className="size-16 shrink-0" />
        <div>
          <Heading id="call-widget-heading" className="text-xl font-semibold">
            {text.heading}
          </Heading>
          <p className="mt-1 text-sm leading-6 text-neutral-300">{text.intro}</p>
        </div>
      </div>

      <CallController
        anchorId={anchorId}
        scenarioPicker={
          <>
            <legend className="text-sm font-semibold">{text.scenarioLegend}</legend>
            <div className="mt-2 grid gap-2">
              {callScenarios.map((scenario) => (
                <label
                  key={scenario.id}
                  className="flex cursor-pointer items-start gap-3 rounded-xl border border-line px-3 py-2 has-[:checked]:border-white has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70"
                >
                  <input
                    type="radio"
                    name="scenario"
                    value={scenario.id}
                    defaultChecked={scenario.id === defaultScenarioId}
                    className="mt-1 size-4 shrink-0 accent-white"
                  />
                  <span>
                    <span className="block text-sm font-semibold">{scenario.label}</span>
                    <span className="block text-sm text-neutral-400">{scenario.caller}</span>
                  </span>
                </label>
              ))}
            </div>
          </>
        }
        noScriptNote={<p className="text-sm text-neutral-300">{text.noScript}</p>}
        consentNote={
          <div className="rounded-xl bg-white/5 px-4 py-3 text-sm leading-5 text-neutral-300">
            <p className="font-semibold text-white">{text.consent.heading}</p>
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {text.consent.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
            <p className="mt-1.5">{text.headphonesHint}</p>
          </div>
        }
      />
    </section>
  );
}
