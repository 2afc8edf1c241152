/**
 * Every source the site cites, each tied to its entry in content/FACTS.md (a copy of the project's
 * sourced fact sheet) and to the date FACTS.md gives for it. Articles link to `url`; the manifesto
 * and Home read their citations from here. tests/unit/content-sources.test.ts holds the rules:
 * every external link in an article is listed here; every entry's address and date appear on its
 * line of FACTS.md; every figure a passage states is on the FACTS.md lines of the sources it cites;
 * and no article cites a source that may be newer than the article: a date known only to the month
 * or the year counts as its span's last day. Where FACTS.md dates the report a page covers more
 * exactly than the page, `datedBy: "report"` records that date.
 */

export type SourceDate = `${number}` | `${number}-${number}` | `${number}-${number}-${number}`;

export type Source = {
  /** Who produced the figure, when the page read reports someone else's work. */
  origin?: string;
  /** The publisher of the page that was read. */
  publisher: string;
  title?: string;
  /** What articles and pages link to. */
  url: string;
  /**
   * The address FACTS.md lists, when the link goes elsewhere: the https form of an http page, or
   * the original of a mirror FACTS.md read (FACTS.md names mirrors "so writers can cite the original").
   */
  readAt?: string;
  /** Which FACTS.md entry the citation supports. */
  facts: string;
  /** The date exactly as it appears on the entry's line of FACTS.md; null when FACTS.md gives none. */
  factsDate: string | null;
  /** That date, machine-readable, at the precision FACTS.md gives it. */
  date: SourceDate | null;
  /**
   * What the date belongs to when it is not the page's own: the dated statement or report the page
   * covers, or the year in the page's address.
   */
  datedBy?: "report" | "url";
  /** A phrase of the FACTS.md line that dates the report, when that is not the source's own line. */
  reportLine?: string;
  /**
   * The source's own words as FACTS.md gives them, quoted exactly, when its entry says more than
   * the site cites it for: the claims ledger (docs/claims-ledger.md) shows these instead of the
   * whole entry.
   */
  words?: string;
};

