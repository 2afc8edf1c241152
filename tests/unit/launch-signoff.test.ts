/** @jest-environment node */
import { launchSignoff, signedOff, type LaunchSignoff, type SignoffEntry } from "@/content/launch-signoff";
import { assertLaunchReady, isProductionOrigin, launchReadinessProblem, LaunchSignoffError, unconfirmedValues } from "@/lib/config/launch-readiness";
import { siteHost } from "@/lib/config/site-links";

const allConfirmed = (signoff: LaunchSignoff): LaunchSignoff =>
  Object.fromEntries(Object.entries(signoff).map(([key, entry]) => [key, { ...entry, confirmed: entry.draft }]));

describe("launch sign-off list", () => {
  it("names every value with a label, a draft and where it is used", () => {
    const entries = Object.entries(launchSignoff as LaunchSignoff);
    expect(entries.length).toBeGreaterThan(10);
    for (const [key, entry] of entries) {
      expect(entry.label.trim()).not.toBe("");
      expect(entry.draft).toBeDefined();
      expect(entry.usedIn.length).toBeGreaterThan(0);
      expect(key).toMatch(/^[a-z][A-Za-z]+$/);
    }
  });

  it("keeps the fictional team, the claims about third parties (grant, partner), the voice processor's retention and the legal commitments the seed does not fix on the list", () => {
    for (const key of ["legalName", "founders", "grantSupport", "partner", "voiceHistoryRetentionDays", "hostLogRetention", "customerDataExportDays", "backupRetentionDays", "arbitrationRules", "customerBreachNotice", "subProcessorChangeNotice", "paymentTermDays"]) {
      expect(Object.keys(launchSignoff)).toContain(key);
    }
  });

  it("keeps on the list what a privacy reviewer asks for and only the company can give: company number, postal address, EU representative, sub-processors and where voice data lives, the voice-data deletion limit, redaction, and whether visitors are bound by the dispute terms", () => {
    for (const key of ["companyNumber", "postalAddress", "euRepresentative", "subProcessors", "voiceProcessorLocation", "voiceDataDeletionYears", "transcriptRedaction", "browsingVisitorsBoundByDisputeTerms"]) {
      expect(Object.keys(launchSignoff)).toContain(key);
      expect((launchSignoff as LaunchSignoff)[key]?.confirmed).toBeUndefined();
    }
  });

  it("names an unsupplied value in the build's refusal without inventing one", () => {
    const problem = launchReadinessProblem("https://www.mockingbird.ai", launchSignoff) ?? "";
    expect(problem).toContain("- postalAddress: Registered postal address. Draft: none (the pages leave it out until the company supplies it).");
  });

  it("reads the confirmed value when there is one, the draft otherwise", () => {
    const entry: SignoffEntry<number> = { label: "x", draft: 30, usedIn: ["/terms"], note: "" };
    expect(signedOff(entry)).toBe(30);
    expect(signedOff({ ...entry, confirmed: 45 })).toBe(45);
  });
});

describe("production origins", () => {
  it.each(["https://www.mockingbird.example", "https://preview.mockingbird.test", "http://localhost:3000", "http://127.0.0.1:8080", "https://site.invalid", "http://app.localhost"])(
    "%s is a preview, not production",
    (url) => expect(isProductionOrigin(url)).toBe(false),
  );

  it.each(["https://www.mockingbird.ai", "https://mockingbird.example.com", "https://example.org"])("%s is production", (url) => {
    expect(isProductionOrigin(url)).toBe(true);
  });
});

describe("launch readiness", () => {
  it("lets every preview build through with drafts", () => {
    expect(launchReadinessProblem("https://www.mockingbird.example", launchSignoff)).toBeUndefined();
    expect(() => assertLaunchReady({})).not.toThrow();
  });

  it("refuses a production build while any value is a draft, listing each with its label, draft and pages", () => {
    const problem = launchReadinessProblem("https://www.mockingbird.ai", launchSignoff) ?? "";
    const pending = unconfirmedValues(launchSignoff);
    expect(problem).toContain(`${pending.length} values are still unconfirmed drafts`);
    for (const value of pending) {
      expect(problem).toContain(`- ${value.key}: ${value.label}.`);
      expect(problem).toContain(value.usedIn.join("; "));
    }
    expect(problem).toContain('Draft: "Mockingbird AI Ltd"');
    expect(problem).toContain("content/launch-signoff.ts");
    expect(() => assertLaunchReady({ NEXT_PUBLIC_SITE_URL: "https://www.mockingbird.ai" })).toThrow(LaunchSignoffError);
  });

  it("names only the values still unconfirmed", () => {
    const signoff = { ...allConfirmed(launchSignoff), paymentTermDays: launchSignoff.paymentTermDays };
    const problem = launchReadinessProblem("https://www.mockingbird.ai", signoff) ?? "";
    expect(problem).toContain("1 value is still an unconfirmed draft");
    expect(problem).toContain("- paymentTermDays:");
    expect(problem).not.toContain("- legalName:");
  });

  it("lets a production build through once every value is confirmed", () => {
    expect(launchReadinessProblem("https://www.mockingbird.ai", allConfirmed(launchSignoff))).toBeUndefined();
    expect(() => assertLaunchReady({ NEXT_PUBLIC_SITE_URL: "https://www.mockingbird.ai" }, allConfirmed(launchSignoff))).not.toThrow();
  });
});

