/** @jest-environment node */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { callWidgetPageText } from "@/content/call/page";
import { customerData, dataStatements, demoCounterRetention, processors, visitorData, voiceHistoryRetentionDays, voiceProcessorKeeping, voiceProcessorSavesAudio } from "@/content/legal/data-practices";
import { privacyPolicyFor } from "@/content/legal/privacy";
import { termsOfServiceFor } from "@/content/legal/terms";
import type { LegalDocument } from "@/content/legal/types";
import { productFaq } from "@/content/product";
import { siteHost } from "@/lib/config/site-links";
import type { AgentConfigFile } from "@/scripts/agents/configs";
import { launchSignoff, signedOff } from "@/content/launch-signoff";

/** The legal texts as this deployment serves them. */
const privacyPolicy = privacyPolicyFor({ websiteHost: siteHost });
const termsOfService = termsOfServiceFor({ websiteHost: siteHost });

/**
 * One model of what the product collects, who processes it and for how long
 * (content/legal/data-practices.ts): the privacy policy, the terms, the product FAQ, the call
 * widget's notice and the deploy guides say what it says.
 */

const root = path.join(__dirname, "../..");
const textOf = (doc: LegalDocument) => [doc.intro, ...doc.sections.flatMap((section) => section.blocks.flatMap((block) => (block.type === "p" ? [block.text] : block.items)))];
const section = (doc: LegalDocument, id: string) => textOf({ ...doc, intro: "", sections: doc.sections.filter((entry) => entry.id === id) }).join("\n");

describe("the production agents and the deploy guides follow the model", () => {
  const agentConfigs = readdirSync(path.join(root, "elevenlabs/agent_configs")).map((file) => JSON.parse(readFileSync(path.join(root, "elevenlabs/agent_configs", file), "utf8")) as AgentConfigFile);

  test("every ElevenLabs agent keeps conversations for the signed-off number of days, existing ones included", () => {
    expect(agentConfigs.length).toBeGreaterThan(0);
    for (const config of agentConfigs) expect(config.platform_settings.privacy).toMatchObject({ retention_days: voiceHistoryRetentionDays, apply_to_existing_conversations: true });
  });

  test("every ElevenLabs agent deletes each transcript exactly when the privacy policy says its voice processor keeps none", () => {
    const policy = textOf(privacyPolicy).join("\n");
    const keepsNone = !voiceProcessorKeeping.kept;
    expect(policy.includes("our voice processor deletes its copy when the call ends")).toBe(keepsNone);
    for (const config of agentConfigs) {
      expect(config.platform_settings.privacy).toMatchObject({ delete_transcript_and_pii: keepsNone, retention_days: keepsNone ? 0 : voiceHistoryRetentionDays });
    }
  });

  test("every ElevenLabs agent saves no audio, since call recordings are never stored", () => {
    expect(voiceProcessorSavesAudio).toBe(false);
    for (const config of agentConfigs) expect(config.platform_settings.privacy).toMatchObject({ record_voice: false, delete_audio: true });
  });

  test("the Supabase guide bounds the demo's counters by the privacy policy's retention", () => {
    expect(readFileSync(path.join(root, "supabase/README.md"), "utf8")).toContain(`counters are kept ${demoCounterRetention}`);
  });
});

describe("the privacy policy is written from the model", () => {
  test("its summary names every provider that receives identifying data, and what it receives", () => {
    const summary = section(privacyPolicy, "at-a-glance");
    for (const entry of processors.filter((candidate) => candidate.identifying)) expect(summary).toContain(`${entry.name.charAt(0).toLowerCase()}${entry.name.slice(1)} ${entry.identifying}`);
  });

  test("its list of processors has every category of the model, with what each receives", () => {
    const list = section(privacyPolicy, "processors-and-sharing");
    for (const entry of processors) expect(list).toContain(`${entry.name}, which ${entry.task}${entry.identifying ? `, and which ${entry.identifying}` : ""}.`);
  });

  test("what it says the website processes about a visitor is every visitor record of the model, the host's request logs and analytics included", () => {
    const summary = section(privacyPolicy, "at-a-glance");
    for (const record of [visitorData.requests, visitorData.pageViews, visitorData.demoCounters]) expect(summary).toContain(record.label);
    expect(summary).not.toMatch(/\bonly thing\b/i);
  });

  test("it calls the demo counters' address ranges pseudonymous, never anonymized", () => {
    const demo = section(privacyPolicy, "demo-call");
    expect(demo).toContain(visitorData.demoCounters.what);
    expect(demo).toMatch(/a range is pseudonymous, not anonymous/);
    expect(textOf(privacyPolicy).join("\n")).not.toMatch(/anonymi[sz]ed/i);
  });

  test("it covers the transcripts the platform keeps for debriefs and reports, and for how long", () => {
    expect(section(privacyPolicy, "at-a-glance")).toContain(dataStatements.transcripts);
    expect(section(privacyPolicy, "data-we-collect")).toContain(customerData.transcripts.what);
    expect(section(privacyPolicy, "retention-and-deletion")).toMatch(/Customer data, including participant details, transcripts, results and voice samples: for as long as/);
  });

  test("it states the demo call's retention exactly as the voice processor is set up", () => {
    const demo = section(privacyPolicy, "demo-call");
    expect(demo).toContain(dataStatements.demoCall);
    expect(demo).toContain(dataStatements.voiceProcessorSetting);
  });
});

