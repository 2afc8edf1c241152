/**
 * The house style every page is held to (tests/unit/house-style.test.ts runs the checks of
 * lib/editorial over all content): one glossary, the words that make a claim about the world,
 * and the repetition budget.
 */

/** One spelling per term. `avoid` lists the forms that mean the same; quotations keep their source's words. */
export const glossary = [
  { use: "help desk (help-desk before a noun)", avoid: [/\bhelpdesks?\b/i] },
  { use: "email", avoid: [/\be-mails?\b/i] },
  { use: "cybersecurity", avoid: [/\bcyber[ -]security\b(?! Centr)/i] },
  { use: "deepfake", avoid: [/\bdeep[ -]fakes?\b/i] },
  { use: "sub-processor", avoid: [/\bsubprocessors?\b/i] },
  { use: "AI voice coach", avoid: [/\bvoice AI coach/i, /\bvoice-enabled AI coach/i] },
  { use: "one-to-one (1:1 only in the feature's name, 1:1 AI voice coaching)", avoid: [/\b1:1\b(?! AI voice coaching)/, /\bone[ -]on[ -]one\b/i] },
  { use: "US", avoid: [/\bU\.S\.(?=[\s,;)]|$)/] },
  { use: "%", avoid: [/\bper ?cent\b/i] },
  { use: "WhatsApp", avoid: [/\b(?!WhatsApp\b)[Ww]hats ?[Aa]pp\b/] },
  { use: "LinkedIn", avoid: [/\b(?!LinkedIn\b)[Ll]inked[Ii]n\b/] },
  { use: "ElevenLabs", avoid: [/\b(?!ElevenLabs\b)[Ee]leven ?[Ll]abs\b/] },
  { use: "Microsoft Teams, or Teams", avoid: [/\bMS Teams\b/] },
] as const;

/**
 * Words that make a claim about the world: an absolute about people or organizations, or a trend.
 * Either needs a source in the same paragraph, or a sentence that says it is our view.
 */
export const claimMarkers = [
  { kind: "absolute", pattern: /\b(?:nobody|no one|hardly anyone|hardly any|almost nobody|almost no one|everyone|everybody)\b/i },
  {
    kind: "absolute",
    pattern:
      /\b(?:most|(?<!\bhow )many|(?<!\ba )few|virtually all|nearly all|almost all)\s+(?:\w+\s+)?(?:organizations|companies|firms|businesses|enterprises|programs|policies|people|employees|staff|teams|attackers|criminals|users|calls|breaches|vendors|help desks|defenders|adults|trainings?|modules)\b/i,
  },
  { kind: "absolute", pattern: /\b(?:most|(?<!\bhow )many|(?<!\ba )few) (?:know|believe|think|use|have|do|can|will|are|see|say|want|need)\b/i },
  { kind: "absolute", pattern: /\b(?:the|a) (?:vast )?majority of\b/i },
  { kind: "absolute", pattern: /\b(?:every|all|no) (?:awareness|security|training|phishing) (?:programs?|modules?|teams?|courses?|trainings?)\b/i },
  { kind: "absolute", pattern: /\b(?:rarely|seldom|barely|hardly ever|invariably|universally)\b/i },
  { kind: "trend", pattern: /\b(?:growing|rising|increasingly|on the rise|more and more|ever more|skyrocket\w*|soar\w*|surg(?:e|es|ed|ing)|booming|explod(?:es|ed|ing))\b/i },
  { kind: "trend", pattern: /\bno longer\b(?! (?:required|needed|be|applies|apply|in use)\b)|\bthese days\b|\bnowadays\b|\bmore than ever\b/i },
  { kind: "trend", pattern: /\b(?:keeps?|kept) (?:getting|growing|rising)\b|\bgetting (?:easier|cheaper|better|worse|harder|more)\b/i },
] as const;

/** Phrases that mark a sentence as the writer's view, which needs no source. */
export const opinionMarkers = [/\bwe (?:think|believe)\b/i, /\bin our (?:view|experience)\b/i] as const;

export const repetitionBudget = {
  /** Pages (articles, Home, the manifesto, Product) that may tell a case or study besides the articles about it. */
  pagesPerTopic: 2,
  /** The shortest run of words that two pages may not share. */
  sharedRunWords: 8,
  /** Articles that may have a section of takeaways (a checklist restating the article); the rest end in their own words. */
  takeawaySections: 2,
} as const;

/** Headings of sections that restate an article as a checklist. */
export const takeawayHeading = /\b(?:takeaways?|key points|checklist|summary|tl;?dr)\b|\bthis week\b/i;
