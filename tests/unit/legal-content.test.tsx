import { render, screen, within } from "@testing-library/react";
import { LegalDocument, formatLegalDate } from "@/components/legal/legal-document";
import { demoCounterRetention } from "@/content/legal/data-practices";
import { privacyPolicyFor } from "@/content/legal/privacy";
import { minimumUserAge } from "@/content/legal/facts";
import { termsOfServiceFor } from "@/content/legal/terms";
import { contactSectionId, type LegalDocument as LegalDocumentContent } from "@/content/legal/types";
import { site } from "@/content/site";
import { launchSignoff, signedOff } from "@/content/launch-signoff";
import { siteHost } from "@/lib/config/site-links";
import PrivacyPage from "@/app/(site)/privacy/page";
import TermsPage from "@/app/(site)/terms/page";

/** The legal texts as this deployment serves them. */
const privacyPolicy = privacyPolicyFor({ websiteHost: siteHost });
const termsOfService = termsOfServiceFor({ websiteHost: siteHost });

/** Text of every paragraph and list item the rendered document shows. */
function renderedBlocks(doc: LegalDocumentContent): string[] {
  const { container } = render(<LegalDocument doc={doc} />);
  return Array.from(container.querySelectorAll("p, li"), (element) => (element.textContent ?? "").replace(/\s+/g, " "));
}

/** Passes when one paragraph or list item of the rendered document matches every pattern: a statement, not scattered words. */
function expectStatement(doc: LegalDocumentContent, ...patterns: RegExp[]) {
  const blocks = renderedBlocks(doc);
  const match = blocks.find((text) => patterns.every((pattern) => pattern.test(text)));
  if (!match) throw new Error(`No paragraph or list item of "${doc.title}" matches all of: ${patterns.join(", ")}`);
}

