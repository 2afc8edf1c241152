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

/** What a source's entry says when it states a trend: a rise, a fall or a change over time. */
const trendInSource = /\b(?:ris(?:e|es|ing)|rose|risen|increase[sd]?|grew|growth|grow(?:s|ing)|surged?|soar\w*|up \d|\d+%? (?:higher|faster)|fold|doubled|fell|fall|falls|decline\w*|drop\w*|passed|already)\b/i;

/**
 * Words that make a claim about the world: an absolute about people or organizations, a trend, a
 * superlative, a hedge or an intensifier. An absolute needs a source in the same paragraph; the
 * others need a source whose entry says it (`support`); any of them may instead stand in a
 * sentence that says it is our view.
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
  { kind: "trend", pattern: /\b(?:growing|rising|increasingly|on the rise|more and more|ever more|skyrocket\w*|soar\w*|surg(?:e|es|ed|ing)|booming|explod(?:es|ed|ing)|climbing)\b/i, support: trendInSource },
  { kind: "trend", pattern: /\bno longer\b(?! (?:required|needed|be|applies|apply|in use)\b)|\bthese days\b|\bnowadays\b|\bmore than ever\b/i, support: trendInSource },
  { kind: "trend", pattern: /\b(?:keeps?|kept) (?:getting|growing|rising)\b|\bgetting (?:easier|cheaper|better|worse|harder|more)\b|\bdid not stop\b/i, support: trendInSource },
  {
    kind: "superlative",
    pattern: /\b(?:the )?(?:best|worst|most|least)(?:-| )(?:useful|documented|common|important|effective|dangerous|telling|likely|convincing|realistic|reliable|costly|vulnerable|exposed|prepared|targeted|trusted|successful|popular|sophisticated|frequent)\b|\b(?:best|worst)-\w+|\bthe (?:best|worst|largest|biggest|strongest|weakest)\b/i,
    support: /\b(?:costliest|most-reported|most useful|fastest|largest|biggest|best)\b/i,
  },
  // "how often" and "often enough" ask or advise how frequently, and "commonly used" is data protection law's term for export formats: none claims anything about the world.
  { kind: "hedge", pattern: /\b(?:simply|usually|typically|generally|mostly|largely|widely|commonly(?! used)|exactly|precisely|clearly|obviously|certainly|undoubtedly)\b|(?<!\bhow )\boften\b(?! enough)/i, support: "same" },
] as const;

/**
 * How each channel of an attack is named, in our copy and in a source's entry: a sentence that cites
 * a source may say an attack came by phone, email, text or video only if the source says so
 * (lib/editorial/channels.ts).
 */
export const channels = [
  { name: "a phone call", said: /\bphone(?:d|s)?\b|(?<!\bvideo )\bcall(?:s|ed|er|ers|ing)?\b|\bvoice\b|\bvishing\b/i, inSource: /\bphone\b|\bcall(?:s|ed|er|ing)?\b|\bvoice\b|\bvishing\b|\bvoicemails?\b|\btelephone\b/i },
  { name: "email", said: /\be-?mails?\b|\binbox\b/i, inSource: /\bemails?\b|\bspam\b|\binbox\b|\bphishing\b/i },
  { name: "a text message", said: /\btexts\b|\btexted\b|\btext messages?\b|\bSMS\b|\bsmishing\b/i, inSource: /\btexts?\b|\bSMS\b|\bsmishing\b|\btext messages?\b/i },
  { name: "video", said: /\bvideo\b/i, inSource: /\bvideo\b/i },
  { name: "a messaging app", said: /\bWhatsApp\b|\bSignal\b|\bTelegram\b|\bTeams\b/, inSource: /\bWhatsApp\b|\bSignal\b|\bTelegram\b|\bTeams\b/ },
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
  /** Pages besides the articles about a case that may cite its sources: any other page refers to the article that tells it. */
  citingPagesPerTopic: 1,
  /** Pages a pair of content words ("familiar voice") may appear on, the vocabulary below aside. */
  phrasePages: 3,
  /** The shortest sentence two pages may not share ("That is what Mockingbird is for."). */
  sharedSentenceWords: 4,
} as const;

/**
 * The names of what the site is about, which any page may use as often as it needs: a reader
 * looks for these words, they are not a writer's tic. Each group says why it is here.
 */
export const vocabulary = [
  // The product's features, as the product page names them.
  "AI agents", "adaptive AI", "AI voice", "voice coach", "voice coaching", "voice cloning", "cloned voice", "campaign scheduling", "transcript analysis", "simulated call", "simulated calls", "vishing simulation", "AI vishing", "CEO fraud", "tech support", "fraud tech",
  // The subject and the people it is for.
  "help-desk agents", "voice phishing", "phone call", "social engineering", "social engineer", "security awareness", "awareness programs", "security team", "executive assistants", "threat intelligence", "Quick Assist",
  // The one rule every article teaches, named as it is taught.
  "call back", "known number", "callback rule",
  // Titles of the site's own articles, which other articles link by name.
  "practical guide", "vishing defense", "why vishing",
] as const;

/** The pages a product pitch links; an article that ends on one ends on the pitch instead of its own point. */
export const pitchPaths = ["/product", "/join-beta"] as const;

/** Articles whose subject is the company itself (tagged so), which may end on the beta. */
export const companyNewsTag = "Company News";

/** Headings of sections that restate an article as a checklist. */
export const takeawayHeading = /\b(?:takeaways?|key points|checklist|summary|tl;?dr)\b|\bthis week\b/i;