describe("the other pages state the model's words", () => {
  test("the terms say call recordings are not stored and transcripts are kept as Customer Data", () => {
    const terms = textOf(termsOfService).join("\n");
    expect(terms).toContain(dataStatements.callRecordings);
    expect(terms).toMatch(/transcripts of simulated calls and coaching sessions are kept/);
  });

  test("the product FAQ's answer on recordings is the model's", () => {
    const answer = productFaq.find((item) => /recording/i.test(item.question))?.answer ?? "";
    expect(answer).toContain(dataStatements.callRecordings);
    expect(answer).toContain(dataStatements.transcripts);
  });

  test("the call widget's notice is the model's short statement", () => {
    expect(callWidgetPageText.consent.points.join(" ")).toContain(dataStatements.demoCallShort);
  });
});

describe("a different retention setting changes every statement", () => {
  async function withRetentionDays(days: number) {
    let loaded: { practices: typeof import("@/content/legal/data-practices"); privacy: typeof import("@/content/legal/privacy"); page: typeof import("@/content/call/page") } | undefined;
    await jest.isolateModulesAsync(async () => {
      jest.doMock("@/content/launch-signoff", () => {
        const actual = jest.requireActual<typeof import("@/content/launch-signoff")>("@/content/launch-signoff");
        return { ...actual, launchSignoff: { ...actual.launchSignoff, voiceHistoryRetentionDays: { ...actual.launchSignoff.voiceHistoryRetentionDays, confirmed: days } } };
      });
      loaded = { practices: await import("@/content/legal/data-practices"), privacy: await import("@/content/legal/privacy"), page: await import("@/content/call/page") };
    });
    if (!loaded) throw new Error("modules did not load");
    return loaded;
  }

  test("with 14 days of retention, the privacy policy and the call widget say the processor keeps the transcript for 14 days, and no longer promise it keeps none", async () => {
    const { privacy, page } = await withRetentionDays(14);
    const demo = section(privacy.privacyPolicyFor({ websiteHost: siteHost }), "demo-call");
    expect(demo).toMatch(/our voice processor keeps the transcript for 14 days after the call, then deletes it/);
    expect(demo).not.toMatch(/no audio or transcript of it is kept/);
    expect(page.callWidgetPageText.consent.points.join(" ")).toContain("the transcript is deleted 14 days after the call");
  });
});

describe("the privacy policy says what the code does", () => {
  const policy = textOf(privacyPolicy).join("\n");
  const repo = (file: string) => readFileSync(path.join(root, file), "utf8");

  test("it names the Redis host that keeps the demo's counters wherever REDIS_URL is set", () => {
    expect(repo("lib/signed-url/node-service.ts")).toMatch(/REDIS_URL/);
    expect(policy).toMatch(/abuse counters[^.]*in a Redis database host/);
  });

  test("its counters count the signed call links the server issues, which is what lib/signed-url counts", () => {
    expect(visitorData.demoCounters.what).toMatch(/^a count of the signed links our server has issued for demo calls/);
    expect(policy).not.toMatch(/count of (the )?demo calls started/);
  });

  test("it says the browser keeps the chosen microphone and speaker, and their names, whenever lib/call/devices.ts stores them", () => {
    expect(repo("lib/call/devices.ts")).toMatch(/localStorage/);
    expect(section(privacyPolicy, "website-and-analytics")).toContain(dataStatements.browserStorage);
    expect(dataStatements.browserStorage).toMatch(/microphone or a speaker[^.]*device's name/);
  });

  test("it lists where our own voice agent sends the conversation when AGENT_LLM_URL is set", () => {
    expect(repo("agent/src/config.ts")).toMatch(/AGENT_LLM_URL/);
    expect(section(privacyPolicy, "demo-call")).toContain(dataStatements.ownAgentRecipient);
    expect(processors.find((entry) => entry.id === "voice-ai")?.task).toContain("AGENT_LLM_URL");
  });

  test("its categories are the whole list of providers, and each named provider stands under a category that exists", () => {
    const categories = new Set(processors.map((entry) => entry.id));
    for (const named of signedOff(launchSignoff.subProcessors)) {
      expect(categories.has(named.category as (typeof processors)[number]["id"])).toBe(true);
      expect(section(privacyPolicy, "processors-and-sharing")).toContain(`Named: ${named.name} (`);
    }
    expect(policy).not.toMatch(/These are the sub-processors/);
  });
});