describe("privacy policy statements", () => {
  const doc = privacyPolicy;

  test.each<[string, ...RegExp[][]]>([
    ["privacy names the controller by the company's legal name", [new RegExp(site.legalName), /\bcontroller\b/, /UK General Data Protection Regulation/]],
    ["privacy states customer data is stored encrypted in a London cloud region", [/customer data is stored encrypted/i, /London cloud region/]],
    ["privacy states pseudonymized keys, not names, go to third parties, naming the identifying data that does", [/pseudonymized keys/i, /instead of participants' names|not (by )?(their )?names/i, /third part/i, /phone number/i, /voice samples/i, /billing contact/i]],
    ["privacy states call recordings are not stored", [/call recordings are not stored/i]],
    ["privacy states the demo call keeps no audio or transcript", [/demo call/i, /no audio or transcript/i, /kept/i]],
    ["privacy states delete requests erase data irrecoverably", [/delete requests erase data irrecoverably/i]],
    ["privacy states AES-256 encryption", [/\bAES-256\b/, /encrypt/i]],
    ["privacy states least-privilege access", [/least-privilege access/i]],
    ["privacy states two-factor authentication for administrators", [/two-factor authentication for administrators/i]],
    ["privacy states full daily backups", [/full daily backups/i]],
    ["privacy states billing is handled by a third-party payment provider", [/third-party payment provider/i, /handles billing/i]],
    ["privacy states language models are not trained on customer data", [/language models are not trained on customer data/i]],
    ["privacy states the organization owns its data and can export or delete it", [/organization owns its data/i, /export/i, /delete/i]],
    ["privacy states the terms' minimum age and applies it to the demo call", [new RegExp(`to be ${minimumUserAge} or older`), /demo call/, new RegExp(`under ${minimumUserAge}`)]],
    ["privacy states the website has no accounts and sets no tracking cookies", [/website has no accounts/i, /sets no tracking/i, /cookies/i]],
    ["privacy states the demo's per-address counters, how long they are kept and why, and that an address range is pseudonymous", [/IP address/i, /network range/i, new RegExp(demoCounterRetention), /only to limit abuse of the demo/i, /pseudonymous, not anonymous/]],
    ["privacy states page-view analytics use no cookies", [/page-view analytics/i, /without cookies|no cookies/i]],
    ["privacy says a typed call starts without the microphone, not only that calls need it", [/spoken call starts only when you press Start Call and allow your browser to use your microphone/, /typed call starts when you choose to reply by typing, and uses no microphone/]],
    ["privacy publishes a retention schedule for voice data with an outer limit", [/retention schedule for voice data/, new RegExp(`${signedOff(launchSignoff.voiceDataDeletionYears)} years after the speaker's last interaction`), /whichever comes first/]],
    ["privacy says what is stored of secrets a participant discloses", [/Secrets disclosed in a simulation/, /never its value/]],
    ["privacy covers international transfers and their safeguards", [/leaves the United Kingdom/i, /International Data Transfer Agreement/]],
    ["privacy states the right to complain to the ICO", [/complain/i, /Information Commissioner's Office \(ICO\)/, /ico\.org\.uk/]],
    ["privacy explains how changes are announced", [/material change/i, /before it takes effect/i]],
    ["privacy explains how the demo call is processed", [/press Start Call/, /microphone/i], [/voice is streamed to our voice and AI processor/i]],
    ["privacy says the voice processor receives the visitor's IP address, and the database host the counters' addresses", [/connects to our voice processor for the call, the processor receives your browser's IP address/], [/Cloud hosting and database providers/, /visitors' IP addresses and network ranges/]],
    ["privacy has a notice for US state residents: categories, no sale or sharing, and the rights to know, correct and delete", [/US state/, /categories of personal information/, /biometric/], [/do not sell personal information/, /correct or delete/]],
    ["privacy states purposes and lawful bases", [/lawful basis/i], [/legitimate interest/i], [/legal obligations?/i]],
    ["privacy lists processors", [/voice and AI processors/i], [/cloud hosting/i]],
    ["privacy states retention periods", [/call audio/i, /not kept/i], [/billing and accounting records/i, /six years/i]],
    ["privacy lists rights under UK GDPR and GDPR", [/UK GDPR/, /EU GDPR/, /right/i], [/access/], [/corrected/], [/erased/], [/restrict/], [/portable/], [/object/], [/withdraw your consent/]],
  ])("%s", (_behaviour, ...statements) => {
    for (const patterns of statements) expectStatement(doc, ...patterns);
  });

  test("privacy never says only pseudonymized keys reach third parties", () => {
    for (const text of renderedBlocks(doc)) expect(text).not.toMatch(/only pseudonymi[sz]ed keys/i);
  });

  test("privacy never claims the website stores no data, since the demo's counters are data", () => {
    for (const text of renderedBlocks(doc)) expect(text).not.toMatch(/stores no (user |personal )?data/i);
  });

  test("privacy publishes its sub-processors with where each processes data, instead of offering the list on request", () => {
    const list = signedOff(launchSignoff.subProcessors);
    expect(list.length).toBeGreaterThan(0);
    for (const entry of list) expectStatement(doc, /^[A-Z][^.]*, which /, new RegExp(`Named: [^.]*${entry.name} \\(`), new RegExp(entry.location));
    for (const text of renderedBlocks(doc)) expect(text).not.toMatch(/on request/);
  });

  test("privacy says where the voice processor keeps voice samples and cloned voices, and the sub-processor list agrees", () => {
    const location = signedOff(launchSignoff.voiceProcessorLocation);
    expectStatement(doc, /Customer data is stored encrypted in a London cloud region, in the United Kingdom, except voice samples and the cloned voices/, new RegExp(location));
    expect(signedOff(launchSignoff.subProcessors).find((entry) => entry.name === "ElevenLabs")?.location).toBe(location);
  });

});

describe("terms of service statements", () => {
  const doc = termsOfService;

  test.each<[string, ...RegExp[][]]>([
    ["terms state users must be 18 or older", [/must be 18 years of age or older/i]],
    ["terms prohibit simulations against people outside the organization or without authorization", [/outside the Customer's organization/i, /without the authorization/i]],
    ["terms prohibit harassment", [/harassing/i]],
    ["terms prohibit impersonation for fraud", [/impersonating any person or organization to commit fraud/i]],
    ["terms prohibit cloning a voice without consent", [/cloning or imitating the voice/i, /without their explicit consent/i]],
    ["terms prohibit reverse engineering", [/reverse engineering/i]],
    ["terms are governed by English law", [/governed by English law/i]],
    ["terms require arbitration seated in London", [/arbitration/i, /seat of arbitration is London/i]],
    ["terms cap liability at the greater of 100 US dollars or the last three months' payments", [/greater of 100 US dollars/i, /three months before/i]],
    ["terms give at least 30 days' notice of material changes", [/at least 30 days' notice of any material change/i]],
    ["terms cover beta features", [/beta/i, /honest feedback/i, /early access/i, /discounts on future pricing/i]],
    ["terms state billing is handled by a third-party payment provider", [/billing is handled by a third-party payment provider/i]],
    ["terms require authorization and employee notice for simulations", [/obtain authorization for the Simulation/i], [/give employees prior notice/i]],
  ])("%s", (_behaviour, ...statements) => {
    for (const patterns of statements) expectStatement(doc, ...patterns);
  });

  test("terms include an acceptable-use policy with prohibited activities", () => {
    expectStatement(doc, /prohibited activities/i);
    const section = doc.sections.find((s) => s.id === "acceptable-use");
    const items = section?.blocks.flatMap((block) => (block.type === "list" ? block.items : [])) ?? [];
    expect(items.length).toBeGreaterThanOrEqual(8);
  });

  test("terms say whether people who only browse are bound by the liability cap and the arbitration agreement, as signed off", () => {
    if (signedOff(launchSignoff.browsingVisitorsBoundByDisputeTerms)) {
      expectStatement(doc, /only browse our website/, /limitation of liability and governing law and disputes apply to you/);
    } else {
      expectStatement(doc, /only browse our website/, /liability cap and the agreement to arbitrate do not/);
      expectStatement(doc, /our total liability between us and a Customer or its Users/);
      expectStatement(doc, /Any dispute between us and a Customer or its Users not settled/);
    }
  });

  test("terms cover acceptance, accounts, intellectual property, termination and disclaimers", () => {
    const ids = doc.sections.map((section) => section.id);
    for (const id of ["acceptance", "accounts", "intellectual-property", "suspension-and-termination", "disclaimers"]) {
      expect(ids).toContain(id);
    }
  });
});

describe("privacy and terms agree", () => {
  const exportDays = signedOff(launchSignoff.customerDataExportDays);

  test("customer data stays exportable for the same number of days after an account ends in both", () => {
    expectStatement(privacyPolicy, new RegExp(`can still export its data for ${exportDays} days`), /then delete it/i);
    expectStatement(termsOfService, new RegExp(`export its Customer Data during the ${exportDays} days after termination`));
  });

  test("neither promises deletion sooner than the export window allows", () => {
    for (const text of [...renderedBlocks(privacyPolicy), ...renderedBlocks(termsOfService)]) {
      const deletedWithin = /deleted within (\d+) days/i.exec(text);
      if (deletedWithin) expect(Number(deletedWithin[1])).toBeGreaterThanOrEqual(exportDays);
    }
  });

  test("simulations use work contact details in the terms, and the privacy policy lists work details only", () => {
    expectStatement(termsOfService, /target only Participants/, /work contact details/);
    expectStatement(privacyPolicy, /name, work email address, work phone number and team or department your organization provides for each participant/);
    for (const text of [...renderedBlocks(privacyPolicy), ...renderedBlocks(termsOfService)]) expect(text).not.toMatch(/personal (mobile|phone) number/i);
  });
});

describe.each([
  ["privacy", privacyPolicy],
  ["terms", termsOfService],
])("%s document structure", (_name, doc) => {
  test("section ids are unique, including the contact section", () => {
    const ids = [...doc.sections.map((section) => section.id), contactSectionId];
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9-]*$/);
  });

  test("renders one h1 and a numbered h2 per section, in order", () => {
    render(<LegalDocument doc={doc} />);
    expect(screen.getByRole("heading", { level: 1, name: doc.title })).toBeInTheDocument();
    const headings = [...doc.sections.map((section) => section.heading), "Contact us"];
    headings.forEach((heading, index) => {
      expect(screen.getByRole("heading", { level: 2, name: `${index + 1}. ${heading}` })).toBeInTheDocument();
    });
  });

  test("table of contents links to every section anchor", () => {
    const { container } = render(<LegalDocument doc={doc} />);
    const toc = screen.getByRole("navigation", { name: "Contents" });
    const targets = within(toc)
      .getAllByRole("link")
      .map((link) => link.getAttribute("href"));
    expect(targets).toEqual([...doc.sections.map((section) => `#${section.id}`), `#${contactSectionId}`]);
    for (const target of targets) expect(container.querySelector(target ?? "")).not.toBeNull();
  });

  test("shows the date the text last changed, not today's date", () => {
    expect(doc.lastUpdated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${doc.lastUpdated}T00:00:00Z`).toISOString().slice(0, 10)).toBe(doc.lastUpdated);
    expect(Date.parse(doc.lastUpdated)).toBeLessThanOrEqual(Date.now());

    jest.useFakeTimers({ now: new Date("2031-03-04T12:00:00Z") });
    try {
      const { container } = render(<LegalDocument doc={doc} />);
      const time = container.querySelector("time");
      expect(time).toHaveAttribute("dateTime", doc.lastUpdated);
      expect(time?.parentElement).toHaveTextContent(`Last updated: ${formatLegalDate(doc.lastUpdated)}`);
      expect(container).not.toHaveTextContent("2031");
    } finally {
      jest.useRealTimers();
    }
  });

  test("contact section links to the site email", () => {
    const { container } = render(<LegalDocument doc={doc} />);
    const contact = container.querySelector(`#${contactSectionId}`) as HTMLElement;
    const link = within(contact).getByRole("link", { name: site.email });
    expect(link.getAttribute("href")).toMatch(new RegExp(`^mailto:${site.email.replace(/\./g, "\\.")}`));
  });

  test("brand and email come from the site config", () => {
    const text = [doc.intro, doc.contactNote ?? "", ...doc.sections.flatMap((s) => s.blocks.flatMap((b) => (b.type === "p" ? [b.text] : b.items)))].join(" ");
    expect(text).toContain(site.legalName);
    expect(text).not.toContain("@");
  });
});

test("formatLegalDate renders a calendar date without time-zone drift", () => {
  expect(formatLegalDate("2026-11-20")).toBe("November 20, 2026");
  expect(formatLegalDate("2026-01-01")).toBe("January 1, 2026");
});

describe.each([
  ["privacy", PrivacyPage, "/privacy", "Privacy Policy", "data about visitors to"],
  ["terms", TermsPage, "/terms", "Terms of Service", "our website at"],
])("%s page", (_name, Page, path, title, hostNamedAfter) => {
  test("renders the document and breadcrumb structured data", () => {
    const { container } = render(<Page />);
    expect(screen.getByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    const script = container.querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(script?.innerHTML ?? "{}");
    const crumbs = data["@graph"][0];
    expect(crumbs["@type"]).toBe("BreadcrumbList");
    expect(crumbs.itemListElement.map((item: { name: string }) => item.name)).toEqual(["Home", title]);
    expect(crumbs.itemListElement[1].item).toMatch(new RegExp(`${path}$`));
  });

  test("names the website it is served at by the deployment's host", () => {
    const { container } = render(<Page />);
    expect(container.textContent).toContain(`${hostNamedAfter} ${siteHost}`);
  });
});
