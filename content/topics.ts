import type { SourceId } from "@/content/sources";

/**
 * Every case, study and report the site cites, grouped from content/sources.ts, with the names and
 * paraphrases that retell it without a link and the articles that are about it. The repetition
 * budget (content/house-style.ts) counts the other pages that tell each one.
 */
export type Topic = {
  id: string;
  sources: readonly SourceId[];
  mentions: readonly RegExp[];
  /** Slugs of the articles whose subject it is. */
  about: readonly string[];
};

const helpDesk = "helpdesk-vishing-breach-lessons";
const blackBasta = "leaked-blackbasta-chats-vishing";
const salesforce = "salesforce-vishing-campaign-analysis";
const byod = "byod-vishing-problem";
const mustHave = "vishing-simulation-must-have";

export const topics: readonly Topic[] = [
  { id: "CrowdStrike's 442% vishing rise", sources: ["crowdstrikeVishing"], mentions: [/\b442\s?%/], about: [] },
  { id: "CrowdStrike's fake-IT campaigns of 2024", sources: ["crowdstrikeCampaigns"], mentions: [/\bsix (?:similar but )?distinct campaigns\b/i], about: [] },
  { id: "CrowdStrike's 2026 Global Threat Report", sources: ["crowdstrike2026"], mentions: [/\bmalware-free\b/i], about: [] },
  { id: "the FBI's warning about impersonated officials", sources: ["fbiOfficialsPsa"], mentions: [/\bsenior US officials\b/i], about: [] },
  { id: "the FBI's 2024 Internet Crime Report", sources: ["ic3Report2024", "ic3VishingGrouping"], mentions: [/\bInternet Crime (?:Report|Complaint Center)\b|\bIC3\b/], about: [] },
  { id: "the FBI's family code word", sources: ["fbiFamilyPsaDate", "fbiFamilyPsa"], mentions: [/\bI-120324\b/, /\bsecret word or phrase\b/i], about: [] },
  { id: "Pindrop's figures", sources: ["pindrop2025", "pindropSite"], mentions: [/\bPindrop\b/], about: [] },
  {
    id: "the Black Basta leak",
    sources: ["blackBastaLeak", "mbsdAnalysis", "blackBastaRevenue", "blackBastaSectors"],
    mentions: [/\bBlack Basta(?:'s)? (?:internal )?(?:chats?|leak|messages)\b/i, /\bleaked Black Basta\b/i, /\bMitsui Bussan\b|\bMBSD\b/],
    about: [blackBasta],
  },
  { id: "Microsoft on Storm-1811", sources: ["microsoftStorm1811"], mentions: [/\bStorm-1811\b/], about: [blackBasta] },
  { id: "ReliaQuest's spam-flood case", sources: ["reliaQuest"], mentions: [/\bReliaQuest\b/], about: [blackBasta] },
  { id: "the Swiss NCSC case", sources: ["swissNcsc"], mentions: [/\bNational Cyber Security Centre\b|\bNCSC\b/], about: [blackBasta] },
  { id: "the ex-Conti call centers", sources: ["callCenterOperators"], mentions: [/\bBohuslavskiy\b|\bRedSense\b|\bex-Conti\b/], about: [blackBasta] },
  { id: "MGM Resorts", sources: ["mgmFiling", "mgmOccupancy", "mgmShutdown", "mgmAttackerClaim", "mgmAlphvDispute"], mentions: [/\bMGM\b/], about: [helpDesk] },
  { id: "Caesars Entertainment", sources: ["caesars8k", "caesarsHelpDeskCall", "caesarsRansom"], mentions: [/\bCaesars\b/], about: [helpDesk] },
  { id: "M&S and Co-op", sources: ["marksAndSpencerContractor", "retailHearing"], mentions: [/\bM&S\b|\bMarks (?:&|and) Spencer\b|\bCo-op\b/], about: [] },
  {
    id: "UNC6040",
    sources: ["gtigUnc6040", "gtigJuneReport", "googleHit", "qantas", "salesforceGuidance"],
    mentions: [/\bUNC6040\b/, /\bGoogle Threat Intelligence\b|\bGTIG\b/],
    about: [salesforce],
  },
  { id: "the CIO Insight BYOD survey", sources: ["byodSurvey"], mentions: [/\bCIO Insight\b/], about: [byod] },
  { id: "the SlashNext survey", sources: ["slashNext"], mentions: [/\bSlashNext\b/], about: [byod] },
  { id: "Lookout's mobile phishing report", sources: ["lookoutReport", "lookoutQuote"], mentions: [/\bLookout\b/], about: [byod] },
  { id: "IDC on small screens", sources: ["idcSmallScreens"], mentions: [/\bIDC\b|\bHochmuth\b/], about: [byod] },
  { id: "Twilio", sources: ["twilio"], mentions: [/\bTwilio\b/], about: [byod] },
  { id: "Arup", sources: ["arup"], mentions: [/\bArup\b/], about: [] },
  { id: "the UK energy firm", sources: ["ukEnergyFirm", "ukEnergyFollowUp"], mentions: [/\bUK energy (?:firm|company|case)\b|\bEuler Hermes\b/i], about: [] },
  { id: "WPP", sources: ["wpp"], mentions: [/\bWPP\b/], about: [] },
  { id: "Ferrari", sources: ["ferrari"], mentions: [/\bFerrari\b/], about: [] },
  { id: "LastPass", sources: ["lastPass"], mentions: [/\bLastPass\b/], about: [] },
  { id: "Retool", sources: ["retool", "retoolLosses"], mentions: [/\bRetool\b/], about: [helpDesk] },
  { id: "KnowBe4's benchmark", sources: ["knowBe4Benchmark2024"], mentions: [/\bKnowBe4\b/], about: [] },
  { id: "the UC San Diego Health trial", sources: ["ucsd"], mentions: [/\bUC San Diego\b/], about: [] },
  // Two studies by one group, with different findings: each is told where its finding is the point.
  { id: "ETH Zurich: embedded training's side effects", sources: ["ethZurich"], mentions: [/\bunexpected side effects\b/i], about: [] },
  { id: "ETH Zurich's follow-up: a nudge, an attention problem", sources: ["ethZurichFollowUp"], mentions: [/\battention problem\b/i, /\bnudge\b/i], about: [] },
  {
    id: "Bullee et al.'s phone experiment",
    sources: ["bullee"],
    mentions: [/\bBullee\b/, /\b(?:fades?|faded|fading|wears? off|wore off|decay(?:s|ed)?|gone)\b[^.;]*\bweeks?\b/i, /\bwithin (?:two|2) weeks\b/i],
    about: [mustHave],
  },
  { id: "the Verizon 2026 DBIR", sources: ["verizonDbir2026"], mentions: [/\bDBIR\b/], about: [] },
  { id: "McAfee's voice-cloning research", sources: ["mcafeeLabs", "mcafeeSurvey"], mentions: [/\bMcAfee\b/], about: [] },
  { id: "Microsoft VALL-E", sources: ["vallE"], mentions: [/\bVALL-E\b/], about: [] },
  { id: "OpenAI's Voice Engine", sources: ["openAiVoiceEngine"], mentions: [/\bOpenAI\b|\bVoice Engine\b/], about: [] },
  { id: "the Starling Bank survey", sources: ["starlingSurvey"], mentions: [/\bStarling\b/], about: [] },
  { id: "Consumer Reports' cloning test", sources: ["consumerReportsCloning"], mentions: [/\bConsumer Reports\b/], about: [] },
];
