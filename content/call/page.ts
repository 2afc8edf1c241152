import { dataStatements } from "@/content/legal/data-practices";

/**
 * The call widget's strings that the server renders into the page (picture, heading, picker,
 * consent note): kept apart from call-widget.ts so none of them ships in client JavaScript.
 */
export const callWidgetPageText = {
  heading: "Try a vishing call",
  intro: "Pick a scenario, answer the phone, and see whether you would hold firm. Afterwards you get a red-flag debrief.",
  pictureAlt: "Try a vishing call",
  scenarioLegend: "Scenario",
  consent: {
    heading: "Before you call",
    points: [
      "This is a simulated call. The caller is an AI voice, not a person.",
      `On a voice call your voice is turned into text so the caller can answer; a typed call never uses the microphone. ${dataStatements.demoCallShort}`,
      "Never share a real password, code or bank detail: the caller will ask for one.",
    ],
  },
  noScript: "The demo call needs JavaScript. Everything else on this site works without it.",
  headphonesHint: "Use headphones if you can, so the caller does not hear itself.",
} as const;
