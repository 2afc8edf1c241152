import { site } from "@/content/site";
import { launchSignoff, signedOff } from "@/content/launch-signoff";
import {
  businessData,
  customerData,
  dataStatements,
  demoCounterLifetime,
  demoCounterRetention,
  hostLogRetention,
  listInProse,
  processor,
  processors,
  visitorData,
  voiceDataSchedule,
  type DataRecord,
  type Keeping,
} from "./data-practices";
import { customerDataRegion, minimumUserAge } from "./facts";
import type { LegalContext, LegalDocument } from "./types";

const company = site.legalName;
const brand = site.name;
const registeredIn = signedOff(launchSignoff.registeredIn);
const exportDays = signedOff(launchSignoff.customerDataExportDays);
const backupDays = signedOff(launchSignoff.backupRetentionDays);
const subProcessorNotice = signedOff(launchSignoff.subProcessorChangeNotice);
const customerBreachNotice = signedOff(launchSignoff.customerBreachNotice);
const regulatorBreachHours = signedOff(launchSignoff.regulatorBreachNoticeHours);
const companyNumber = signedOff(launchSignoff.companyNumber);
const postalAddress = signedOff(launchSignoff.postalAddress);
const euRepresentative = signedOff(launchSignoff.euRepresentative);
const subProcessors = signedOff(launchSignoff.subProcessors);

export { demoCounterRetention };

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const kept = (keeping: Keeping) => (keeping.kept ? `kept ${keeping.for}` : "not kept");
/** "Label: details." */
const described = (record: DataRecord) => `${upperFirst(record.label)}: ${record.what}.`;

/** Every provider that receives directly identifying data, and what it receives: the summary must name them all. */
/** The named providers of one category, as a sentence that follows it ("" where we name none yet). */
const namedIn = (category: string) => {
  const named = subProcessors.filter((entry) => entry.category === category);
  return named.length === 0 ? "" : ` Named: ${listInProse(named.map((entry) => `${entry.name} (${entry.task}; ${entry.location})`), { semicolons: true })}.`;
};

const identifyingRecipients = processors.filter((entry) => entry.identifying).map((entry) => `${lowerFirst(entry.name)} ${entry.identifying}`);

/**
 * The privacy policy of the website at `websiteHost`. Its statements about what we collect, who processes it and for how long are
 * written from content/legal/data-practices.ts, so they change with the practices and cannot
 * contradict the terms, the product page or the deploy guides. Change `lastUpdated` whenever the
 * text changes: the page shows it as the date the policy last changed. Values the company has not
 * yet signed off come from content/launch-signoff.ts.
 */
