import { launchSignoff, signedOff } from "@/content/launch-signoff";
import { customerDataRegion } from "./facts";

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

/**
 * Days the voice processor keeps a conversation's transcript: the ElevenLabs agents' retention
 * setting. It holds because the production agents' configuration kept in this repository sets it
 * (with audio saving off) and is tested against this value; ElevenLabs' own defaults keep both.
 */
export const voiceHistoryRetentionDays = signedOff(launchSignoff.voiceHistoryRetentionDays);

/** Where the voice processor keeps what it stores: cloned voices, their samples and any transcripts. */
export const voiceProcessorLocation = signedOff(launchSignoff.voiceProcessorLocation);

/**
 * What the demo's rate limiter keeps (lib/signed-url): a counter lives for its window (at most a
 * day) and every store deletes it within an hour after that, whichever store holds it.
 * tests/unit/signed-url/counter-retention.test.ts holds the memory, Redis and Postgres stores to it.
 */
export const demoCounterRetentionHours = 25;

export const demoCounterRetention = `at most ${demoCounterRetentionHours} hours`;

/** How the counters' retention comes about, for the page that explains the demo. */
export const demoCounterLifetime = "Each count lasts for its window (a minute, 24 hours, or until midnight UTC) and is deleted within an hour after the window ends";

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
    // The counters' store follows the deployment (lib/signed-url): the web server's memory, a Redis host where REDIS_URL is set, or Supabase's PostgreSQL.
    task: `host the platform and store customer data, encrypted, in ${customerDataRegion}, and hold the demo's abuse counters wherever our web server does not keep them in its own memory: in a Redis database host, or in the PostgreSQL database of our Supabase project`,
    identifying: "hold the names, work email addresses and work phone numbers in customer data, encrypted, and, for the demo's abuse counters, visitors' IP addresses and network ranges, which the counters are keyed by",
  },
  {
    id: "voice-ai",
    name: "Voice and AI processors",
    task: "provide speech recognition, voice synthesis, voice cloning and conversational language models for simulated calls, coaching sessions and the demo call, including the language-model endpoint our own voice agent sends the conversation's text to when it writes the demo caller's lines (AGENT_LLM_URL), unless that model runs on our own server",
    identifying: `receive the voice samples an organization provides for cloning, which they keep with the cloned voice in ${voiceProcessorLocation}, the call audio while a call is live, and the IP address of your browser when it connects to them for the demo call`,
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
    label: "a count of demo call links issued per IP address and network range",
    // lib/signed-url counts a signed URL when it issues one, whether or not a call then starts with it.
    what: "a count of the signed links our server has issued for demo calls (each lets one call connect, whether or not it then starts) to your IP address (for IPv6, its first 64 bits) and to its network range (the first three numbers of an IPv4 address, or the first 48 bits of an IPv6 address)",
    purpose: "to limit abuse of the demo call, and for nothing else",
    processedBy: ["website-host", "database-host"],
    keptByUs: { kept: true, for: demoCounterRetention },
  },
  demoCall: {
    label: "your voice and words during a demo call",
    what: "your voice during a demo call (or, in a typed call, the words you type), the text of what you and the AI caller say, and your browser's IP address",
    purpose: "to convert your speech to text, let the AI caller answer and speak the answer back to you (a typed call sends your typed words instead, and no audio)",
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
    keptByVoiceProcessor: { kept: true, for: `with the cloned voice, in ${voiceProcessorLocation}, until we delete the cloned voice` },
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
  /** Where customer data is kept: the privacy policy, the terms and the product FAQ say it in these words. */
  storage: `Customer data is stored encrypted in ${customerDataRegion}, except voice samples and the cloned voices made from them with each speaker's consent, which our voice processor keeps in ${voiceProcessorLocation}`,
  /** What the demo call leaves in the visitor's own browser (lib/call/devices.ts keeps it in localStorage). */
  browserStorage:
    "If you choose a microphone or a speaker for the demo call, your browser keeps that choice on your device, in this site's local storage, with the device's name as your browser reports it (a name can include yours, as in “Sam's AirPods”), so that your next call uses the same device. It is never sent to us or to our processors; clearing this site's data in your browser deletes it",
  /** Where our own voice agent runs the demo call, the recipient of its conversation text (agent/ README: AGENT_LLM_URL). */
  ownAgentRecipient:
    "Where the demo call runs on our own voice agent instead of our voice processor's, the agent recognizes your speech and speaks the caller's lines on our own server, and keeps no audio or transcript; if it is configured with a language-model endpoint (AGENT_LLM_URL), it sends that endpoint the text of the conversation, never audio, to write the caller's next line. That endpoint is a model on our own server or one of our voice and AI processors",
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
    ? `The configuration of our production voice agents, which we keep and test with our code, turns our voice processor's audio saving off and has it keep each conversation's transcript in its own systems for ${voiceProcessorKeeping.for}`
    : "Our voice processor keeps no copy: the configuration of our production voice agents, which we keep and test with our code, turns the processor's audio saving off, sets its conversation history to a retention period of 0 days and has it delete each conversation's transcript, so it deletes each transcript from its systems when the call ends",
  /** How the demo call begins, for a spoken call and for a typed one. */
  demoCallStart:
    "A spoken call starts only when you press Start Call and allow your browser to use your microphone; a typed call starts when you choose to reply by typing, and uses no microphone. Either ends when you press End Call or close the page",
  /** What the platform stores of secrets a participant discloses. */
  disclosedSecrets: signedOff(launchSignoff.transcriptRedaction),
} as const;

/**
 * The retention schedule for voice data (the public written schedule Illinois' Biometric
 * Information Privacy Act asks for): what is kept, and when it is deleted at the latest.
 */
export const voiceDataSchedule: readonly string[] = [
  `Voice samples and cloned voices are kept only to produce the simulations and coaching the speaker consented to. They are deleted when the customer deletes the cloned voice, when the speaker withdraws consent, when the customer's account ends and its export period closes, or ${signedOff(launchSignoff.voiceDataDeletionYears)} years after the speaker's last interaction with the platform, whichever comes first`,
  "Call audio is never stored",
  voiceHistoryRetentionDays === 0
    ? "Transcripts are text, not voice: the platform keeps them as customer data, and our voice processor deletes its copy when the call ends"
    : `Transcripts are text, not voice: the platform keeps them as customer data, and our voice processor deletes its copy ${voiceHistoryRetentionDays} days after the call`,
];