describe("pages read the sign-off values", () => {
  const confirmed = {
    legalName: "Real Company Ltd",
    customerDataExportDays: 45,
    backupRetentionDays: 14,
    arbitrationRules: "the ICC Rules, before three arbitrators",
    paymentTermDays: 21,
    customerBreachNotice: "within 48 hours",
    grantSupport: "Supported by the ElevenLabs Grants program",
    companyNumber: "01234567",
    postalAddress: "1 Example Street, London EC1A 1AA, United Kingdom",
    euRepresentative: "Example Representative GmbH, Beispielstraße 1, 10115 Berlin, Germany",
    browsingVisitorsBoundByDisputeTerms: true,
    founders: [{ slug: "real-person", name: "Real Person", role: "Co-founder & CEO", linkedinUrl: "https://www.linkedin.com/in/real-person", imageUrl: "/team/real-person.jpg", bio: "A real bio." }],
  };

  async function withConfirmedValues() {
    let modules: {
      privacy: typeof import("@/content/legal/privacy");
      terms: typeof import("@/content/legal/terms");
      team: typeof import("@/content/team");
      site: typeof import("@/content/site");
    } | undefined;
    await jest.isolateModulesAsync(async () => {
      jest.doMock("@/content/launch-signoff", () => {
        const actual = jest.requireActual<typeof import("@/content/launch-signoff")>("@/content/launch-signoff");
        const signoff = Object.fromEntries(
          Object.entries(actual.launchSignoff).map(([key, entry]) => [key, key in confirmed ? { ...entry, confirmed: confirmed[key as keyof typeof confirmed] } : entry]),
        );
        return { ...actual, launchSignoff: signoff };
      });
      modules = {
        privacy: await import("@/content/legal/privacy"),
        terms: await import("@/content/legal/terms"),
        team: await import("@/content/team"),
        site: await import("@/content/site"),
      };
    });
    if (!modules) throw new Error("modules did not load");
    return modules;
  }

  const text = (doc: { intro: string; sections: readonly { blocks: readonly ({ type: "p"; text: string } | { type: "list"; items: readonly string[] })[] }[] }) =>
    [doc.intro, ...doc.sections.flatMap((section) => section.blocks.flatMap((block) => (block.type === "p" ? [block.text] : block.items)))].join("\n");

  it("the privacy policy, the terms, the team page, the site's legal name and its grant badge show the confirmed values", async () => {
    const { privacy, terms, team, site } = await withConfirmedValues();
    const privacyText = text(privacy.privacyPolicyFor({ websiteHost: siteHost }));
    const termsText = text(terms.termsOfServiceFor({ websiteHost: siteHost }));
    expect(site.site.legalName).toBe("Real Company Ltd");
    expect(site.site.supportedBy).toBe("Supported by the ElevenLabs Grants program");
    expect(privacyText).toContain("Real Company Ltd");
    expect(privacyText).toContain("can still export its data for 45 days");
    expect(privacyText).toContain("rolling cycle of 14 days");
    expect(privacyText).toContain("inform affected customers within 48 hours");
    expect(termsText).toContain("export its Customer Data during the 45 days after termination");
    expect(termsText).toContain("arbitration under the ICC Rules, before three arbitrators");
    expect(termsText).toContain("payable within 21 days of the invoice date");
    expect(team.team.map((member) => member.name)).toEqual(["Real Person"]);
    expect(privacyText).toContain("registered in the United Kingdom under number 01234567, with its registered office at 1 Example Street, London EC1A 1AA, United Kingdom");
    expect(privacyText).toContain("Our representative in the European Union, for people in the EU who want to contact us about their data, is Example Representative GmbH");
    expect(termsText).toContain("company number 01234567, registered office 1 Example Street");
    expect(termsText).toContain("limitation of liability and governing law and disputes apply to you");
    expect(termsText).not.toContain("liability cap and the agreement to arbitrate do not");
  });
});