export const privacyPolicyFor = ({ websiteHost }: LegalContext): LegalDocument => ({
  title: "Privacy Policy",
  lastUpdated: "2026-11-29",
  intro: `This Privacy Policy explains how ${company} (“${brand}”, “we”, “us” or “our”) collects, uses, protects and deletes personal data when you visit our website, try the demo call on it, talk to us about our services or use the ${brand} platform for AI vishing simulation and voice-based security training. We have written it to be read, not skimmed past: if anything is unclear, contact us using the details at the end.`,
  sections: [
    {
      id: "who-we-are",
      heading: "Who we are and when this policy applies",
      blocks: [
        {
          type: "p",
          text: `${company} is a company registered in ${registeredIn}${companyNumber ? ` under number ${companyNumber}` : ""}${postalAddress ? `, with its registered office at ${postalAddress}` : ""}. For the personal data described in this policy that we decide how and why to use, such as data about visitors to ${websiteHost}, people who contact us, beta applicants and the business contacts of our customers, ${company} is the controller under the UK General Data Protection Regulation (UK GDPR), the Data Protection Act 2018 and, where it applies to us, the EU General Data Protection Regulation (EU GDPR).`,
        },
        ...(euRepresentative
          ? [{ type: "p" as const, text: `Our representative in the European Union, for people in the EU who want to contact us about their data, is ${euRepresentative}.` }]
          : []),
        {
          type: "p",
          text: `Our customers are organizations. When an organization uses the ${brand} platform to run simulations and training for its own people, that organization is the controller of the data it puts into the platform (customer data), and we process that data as its processor, only on its documented instructions and under a data processing agreement. If you are an employee of one of our customers and have a question about how your organization uses ${brand}, please contact your organization first; we will help it answer you.`,
        },
      ],
    },
    {
      id: "at-a-glance",
      heading: "Our commitments at a glance",
      blocks: [
        {
          type: "list",
          items: [
            `Our website has no accounts or forms and sets no tracking cookies. About a visitor it processes ${listInProse(
              [
                `${visitorData.requests.label}, which our hosting provider keeps in security logs for ${hostLogRetention}`,
                `${visitorData.pageViews.label}, reported to us only in aggregate`,
                `${visitorData.demoCounters.label}, kept ${demoCounterRetention} and used only to limit abuse of the demo`,
              ],
              { semicolons: true },
            )}.`,
            `${dataStatements.demoCall}.`,
            `${dataStatements.callRecordings}. ${dataStatements.callAudio}.`,
            `${dataStatements.transcripts}.`,
            `${dataStatements.storage}.`,
            `Third parties that run calls and AI conversations get pseudonymized keys (random identifiers) instead of participants' names. Providers receive identifying data only where their task needs it: ${listInProse(identifyingRecipients, { semicolons: true })}.`,
            "Language models are not trained on customer data, neither by us nor by our providers.",
            "Your organization owns its data and can export it or delete it at any time.",
            "When you ask us to delete data, we erase it irrecoverably.",
          ],
        },
      ],
    },
    {
      id: "data-we-collect",
      heading: "The personal data we collect",
      blocks: [
        {
          type: "p",
          text: "What we collect depends on how you interact with us:",
        },
        {
          type: "list",
          items: [
            `Website visitors: our website has no accounts, forms or sign-ups. It processes ${listInProse([visitorData.requests, visitorData.pageViews, visitorData.demoCounters].map((record) => record.label))}, as described under “Our website, cookies and analytics” and “The demo call on our website”.`,
            `Demo call: ${visitorData.demoCall.what}, while the call is live. We do not ask for your name or contact details to use the demo.`,
            described(businessData.enquiries),
            described(businessData.accountUsers),
            `Simulation and training participants (customer data): ${customerData.participants.what}; ${customerData.results.what}; and ${customerData.transcripts.what}.`,
            `Voice samples (customer data): ${customerData.voiceSamples.what}. These samples are provided deliberately for cloning and are distinct from call audio, which is never stored.`,
            described(businessData.billing),
          ],
        },
        {
          type: "p",
          text: `We do not use voice data to identify people, and we do not ask for or want special category data, such as health information, in any part of ${brand}. Please do not share it in the demo call or in your messages to us.`,
        },
      ],
    },
    {
      id: "website-and-analytics",
      heading: "Our website, cookies and analytics",
      blocks: [
        {
          type: "p",
          text: "Our website has no accounts and keeps no profile of its visitors. It sets no tracking or advertising cookies and does not follow you across other websites.",
        },
        {
          type: "p",
          text: `To understand which pages are useful, we use privacy-friendly page-view analytics that work without cookies or any other identifier stored on your device. They record ${visitorData.pageViews.what}. These figures are reported to us in aggregate only; they do not tell us who you are, and they cannot be used to recognize you on a later day.`,
        },
        {
          type: "p",
          text: `Like any website, ours is delivered by a hosting provider that must process ${visitorData.requests.what} ${visitorData.requests.purpose}. That provider keeps this technical data in security logs for ${hostLogRetention} and does not use it to identify visitors on our behalf. An IP address is personal data, and we treat it as such.`,
        },
        {
          type: "p",
          text: `${dataStatements.browserStorage}.`,
        },
        {
          type: "p",
          text: "Some links take you to services run by others, such as our external booking page and our social media profiles. Their own privacy policies apply when you use them.",
        },
      ],
    },
    {
      id: "demo-call",
      heading: "The demo call on our website",
      blocks: [
        {
          type: "p",
          text: `Our website lets you experience a simulated vishing call in your browser. ${dataStatements.demoCallStart}. You can refuse or withdraw microphone access in your browser at any time.`,
        },
        {
          type: "p",
          text: `While the call is live, your voice is streamed to our voice and AI processor ${visitorData.demoCall.purpose}. ${dataStatements.demoCall}. ${dataStatements.voiceProcessorSetting}.`,
        },
        {
          type: "p",
          text: `To keep the demo available to every visitor and to prevent abuse, our server keeps ${visitorData.demoCounters.what}. The counters hold no audio, call content or other details, are kept ${demoCounterRetention} and are used only to limit abuse of the demo. ${demoCounterLifetime}. An IP address and a network range are personal data: a range is pseudonymous, not anonymous, because together with other records it can still point to a person.`,
        },
        {
          type: "p",
          text: "Our lawful basis for the demo is our legitimate interest in letting you try our service at your request, and in protecting it from misuse. The demo caller is an AI playing a role; never share real passwords, payment details or other secrets with it.",
        },
        {
          type: "p",
          text: "When your browser connects to our voice processor for the call, the processor receives your browser's IP address, as any server your browser connects to does.",
        },
        {
          type: "p",
          text: `${dataStatements.ownAgentRecipient}.`,
        },
      ],
    },
    {
      id: "customer-data",
      heading: "How the platform handles customer data",
      blocks: [
        {
          type: "list",
          items: [
            `Storage location: ${lowerFirst(dataStatements.storage)}, for as long as the cloned voice exists.`,
            "Encryption: customer data is encrypted at rest with AES-256 and in transit with TLS.",
            `${dataStatements.callRecordings}. ${dataStatements.callAudio}.`,
            `Transcripts and results: ${lowerFirst(dataStatements.transcripts)}. With them we keep the result of each simulation, such as the call outcome, its timing and the automated analysis of the conversation. ${dataStatements.voiceProcessorSetting}.`,
            `Secrets disclosed in a simulation: ${lowerFirst(dataStatements.disclosedSecrets)}. Our terms forbid simulations designed to collect real secrets; this protects participants who disclose one anyway.`,
            `Pseudonymized keys: when we pass data to the processors that run calls and AI conversations, we identify participants by pseudonymized keys (random identifiers), not by their names or email addresses. A provider receives a directly identifying detail only where its task needs it: telephony providers ${processor("telephony").identifying}, and voice and AI processors ${processor("voice-ai").identifying}.`,
            "No model training: language models are not trained on customer data. We do not use customer data to train our own models, and we only use AI providers under terms that do not allow them to train their models on the data we send them.",
            "Ownership and control: your organization owns its data. Its administrators can export it, or delete it, at any time from the platform or by asking us.",
          ],
        },
      ],
    },
    {
      id: "purposes-and-lawful-bases",
      heading: "Why we use personal data and our lawful bases",
      blocks: [
        {
          type: "p",
          text: "Data protection law requires a lawful basis for each use of personal data. Ours are:",
        },
        {
          type: "list",
          items: [
            "Providing the platform to our customers: performance of our contract with the customer, and for the personal data of its users and participants, the customer's instructions under our data processing agreement.",
            "Running the demo call: our legitimate interest in letting visitors try the service they asked to try, as described under “The demo call on our website”.",
            "Answering enquiries, arranging calls and running the private beta: our legitimate interest in responding to you, or taking steps at your request before entering into a contract.",
            "Billing, accounting and tax records: performance of our contract and our legal obligations.",
            "Page-view analytics: our legitimate interest in understanding, in aggregate and without cookies, how our website is used.",
            "Security, fraud and abuse prevention, including the two-factor authentication and access logs of the platform: our legitimate interests and those of our customers in keeping the service and its data safe.",
            "Sending occasional product news to business contacts: our legitimate interest or, where the law requires it, your consent. Every message includes a way to opt out.",
            "Complying with the law, enforcing our terms and defending legal claims: legal obligation and our legitimate interests.",
          ],
        },
        {
          type: "p",
          text: "Where we rely on legitimate interests, we have weighed them against your rights and you can object at any time (see “Your rights”). We do not sell personal data, we do not use it for advertising, and we do not make decisions about anyone based solely on automated processing that have legal or similarly significant effects. Simulation results are produced for customers to improve training, not by us to make decisions about individuals.",
        },
      ],
    },
    {
      id: "processors-and-sharing",
      heading: "Processors and other third parties",
      blocks: [
        {
          type: "p",
          text: "We use carefully selected service providers that process personal data on our behalf, under written contracts that require them to follow our instructions, keep data confidential and protect it. They fall into these categories:",
        },
        {
          type: "list",
          items: processors.map((entry) => `${entry.name}, which ${entry.task}${entry.identifying ? `, and which ${entry.identifying}` : ""}.${namedIn(entry.id)}`),
        },
        {
          type: "p",
          text: `These categories are the complete list of the providers that process personal data for us; where we name the provider, the name, what it does and where it processes data follow its category. We tell customers ${subProcessorNotice}. We may also disclose personal data where the law requires it, to protect the rights, safety or property of our customers, our users or others, or to a successor organization in a merger or acquisition, which would be bound by this policy.`,
        },
      ],
    },
    {
      id: "security",
      heading: "How we protect data",
      blocks: [
        {
          type: "list",
          items: [
            "AES-256 encryption of customer data at rest, and TLS encryption of all data in transit.",
            "Least-privilege access: our staff can reach customer data only where their role requires it, and only for as long as it requires it.",
            "Two-factor authentication for administrators, both for our own administrative access and for administrator accounts on the platform.",
            `Full daily backups, encrypted, kept in the same region (${customerDataRegion}) for ${backupDays} days, so that data can be restored after an incident.`,
            "Logging and monitoring of access to production systems, and confidentiality obligations for all our staff and contractors.",
          ],
        },
        {
          type: "p",
          text: `No system is perfectly secure. If a personal data breach occurs, we will inform affected customers ${customerBreachNotice} and, where the law requires, notify the Information Commissioner's Office within ${regulatorBreachHours} hours of becoming aware of it.`,
        },
      ],
    },
    {
      id: "retention-and-deletion",
      heading: "How long we keep data and how deletion works",
      blocks: [
        {
          type: "p",
          text: "We keep personal data only for as long as we need it for the purposes described in this policy:",
        },
        {
          type: "list",
          items: [
            `Call audio, including the demo call's: ${kept(customerData.callAudio.keptByUs)}, by us or by our voice processor.`,
            `The demo call's transcript: ${kept(visitorData.demoCall.keptByUs)} by us; ${visitorData.demoCall.keptByVoiceProcessor.kept ? `kept by our voice processor for ${visitorData.demoCall.keptByVoiceProcessor.for}` : "not kept by our voice processor after the call"}.`,
            `Website request logs: kept by our hosting provider for ${hostLogRetention}.`,
            "Page views: reported to us only as aggregate statistics, which do not identify you.",
            `Demo abuse-prevention counters: ${demoCounterRetention}.`,
            `Customer data, including participant details, transcripts, results and voice samples: ${customerData.participants.keptByUs.kept ? customerData.participants.keptByUs.for : ""}. When an account ends, the customer can still export its data for ${exportDays} days; we then delete it from our live systems, or sooner if the customer asks us to.`,
            `Backups: kept on a rolling cycle of ${backupDays} days, after which they are overwritten.`,
            `Enquiries and beta correspondence: ${businessData.enquiries.keptByUs.for}.`,
            `Billing and accounting records: ${businessData.billing.keptByUs.for}.`,
          ],
        },
        {
          type: "p",
          text: `Our retention schedule for voice data, which some laws (such as Illinois' Biometric Information Privacy Act) ask us to publish: ${voiceDataSchedule.join(". ")}.`,
        },
        {
          type: "p",
          text: `Delete requests erase data irrecoverably. When your organization deletes data, or asks us to, it is removed from our live systems straight away and cannot be recovered afterwards, by you or by us. Deleted data is never restored from backups, and it disappears from them when they expire at the end of the backup cycle, within ${backupDays} days.`,
        },
      ],
    },
    {
      id: "international-transfers",
      heading: "International transfers",
      blocks: [
        {
          type: "p",
          text: `${dataStatements.storage}. Where each provider we name processes data is given with its category under “Processors and other third parties”. We send each only what its task needs, identifying participants by pseudonymized keys.`,
        },
        {
          type: "p",
          text: "Whenever personal data leaves the United Kingdom or the European Economic Area, we protect it with a recognized safeguard: an adequacy decision or regulations (including the UK Extension to the EU-US Data Privacy Framework where the recipient is certified), the UK International Data Transfer Agreement or Addendum, or the European Commission's Standard Contractual Clauses, together with additional measures where needed. You can ask us for details of the safeguard that applies.",
        },
      ],
    },
    {
      id: "your-organizations-data",
      heading: "Your organization's ownership and control of its data",
      blocks: [
        {
          type: "p",
          text: `Your organization owns its data. ${brand} claims no ownership of customer data and uses it only to provide the service to your organization. Administrators can export customer data in a commonly used, machine-readable format, or delete it, at any time from the platform or by emailing us, and we help customers answer requests from their own employees.`,
        },
      ],
    },
    {
      id: "your-rights",
      heading: "Your rights",
      blocks: [
        {
          type: "p",
          text: "Under the UK GDPR and, where it applies, the EU GDPR, you have the right to:",
        },
        {
          type: "list",
          items: [
            "be informed about how your personal data is used, which is the purpose of this policy;",
            "access the personal data we hold about you and receive a copy of it;",
            "have inaccurate or incomplete data corrected;",
            "have your data erased;",
            "restrict how we use your data;",
            "receive your data in a portable format and have it transferred to another organization;",
            "object to our use of your data where we rely on legitimate interests, and to direct marketing at any time;",
            "withdraw your consent at any time, where we rely on consent, without affecting earlier use;",
            "not be subject to decisions based solely on automated processing that have legal or similarly significant effects on you.",
          ],
        },
        {
          type: "p",
          text: "To exercise a right, email us using the details below. We will reply within one month, may need to confirm your identity first, and do not charge a fee in normal circumstances. If your request concerns customer data that an organization controls, we will pass it to that organization and support it in responding.",
        },
      ],
    },
    {
      id: "us-state-notice",
      heading: "Notice for residents of US states with privacy laws",
      blocks: [
        {
          type: "p",
          text: "If you live in a US state with a consumer privacy law, such as California, this section adds what those laws ask us to say. The categories of personal information we collect, from you, from your organization or from your browser, are: identifiers (name, email address, phone number and IP address); professional information (organization and role); internet activity (request details and page views); audio information (your voice during a live call, and voice samples provided for cloning, which some state laws treat as biometric information); and simulation results. We use each for the purposes, and keep it for the periods, set out above.",
        },
        {
          type: "p",
          text: "We disclose these categories only to the service providers and sub-processors listed above, for those purposes. We do not sell personal information or share it for cross-context behavioral advertising, and we do not use sensitive personal information, voice data included, to infer characteristics about anyone or for any purpose beyond providing the service. You may ask what personal information we hold about you, and ask us to correct or delete it, yourself or through an authorized agent, and we will not treat you differently for asking. Email us to make a request; we verify it by matching details we already hold. For customer data, we act on your organization's instructions and pass your request to it.",
        },
      ],
    },
    {
      id: "complaints",
      heading: "Complaints",
      blocks: [
        {
          type: "p",
          text: "We would like the chance to resolve any concern first, so please contact us. You also have the right to complain to the UK supervisory authority, the Information Commissioner's Office (ICO), at ico.org.uk or by telephone on 0303 123 1113. If you live or work in the European Economic Area, you can also complain to the data protection authority in your country.",
        },
      ],
    },
    {
      id: "children",
      heading: "Children",
      blocks: [
        {
          type: "p",
          text: `${brand} is a service for businesses and their staff. Our Terms of Service require each person who uses it, the demo call on our website included, to be ${minimumUserAge} or older, and nothing we offer is directed at anyone younger. We do not knowingly collect personal data from anyone under ${minimumUserAge}; if you believe someone under ${minimumUserAge} has given us personal data, contact us and we will delete it.`,
        },
      ],
    },
    {
      id: "changes",
      heading: "Changes to this policy",
      blocks: [
        {
          type: "p",
          text: "We review this policy regularly and will update it when our practices or the law change. The “Last updated” date at the top shows when the text last changed. If we make a material change, we will tell customers by email or in the platform before it takes effect.",
        },
      ],
    },
  ],
  contactNote: `${company} is the controller responsible for this policy. For questions about it, to exercise your rights or to report a privacy concern, email us${postalAddress ? ` or write to us at ${postalAddress}` : ""}; we reply within one month at the latest.`,
});
