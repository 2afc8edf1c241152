/**
 * The house style every page is held to (tests/unit/house-style.test.tsx and
 * tests/unit/claims-ledger.test.ts run the checks of lib/editorial over all content): one
 * glossary, what the claims ledger reads as a fact about the world, and the repetition budget.
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

/** Phrases that mark a sentence as our view, where the reader sees it: a view needs no source, and says it is ours. */
export const opinionMarkers = [/\bwe (?:think|believe)\b/i, /\bin our (?:view|experience)\b/i, /\bour view\b/i] as const;

/**
 * What the claims ledger (lib/editorial/ledger.ts, docs/claims-ledger.md) reads as a fact about
 * the world: a figure, a name that is not ours, a trend, a superlative, a comparison or a cause.
 * A sentence that states one carries the id of its source (content/sources.ts) or says it is our
 * view. The lists below are the names that state no fact about the world.
 */
export const ledgerRules = {
  /** Our own names: the company, its product and the product's features, its partner and its grant (launch sign-off values). */
  ownNames: [
    "Mockingbird AI Ltd", "Mockingbird AI", "Mockingbird",
    "Campaign scheduling", "Voice cloning", "AI agents that adapt", "Vishing playbooks", "1:1 AI voice coaching", "AI voice coach", "Reporting and insights",
    "Start Call", "End Call", "Reply by typing instead", "AGENT_LLM_URL", "Cyber Helmets", "Cyber Helmets Academy", "ElevenLabs Grants",
  ],
  /**
   * Capitalized words that name no one: roles and trades' acronyms, languages, the technologies a
   * visitor's browser runs, and the pretexts our playbooks are named for.
   */
  commonTerms: ["I", "AI", "CEO", "CFO", "CIO", "CISO", "CTO", "HR", "IT", "MFA", "SMS", "FAQ", "PDF", "OK", "English", "JavaScript", "AES-256", "AES", "TLS", "IP", "BYOD", "ID"],
  opinion: opinionMarkers,
} as const;

/**
 * Our vendors, named where a page is about our product (the legal texts, the call widget, the
 * footer); in an article the same name may be a fact about the world (Consumer Reports tested
 * ElevenLabs' cloning), and the ledger reads it as one there.
 */
export const ourVendors = ["ElevenLabs", "Supabase", "PostgreSQL", "Redis", "AirPods"] as const;

/**
 * The legal texts' own frame: their defined terms, the laws and regulators they are written under,
 * and the places of their jurisdiction. A name from this list in the privacy policy or the terms is
 * the policy speaking, not a claim about the world; their figures (periods, ages, the liability
 * cap) are its terms. The ledger reads the legal texts for any other name.
 */
export const legalFrame = [
  "Service", "Customer", "Customer Data", "Data", "Terms", "Terms of Service", "Privacy Policy", "User", "Users", "Participant", "Participants", "Simulation", "Simulations", "Voice Clone", "Voice Clones", "Clone", "Last updated",
  "UK GDPR", "EU GDPR", "GDPR", "UK General Data Protection Regulation", "EU General Data Protection Regulation", "Data Protection Act", "Information Commissioner's Office", "ICO",
  "European Commission's Standard Contractual Clauses", "European Commission", "Standard Contractual Clauses", "European Economic Area", "EU-US Data Privacy Framework", "UK Extension", "UK International Data Transfer Agreement", "Addendum",
  "Biometric Information Privacy Act", "Illinois", "California", "Late Payment of Commercial Debts (Interest) Act", "Contracts (Rights of Third Parties) Act", "USD", "LCIA Rules", "VAT", "UTC", "IPv4", "IPv6",
  "England", "Wales", "London", "United Kingdom", "United States", "UK", "US", "EU",
] as const;

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