export const sources = {
  // §1 The rise of AI-driven voice attacks
  crowdstrikeVishing: {
    origin: "CrowdStrike",
    publisher: "SecureLogix",
    title: "Fight back as vishing gains momentum",
    url: "https://www.securelogix.com/news/fight-back-as-vishing-gains-momentum",
    facts: "§1 CrowdStrike's 442% rise in vishing, H1 to H2 2024 (a 2025 Global Threat Report figure)",
    factsDate: "published February 2025",
    date: "2025-02",
    datedBy: "report",
    reportLine: "Other CrowdStrike 2025 Global Threat Report numbers",
  },
  crowdstrikeCampaigns: {
    origin: "CrowdStrike",
    publisher: "ZDNET",
    title: "Vishing attacks surged 442% last year – how to protect yourself",
    url: "https://groyourwealth.com/technology/vishing-attacks-surged-442-last-year-how-to-protect-yourself",
    facts: "§1 six fake-IT campaigns in 2024, at least four with spam bombing",
    factsDate: "2025; read at mirror",
    date: "2025",
  },
  crowdstrike2026: {
    origin: "CrowdStrike 2026 Global Threat Report",
    publisher: "CYFAR",
    title: "CrowdStrike 2026 Global Threat Report: The Evasive Adversary Wields AI",
    url: "https://cyfar.ca/posts/crowdstrike-2026-global-threat-report-the-evasive-adversary-wields-ai",
    facts: "§1 CrowdStrike 2026 Global Threat Report: 82% of detections malware-free",
    factsDate: "analysed 2026-03-20",
    date: "2026-03-20",
  },
  fbiOfficialsPsa: {
    origin: "FBI",
    publisher: "Gov1",
    title: "FBI: smishing, vishing campaign impersonating senior U.S. officials",
    url: "https://www.gov1.com/technology/fbi-smishing-vishing-campaign-impersonating-senior-u-s-officials",
    facts: "§1 FBI warning of May 15, 2025 (I-051525-PSA)",
    factsDate: "May 15, 2025",
    date: "2025-05-15",
    datedBy: "report",
  },
  ic3Report2024: {
    origin: "FBI Internet Crime Complaint Center",
    publisher: "ABA Banking Journal",
    title: "FBI: Internet crime losses rose 33% in 2024",
    url: "https://bankingjournal.aba.com/2025/04/fbi-internet-crime-losses-rose-33-in-2024/",
    facts: "§1 FBI IC3 2024 Internet Crime Report (released April 23, 2025)",
    factsDate: "(2025-04-23)",
    date: "2025-04-23",
  },
  ic3VishingGrouping: {
    publisher: "Social-Engineer",
    url: "https://social-engineer.com/the-fbi-told-me-analyzing-the-fbis-cyber-crime-report",
    facts: "§1 IC3 does not report vishing separately",
    factsDate: null,
    date: null,
  },
  fbiFamilyPsaDate: {
    origin: "FBI",
    publisher: "AI Laws USA",
    url: "https://ailawsusa.com/protection/us-fbi-ic3-psa-i120324-deepfake-2024",
    facts: "§1 FBI PSA I-120324-PSA: its number and date",
    factsDate: "December 3, 2024",
    date: "2024-12-03",
    datedBy: "report",
  },
  fbiFamilyPsa: {
    origin: "FBI",
    publisher: "Ars Technica",
    url: "https://arstechnica.com/ai/2024/12/your-ai-clone-could-target-your-family-but-theres-a-simple-defense/",
    readAt: "http://222.178.203.72:19005/whst/63/=ZqrsdbgmhbZzbnl//ai/2024/12/your-ai-clone-could-target-your-family-but-theres-a-simple-defense",
    facts: "§1 FBI PSA I-120324-PSA: AI voice clones of relatives, and a family secret word",
    factsDate: "Dec 2024",
    date: "2024-12",
  },
  pindrop2025: {
    origin: "Pindrop 2025 Voice Intelligence & Security Report",
    publisher: "Cyber Warriors Middle East",
    title: "Deepfake fraud soars by 1,300% in 2024",
    url: "https://cyberwarriorsmiddleeast.com/deepfake-fraud-soars-by-1300-in-2024",
    facts: "§1 Pindrop: deepfake fraud up 1,300% in 2024",
    factsDate: '"Deepfake fraud soars by 1,300% in 2024" (2025)',
    date: "2025",
  },
  pindropSite: {
    publisher: "Pindrop",
    title: "Pindrop resources",
    url: "https://www.pindrop.com/resource/",
    facts: "§1 Pindrop: fraud in 1 of every 599 contact-center calls",
    factsDate: null,
    date: null,
  },

  // §2 The Black Basta chat leak
  blackBastaLeak: {
    origin: "Prodaft",
    publisher: "Cybersecurity-See",
    title: "Leaked Online Chatlogs of BlackBasta Ransomware",
    url: "https://cybersecurity-see.com/leaked-online-chatlogs-of-blackbasta-ransomware",
    facts: "§2 what leaked and when",
    factsDate: "(Feb 2025)",
    date: "2025-02",
  },
  mbsdAnalysis: {
    origin: "Mitsui Bussan Secure Directions",
    publisher: "Japanese news report (repost)",
    url: "https://www.lonelyjapan.com/?p=276276",
    facts: "§2 fake IT support as a core playbook in the chats",
    factsDate: "?p=276276 (2025)",
    date: "2025",
  },
  reliaQuest: {
    origin: "ReliaQuest",
    publisher: "UC Today",
    title: "Black Basta ransomware impersonates Teams IT support…",
    url: "https://www.uctoday.com/unified-communications/black-basta-ransomware-impersonates-teams-it-support-attacks-100s-of-businesses",
    facts: "§2 ReliaQuest, October 2024: spam flood, then fake help desk on Teams",
    factsDate: "(Oct 2024)",
    date: "2024-10",
  },
  swissNcsc: {
    publisher: "Swiss National Cyber Security Centre",
    url: "https://ncsc.admin.ch/ncsc/en/home/aktuell/im-fokus/2024/wochenrueckblick_44.html",
    facts: "§2 Swiss NCSC case of November 5, 2024",
    factsDate: "(05.11.2024)",
    date: "2024-11-05",
  },
  microsoftStorm1811: {
    origin: "Microsoft Threat Intelligence",
    publisher: "MalwareTips (quoted copy)",
    url: "https://malwaretips.com/threads/threat-actors-misusing-quick-assist-in-social-engineering-attacks-leading-to-ransomware.131046/reply?quote=1086953",
    facts: "§2 Microsoft, May 2024: Storm-1811 and Quick Assist",
    factsDate: "May 2024",
    date: "2024-05",
  },
  blackBastaRevenue: {
    origin: "Elliptic and Corvus, via BleepingComputer",
    publisher: "Xynik",
    url: "https://xynik.com/index.php/2023/11/30/black-basta-ransomware-operation-nets-over-100m-from-victims-in-less-than-two-years",
    facts: "§2 scale of Black Basta: ransom revenue",
    factsDate: "(2023-11-30)",
    date: "2023-11-30",
  },
  blackBastaSectors: {
    origin: "FBI and CISA",
    publisher: "PYMNTS",
    url: "https://pymnts.com/cybersecurity/2025/ransomware-group-black-bastas-internal-communications-leaked-online",
    facts: "§2 scale of Black Basta: sectors and organizations hit",
    factsDate: "PYMNTS (Feb 2025)",
    date: "2025-02",
  },
  callCenterOperators: {
    origin: "RedSense, via the Wall Street Journal",
    publisher: "geeky.news",
    url: "https://geeky.news/these-cybercriminals-who-also-know-about-the-crisis/",
    facts: "§2 background on call centers",
    factsDate: "citing WSJ / ZDNet.fr, 2023",
    date: "2023",
  },

  // §3 Help-desk social engineering breaches
  mgmFiling: {
    origin: "MGM Resorts' SEC filing",
    publisher: "CSO Online",
    title: "MGM ransomware attack costs $100 million in busy month for breaches",
    url: "https://www.csoonline.com/article/654846/mgm-ransomware-attack-costs-100-million-in-busy-month-for-breaches.html",
    facts: "§3 MGM: the filing's $100 million estimate",
    factsDate: "(2023-10-06)",
    date: "2023-10-06",
  },
  mgmOccupancy: {
    publisher: "iGaming Business",
    title: "MGM Resorts expects $100m hit from cyberattack",
    url: "https://igamingbusiness.com/finance/mgm-resorts-expects-100m-hit-from-cyberattack/",
    facts: "§3 MGM: one-time costs, occupancy, insurance",
    factsDate: "(Oct 2023)",
    date: "2023-10",
  },
  mgmShutdown: {
    origin: "AP",
    publisher: "Cheddar",
    title: "MGM says cyberattack caused $100M hit in Q3",
    url: "https://www.cheddar.com/media/mgm-says-cyberattack-caused-100m-hit-in-q3/",
    facts: "§3 MGM: detection and the 10-day shutdown",
    factsDate: "(Oct 2023)",
    date: "2023-10",
  },
  mgmAttackerClaim: {
    publisher: "Las Vegas Review-Journal",
    url: "https://www.reviewjournal.com/business/casinos-gaming/russian-hacker-gang-caused-mgm-resorts-outage-post-says-2903998/",
    facts: "§3 MGM: the attacker-supplied account of the help-desk call",
    factsDate: "(Sept 2023)",
    date: "2023-09",
  },
  mgmAlphvDispute: {
    publisher: "CSO Online",
    url: "https://www.csoonline.com/article/652575/hackers-behind-mgm-cyberattack-thrash-the-casinos-incident-response.html",
    facts: "§3 MGM: ALPHV disputes vx-underground's account",
    factsDate: null,
    date: null,
  },
  caesars8k: {
    origin: "Caesars Entertainment's 8-K filing",
    publisher: "Public Gaming",
    url: "https://www.publicgaming.com/news-categories/security-news/11650-us-leisure-and-hospitality-giant-mgm-resorts-is-battling-through-an-it-outage-after-a-cyber-attack",
    readAt: "http://www.publicgaming.com/news-categories/security-news/11650-us-leisure-and-hospitality-giant-mgm-resorts-is-battling-through-an-it-outage-after-a-cyber-attack",
    facts: "§3 Caesars: social engineering of an outsourced IT support vendor",
    factsDate: "(Sept 15, 2023)",
    date: "2023-09-15",
  },
  caesarsHelpDeskCall: {
    origin: "The Wall Street Journal",
    publisher: "PYMNTS",
    url: "https://www.pymnts.com/news/security-and-risk/2023/report-caesars-entertainment-paid-15-million-ransom-after-cyberattack/",
    facts: "§3 Caesars: hackers posed as an employee and called the IT help desk",
    factsDate: null,
    date: "2023",
    datedBy: "url",
  },
  caesarsRansom: {
    origin: "The Wall Street Journal",
    publisher: "Computer Weekly",
    url: "https://www.computerweekly.com/news/366552124/Las-Vegas-mainstay-Ceasars-Palace-likely-paid-off-ransomware-crew",
    facts: "§3 Caesars: the reported ransom",
    factsDate: "(2023-09-15)",
    date: "2023-09-15",
  },
  marksAndSpencerContractor: {
    origin: "The Guardian",
    publisher: "The Guardian (copy)",
    url: "https://eandeworld.com/author/sarah-butler",
    facts: "§3 M&S: entry through a contractor, by social engineering",
    factsDate: "Sarah Butler, May 2025",
    date: "2025-05",
  },
  retailHearing: {
    origin: "Bloomberg",
    publisher: "Bloomberg (syndicated copy)",
    url: "https://test.daily8.com/en/article/f66c1e5f8fd55e70d9149e8fb7439530",
    facts: "§3 M&S and Co-op at the July 8, 2025 hearing",
    factsDate: "July 8, 2025",
    date: "2025-07-08",
    datedBy: "report",
  },

  // §4 Google Threat Intelligence on UNC6040
  gtigUnc6040: {
    origin: "Google Threat Intelligence Group",
    publisher: "Google Cloud Blog",
    title: "Cybercrime Observations from the Frontlines: UNC6040 Proactive Hardening Recommendations",
    url: "https://cloud.google.com/blog/topics/threat-intelligence/unc6040-proactive-hardening-recommendations",
    facts: "§4 who UNC6040 is and how it works; the connected-app trick",
    factsDate: "(2025; updated Nov 21)",
    date: "2025-11-21",
  },
  gtigJuneReport: {
    origin: "Google Threat Intelligence Group",
    publisher: "Morning Brew",
    title: "Salesforce data is the latest hacking target",
    url: "https://morningbrew.com/stories/2025/06/05/salesforce-data-latest-hacking-target",
    facts: "§4 the June 2025 report",
    factsDate: "(2025-06-05)",
    date: "2025-06-05",
  },
  googleHit: {
    origin: "Google",
    publisher: "România Liberă",
    url: "https://romanialibera.ro/la-zi/google-confirma-o-bresa-de-securitate-datele-unor-clienti-au-fost-furate-de-hackeri/",
    facts: "§4 Google itself was hit (update of August 5, 2025)",
    factsDate: "update of August 5, 2025",
    date: "2025-08-05",
    datedBy: "report",
  },
  qantas: {
    origin: "AFP",
    publisher: "Tengele",
    url: "https://tengele.com/news/70156a80-c1ab-4d85-8666-d696215e5c55/australian-airline-qantas-reports-millions-of-customers-data-leaked-online",
    facts: "§4 follow-up: Qantas",
    factsDate: "(AFP-based, Oct 2025)",
    date: "2025-10",
  },
  salesforceGuidance: {
    publisher: "Salesforce Help",
    url: "https://help.salesforce.com/s/articleView?id=005226734&language=da&type=1",
    facts: "§4 Salesforce's customer guidance",
    factsDate: null,
    date: null,
  },

  // §5 BYOD and mobile
  byodSurvey: {
    publisher: "CIO Insight",
    title: "IT Departments Are Lagging on BYOD Policies",
    url: "https://www.cioinsight.com/security/it-departments-are-lagging-on-byod-policies/",
    facts: "§5 personal devices widely used for work but poorly governed",
    factsDate: "(date n/s)",
    date: null,
  },
  slashNext: {
    origin: "SlashNext",
    publisher: "CySecurity News",
    url: "https://cysecurity.news/2023/04/byod-security-concerns-risks-and.html",
    facts: "§5 SlashNext survey, 2023",
    factsDate: "(April 2023)",
    date: "2023-04",
  },
  lookoutReport: {
    origin: "Lookout",
    publisher: "PR Newswire",
    url: "https://www.prnewswire.com/news-releases/lookout-global-state-of-mobile-phishing-report-2022-marks-the-highest-percentage-of-encounter-rates-ever-301759151.html",
    facts: "§5 Lookout, Global State of Mobile Phishing",
    factsDate: "PR Newswire (2023-03-01)",
    date: "2023-03-01",
  },
  lookoutQuote: {
    origin: "Lookout",
    publisher: "BetaNews",
    url: "https://betanews.com/2023/03/01/over-30-percent-of-mobile-users-encounter-phishing-attacks/",
    facts: "§5 Lookout's chief strategy officer on unmanaged devices",
    factsDate: "BetaNews (2023-03-01)",
    date: "2023-03-01",
  },
  idcSmallScreens: {
    origin: "IDC",
    publisher: "Help Net Security",
    url: "https://www.helpnetsecurity.com/2020/06/05/enterprise-mobile-phishing-q1-2020/",
    facts: "§5 small screens make lures harder to spot",
    factsDate: "(2020-06-05)",
    date: "2020-06-05",
  },
  twilio: {
    publisher: "Malwarebytes",
    url: "https://www.malwarebytes.com/blog/news/2022/08/twilio-fell-victim-to-a-text-messages-social-engineering-attack",
    facts: "§5 attackers go straight to employees' phone numbers: Twilio",
    factsDate: "Malwarebytes (Aug 2022)",
    date: "2022-08",
  },

  // §6 Deepfake voice and video fraud cases
  arup: {
    publisher: "HSToday",
    title: "Deepfake heist: criminals steal $25M via fake video conference",
    url: "https://www.hstoday.us/subject-matter-areas/cybersecurity/deepfake-heist-criminals-steal-25m-via-fake-video-conference/",
    facts: "§6 Arup, Hong Kong",
    factsDate: "video conference\" (2024)",
    date: "2024",
  },
  ukEnergyFirm: {
    origin: "The Wall Street Journal",
    publisher: "Adam Levin",
    title: "Voice deepfake scams CEO out of $243,000",
    url: "https://adamlevin.com/2019/09/04/voice-deepfake-scams-ceo-out-of-243000",
    facts: "§6 UK energy firm, 2019",
    factsDate: "2019-09-04, citing the WSJ",
    date: "2019-09-04",
  },
  ukEnergyFollowUp: {
    publisher: "The Independent",
    url: "https://www.independent.co.uk/tech/ai-fraud-cyber-crime-voice-impersonators-b2473893.html",
    facts: "§6 UK energy firm: further calls raised suspicion",
    factsDate: "The Independent (2024-01-08)",
    date: "2024-01-08",
  },
  wpp: {
    origin: "The Guardian",
    publisher: "The Daily Telegraph",
    url: "https://www.pressreader.com/uk/the-daily-telegraph-saturday/20240511/282321095098091",
    facts: "§6 WPP, May 2024",
    factsDate: "James Warrington, 2024-05-11, citing the Guardian",
    date: "2024-05-11",
  },
  ferrari: {
    origin: "Bloomberg",
    publisher: "Drive.com.au",
    url: "https://www.drive.com.au/news/ferrari-ceo-impersonated-ai-deepfake-scam/",
    facts: "§6 Ferrari, July 2024",
    factsDate: "citing Bloomberg, 2024-07-30",
    date: "2024-07-30",
  },
  lastPass: {
    publisher: "Tom's Hardware Italia",
    url: "https://www.tomshw.it/hardware/la-telefonata-era-falsa-come-un-lavoratore-attento-ha-salvato-lastpass-e-forse-le-vostre-password",
    facts: "§6 LastPass, April 2024",
    factsDate: "Tom's Hardware Italia (2024-04)",
    date: "2024-04",
  },
  retool: {
    publisher: "IT World Canada",
    url: "https://itworldcanada.com/?p=547024",
    facts: "§5 and §6 Retool: SMS lure, then a deepfaked IT voice",
    factsDate: "IT World Canada (2023-09-18)",
    date: "2023-09-18",
  },
  retoolLosses: {
    publisher: "DefiTeller",
    url: "https://defiteller.com/retools-sms-phishing-attack-exposes-crypto-clients-15m-theft-highlights-cloud-sync-vulnerability",
    facts: "§6 Retool: customers taken over, Fortress Trust's loss",
    factsDate: "DefiTeller (2023-09-18)",
    date: "2023-09-18",
  },

  // §7 Does training and simulation work?
  knowBe4Benchmark2024: {
    origin: "KnowBe4",
    publisher: "Mirage News (KnowBe4 press release)",
    url: "https://miragenews.com/human-element-remains-top-defense-against-cyber-1249296",
    facts: "§7 KnowBe4 2024 Phishing by Industry Benchmarking Report",
    factsDate: "KnowBe4 press release via Business Wire (2024)",
    date: "2024",
  },
  ucsd: {
    origin: "UC San Diego Health study",
    publisher: "Homeland Security Newswire",
    url: "https://www.homelandsecuritynewswire.com/dr20250917-cybersecurity-training-programs-dont-prevent-employees-from-falling-for-phishing-scams",
    facts: "§7 UC San Diego Health study",
    factsDate: "UC San Diego release, 2025-09-17",
    date: "2025-09-17",
  },
  ethZurich: {
    origin: "ETH Zurich",
    publisher: "SecurityWeek",
    title: "Research: Simulated Phishing Tests Make Organizations Less Secure",
    url: "https://www.securityweek.com/research-simulated-phishing-tests-make-organizations-less-secure/",
    facts: "§7 ETH Zurich: side effects of embedded training",
    factsDate: "Less Secure\" (2021)",
    date: "2021",
  },
  ethZurichFollowUp: {
    origin: "ETH Zurich",
    publisher: "arXiv",
    url: "https://arxiv.org/html/2409.01378v1",
    facts: "§7 ETH Zurich follow-up: a nudge, an attention problem",
    factsDate: "arXiv 2409.01378 (2024)",
    date: "2024",
  },
  bullee: {
    origin: "Bullee, Montoya, Junger & Hartel, SG-CRC 2016 (IOS Press)",
    publisher: "bullee.net",
    title: "Telephone-based social engineering attacks: An experiment testing the success and time decay of an intervention",
    url: "https://bullee.net/2016/01/15/telephone-based-social-engineering-attacks",
    facts: "§7 phone field experiment, Bullee et al. (2016)",
    factsDate: "SG-CRC 2016",
    date: "2016",
  },
  verizonDbir2026: {
    origin: "Verizon 2026 Data Breach Investigations Report",
    publisher: "Fable Security",
    url: "https://fablesecurity.com/resources/blog/dbir-2026-phishing-simulation-blind-spot/",
    facts: "§5 and §7 Verizon 2026 DBIR: phone and text simulations",
    factsDate: "Verizon 2026 DBIR",
    date: "2026",
    datedBy: "report",
  },

  // §8 AI voice cloning
  mcafeeLabs: {
    origin: "McAfee Labs",
    publisher: "TMCnet",
    url: "https://www.tmcnet.com/voip/news/articles/455786-mcafee-issues-warning-ai-voice-cloning-scams.htm",
    facts: "§8 McAfee: three seconds for an 85% match; 70% not confident",
    factsDate: "Greg Tavarez, 2023-05-05",
    date: "2023-05-05",
  },
  mcafeeSurvey: {
    origin: "McAfee",
    publisher: "Business Wire (McAfee press release)",
    url: "https://finance.menlopark.com/camedia.menlopark/article/bizwire-2023-5-2-artificial-intelligence-voice-scams-on-the-rise-with-1-in-4-adults-impacted",
    facts: "§8 McAfee, The Artificial Imposter",
    factsDate: "(2023-05-02)",
    date: "2023-05-02",
  },
  vallE: {
    origin: "Microsoft",
    publisher: "Silicon Republic",
    url: "https://www.siliconrepublic.com/machines/microsoft-vall-e-text-to-speech-ai-openai-chatgpt",
    facts: "§8 Microsoft VALL-E",
    factsDate: "(2023-01-10)",
    date: "2023-01-10",
  },
  openAiVoiceEngine: {
    origin: "OpenAI",
    publisher: "Slator",
    url: "https://slator.com/openai-cautiously-debuts-multilingual-generative-ai-voice-engine/",
    facts: "§8 OpenAI Voice Engine",
    factsDate: "March 29, 2024",
    date: "2024-03-29",
    datedBy: "report",
  },
  starlingSurvey: {
    origin: "Starling Bank / Mortar Research",
    publisher: "LBC",
    url: "https://www.lbc.co.uk/tech/10673c0432c44540821b4277394926a8",
    facts: "§8 Starling Bank survey",
    factsDate: "18 Sept 2024",
    date: "2024-09-18",
  },
  consumerReportsCloning: {
    origin: "Consumer Reports",
    publisher: "CR findings summary",
    url: "https://som2nynetwork.com/apple-2/checklist-415-voice-clones-and-paper-problems-revisited",
    facts: "§8 Consumer Reports' voice-cloning test",
    factsDate: "Consumer Reports (March 2025)",
    date: "2025-03",
    datedBy: "report",
  },
} satisfies Record<string, Source>;

export type SourceId = keyof typeof sources;

/** A sentence of a page's prose that states a fact, with the id of the source it rests on: the claims ledger (docs/claims-ledger.md) reads it. */
export type Claim = { sentence: string; fact: SourceId };

const byUrl = new Map<string, Source>(Object.values(sources).map((source: Source) => [source.url, source]));
const idByUrl = new Map<string, SourceId>((Object.entries(sources) as [SourceId, Source][]).map(([id, source]) => [source.url, id]));

export function sourceForUrl(url: string): Source | undefined {
  return byUrl.get(url);
}

/** The id of the source at an address: what a link, a figure's source or a citation rests on. */
export function sourceIdForUrl(url: string): SourceId | undefined {
  return idByUrl.get(url);
}
