import { launchSignoff, signedOff } from "@/content/launch-signoff";

/**
 * The one model of what Mockingbird collects, who processes it and for how long. The privacy
 * policy's data sections, the terms' data paragraph, the product FAQ, the demo's notices and the
 * deploy guides' retention settings are all written from it (tests/unit/data-practices.test.ts
 * holds the guides to it), so they cannot disagree. Change a practice here, and every page that
 * states it changes with it.
 */

/** "a", "a and b", "a, b and c"; with `semicolons`, "a; b; and c" for items that hold commas themselves. */
export function listInProse(items: readonly string[], { semicolons = false } = {}): string {
  if (items.length <= 1) return items[0] ?? "";
  if (semicolons) return `${items.slice(0, -1).join("; ")}; and ${items[items.length - 1]}`;
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** Days the voice processor keeps a conversation's transcript and audio: the ElevenLabs agents' retention setting. */
export const voiceHistoryRetentionDays = signedOff(launchSignoff.voiceHistoryRetentionDays);

/** What the demo's rate limiter keeps (lib/signed-url): counters that expire within a day, whichever store holds them. */
export const demoCounterRetention = "at most 24 hours";

/** How long the website host keeps request logs. */
export const hostLogRetention = signedOff(launchSignoff.hostLogRetention);

export type ProcessorId = "website-host" | "analytics" | "database-host" | "voice-ai" | "telephony" | "payment" | "email-and-scheduling";

export type Processor = {
  id: ProcessorId;
  /** The category as the policy lists it, starting with its noun. */
  name: string;
  /** What it does for us. */
  task: string;
  /** The directly identifying personal data it receives, as a clause ("receive visitors' IP addresses"); absent when it receives none. */
  identifying?: string;
};

/**
 * Every category of service provider that processes personal data for us. A provider that receives
 * directly identifying data says what it receives: the privacy policy's summary lists them all.
 */
export const processors: readonly Processor[] = [
  {
    id: "website-host",
    name: "Website hosting providers",
    task: "deliver our website and protect it against attacks",
    identifying: "process each visitor's IP address and request details",
  },
  {
    id: "analytics",
    name: "A privacy-friendly analytics provider",
    task: "counts page views in aggregate, without cookies or any identifier stored on your device",
  },
  {
    id: "database-host",
    name: "Cloud hosting and database providers",
    task: "host the platform and store customer data, encrypted, in a London cloud region, and the demo's abuse counters where our website runs without its own server",
    identifying: "hold the names, work email addresses and work phone numbers in customer data, encrypted",
  },
  {
    id: "voice-ai",
    name: "Voice and AI processors",
    task: "provide speech recognition, voice synthesis, voice cloning and conversational language models for simulated calls, coaching sessions and the demo call",
    identifying: "receive the voice samples an organization provides for cloning, and the call audio while a call is live",
  },
  {
    id: "telephony",
    name: "Telephony providers",
    task: "connect simulated calls",
    identifying: "receive the work phone numbers they dial",
  },
  {
    id: "payment",
    name: "A third-party payment provider",
    task: "handles billing and payments, and collects and stores card details itself",
    identifying: "receives the billing contact's name, work email address and billing address",
  },
  {
    id: "email-and-scheduling",
    name: "Email, scheduling and business productivity tools",
    task: "let us correspond with customers and prospects and book calls with them",
    identifying: "hold the names, email addresses and messages of people who write to us or book a call",
  },
];

export function processor(id: ProcessorId): Processor {
  const found = processors.find((entry) => entry.id === id);
  if (!found) throw new Error(`no processor ${id}`);
  return found;
}

/** How long something is kept, by us or by a processor. */
export type Keeping = { kept: false } | { kept: true; for: string };

const notKept: Keeping = { kept: false };

/**
 * The voice processor's agents save no audio ("Audio saving" off in ElevenLabs): call recordings
 * are never stored, by us or by it. A fixed commitment, not a setting to tune.
 */
export const voiceProcessorSavesAudio = false;

/** The voice processor's keeping of conversation transcripts, from the signed-off retention setting. */
export const voiceProcessorKeeping: Keeping =
  voiceHistoryRetentionDays === 0 ? notKept : { kept: true, for: `${voiceHistoryRetentionDays} day${voiceHistoryRetentionDays === 1 ? "" : "s"}` };

export type DataRecord = {
  /** What it is, in a few words that can stand inside a sentence ("participant details"). */
  label: string;
  /** What exactly, as a noun phrase that can follow the label. */
  what: string;
  /** Why we process it. */
  purpose: string;
  /** The processors that handle it. */
  processedBy: readonly ProcessorId[];
  /** How long we keep it ourselves (in our systems, including processors that store it for us). */
  keptByUs: Keeping;
  /** How long the processors that only handle it while a call runs keep it afterwards, where that differs. */
  keptByVoiceProcessor?: Keeping;
};

const customerDataRetention = `for as long as the customer's account is active, or until the customer deletes it`;

/** What the website and the demo call process about a visitor. */
export const visitorData = {
  requests: {
    label: "your IP address and request details",
    what: "your IP address and basic request details (the page asked for, your browser's user agent and the time)",
    purpose: "to send pages to your browser and protect the site against attacks",
    processedBy: ["website-host"],
    keptByUs: { kept: true, for: `in the hosting provider's security logs, for ${hostLogRetention}` },
  },
  pageViews: {
    label: "page views",
    what: "the page visited (path and query), the referring page, and the general type of browser, operating system, device and country",
    purpose: "to understand, in aggregate, which pages are useful",
    processedBy: ["analytics"],
    keptByUs: { kept: true, for: "as aggregate statistics only, which do not identify you and cannot recognize you on a later day" },
  },
  demoCounters: {
    label: "a count of demo calls per IP address and network range",
    what: "a count of the demo calls started from your IP address (for IPv6, its first 64 bits) and from its network range (the first three numbers of an IPv4 address, or the first 48 bits of an IPv6 address)",
    purpose: "to limit abuse of the demo call, and for nothing else",
    processedBy: ["database-host"],
    keptByUs: { kept: true, for: demoCounterRetention },
  },
  demoCall: {
    label: "your voice and words during a demo call",
    what: "your voice during a demo call, and the text of what you and the AI caller say",
    purpose: "to convert your speech to text, let the AI caller answer and speak the answer back to you",
    processedBy: ["voice-ai"],
    keptByUs: notKept,
    keptByVoiceProcessor: voiceProcessorKeeping,
  },
} as const satisfies Record<string, DataRecord>;

/** What the platform processes for a customer (customer data, for which the customer is the controller). */
export const customerData = {
  participants: {
    label: "participant details",
    what: "the name, work email address, work phone number and team or department your organization provides for each participant",
    purpose: "to run the simulations and coaching your organization schedules",
    processedBy: ["database-host", "telephony"],
    keptByUs: { kept: true, for: customerDataRetention },
  },
  transcripts: {
    label: "transcripts",
    what: "transcripts of simulated calls and coaching sessions, and the automated analysis of them",
    purpose: "so that the customer can review calls, debrief participants and report results",
    processedBy: ["voice-ai", "database-host"],
    keptByUs: { kept: true, for: customerDataRetention },
    keptByVoiceProcessor: voiceProcessorKeeping,
  },
  results: {
    label: "simulation results",
    what: "simulation results, such as whether a call was answered, what was disclosed and whether it was reported, and progress in coaching",
    purpose: "to report to your organization who is vulnerable, which tactics work and where to focus training",
    processedBy: ["database-host"],
    keptByUs: { kept: true, for: customerDataRetention },
  },
  callAudio: {
    label: "call audio",
    what: "the audio of simulated calls and coaching sessions",
    purpose: "to run the conversation in real time",
    processedBy: ["voice-ai", "telephony"],
    keptByUs: notKept,
    keptByVoiceProcessor: notKept,
  },
  voiceSamples: {
    label: "voice samples",
    what: "recordings your organization provides, with the speaker's consent, to create a cloned voice",
    purpose: "to create the cloned voice your organization asked for",
    processedBy: ["database-host", "voice-ai"],
    keptByUs: { kept: true, for: `${customerDataRetention}, and deleted with the cloned voice if the speaker withdraws consent` },
  },
} as const satisfies Record<string, DataRecord>;

/** What we process as a business, for which we are the controller. */
export const businessData = {
  enquiries: {
    label: "enquiries and beta applications",
    what: "if you email us or book a call with our founders, your name, work email address, organization and role, and whatever you choose to tell us",
    purpose: "to answer you, arrange calls and run the private beta",
    processedBy: ["email-and-scheduling"],
    keptByUs: { kept: true, for: `${signedOff(launchSignoff.enquiryRetention)}, unless it becomes part of a customer relationship` },
  },
  accountUsers: {
    label: "customer account users",
    what: "the name, work email address and role of each person given access to the platform, their sign-in and two-factor authentication settings, and security logs of their activity",
    purpose: "to give them access to the platform and keep it secure",
    processedBy: ["database-host"],
    keptByUs: { kept: true, for: customerDataRetention },
  },
  billing: {
    label: "billing contacts",
    what: "the name, work email address and billing address of the person responsible for paying; payment card details go directly to our payment provider and are not stored by us",
    purpose: "to invoice and keep accounting records",
    processedBy: ["payment"],
    keptByUs: { kept: true, for: signedOff(launchSignoff.billingRecordRetention) },
  },
} as const satisfies Record<string, DataRecord>;

/** The transcripts statement, worded for the page's reader: whose data they are kept as, and who uses them. */
export function transcriptsKept(asDataOf: string, user: string): string {
  return `Transcripts of simulated calls and coaching sessions are kept as ${asDataOf}, so that ${user} can review calls, debrief participants and report results`;
}

/** Words the pages share, built from the records above. */
export const dataStatements = {
  /** Call audio is never stored: the product FAQ's answer and the terms' reference to the policy. */
  callRecordings: "Call recordings are not stored",
  /** What happens to call audio. */
  callAudio: "Audio from simulated calls and coaching sessions is processed in real time and discarded when the call ends",
  /** Transcripts of training calls, which the platform keeps for debriefs and reports. */
  transcripts: transcriptsKept("your organization's data", "your organization"),
  /** The demo call, in the privacy policy. */
  demoCall: voiceProcessorKeeping.kept
    ? `The demo call is not recorded, and we keep no transcript of it; our voice processor keeps the transcript for ${voiceProcessorKeeping.for} after the call, then deletes it`
    : "The demo call is not recorded: no audio or transcript of it is kept, by us or by our voice processor, once the call has ended",
  /** The same, in the few words beside the call widget. */
  demoCallShort: voiceProcessorKeeping.kept
    ? `No audio is stored, and the transcript is deleted ${voiceProcessorKeeping.for} after the call.`
    : "No audio or transcript is stored afterwards.",
  /** How the voice processor is set up so that the demo statement holds. */
  voiceProcessorSetting: voiceProcessorKeeping.kept
    ? `Our voice processor saves no audio for our agents, and keeps each conversation's transcript in its own systems for ${voiceProcessorKeeping.for}`
    : "Our voice processor keeps no copy: for our agents it saves no audio, and its conversation history is set to a retention period of 0 days, so it deletes each transcript from its systems when the call ends",
} as const;
