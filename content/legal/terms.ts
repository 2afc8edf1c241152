import { site } from "@/content/site";
import { launchSignoff, signedOff } from "@/content/launch-signoff";
import { dataStatements, transcriptsKept } from "./data-practices";
import { minimumUserAge } from "./facts";
import type { LegalContext, LegalDocument } from "./types";

const company = site.legalName;
const brand = site.name;

const paymentTermDays = signedOff(launchSignoff.paymentTermDays);
const overdueSuspensionDays = signedOff(launchSignoff.overdueSuspensionDays);
const feeChangeNoticeDays = signedOff(launchSignoff.feeChangeNoticeDays);
const breachCureDays = signedOff(launchSignoff.breachCureDays);
const exportDays = signedOff(launchSignoff.customerDataExportDays);
const visitorsBound = signedOff(launchSignoff.browsingVisitorsBoundByDisputeTerms);
const companyNumber = signedOff(launchSignoff.companyNumber);
const postalAddress = signedOff(launchSignoff.postalAddress);
/** Who the cap and the arbitration agreement bind, as those sections say it. */
const boundByDisputeTerms = visitorsBound ? "" : " between us and a Customer or its Users";

export { minimumUserAge };
/** Minimum notice, in days, of a material change to these terms (docs/specification.md §1). */
export const materialChangeNoticeDays = 30;

/**
 * The terms of service of the website at `websiteHost`. Change `lastUpdated` whenever the text changes: the page shows it as the date
 * the terms last changed. Values the company has not yet signed off come from
 * content/launch-signoff.ts.
 */
export const termsOfServiceFor = ({ websiteHost }: LegalContext): LegalDocument => ({
  title: "Terms of Service",
  lastUpdated: "2026-11-27",
  intro: `These Terms of Service (the “Terms”) govern access to and use of the ${brand} platform (AI vishing simulations and voice-based security training), our website at ${websiteHost} and its demo call (together, the “Service”), provided by ${company}${companyNumber ? `, company number ${companyNumber}` : ""}${postalAddress ? `, registered office ${postalAddress}` : ""} (“${brand}”, “we”, “us” or “our”). Please read them carefully: they include an acceptable-use policy, a limit on our liability and an agreement to resolve disputes by arbitration.`,
  sections: [
    {
      id: "acceptance",
      heading: "Acceptance of these Terms",
      blocks: [
        {
          type: "p",
          text: `By creating an account, signing an order, joining our private beta or otherwise using the Service, you agree to these Terms. If you accept them on behalf of an organization, you confirm that you have authority to bind that organization, and “Customer” and “you” refer to it. If you do not agree, do not use the Service.`,
        },
        {
          type: "p",
          text: "If your organization has signed an order form or a separate written agreement with us, that document takes precedence over these Terms where the two conflict. Our Privacy Policy explains how we handle personal data and forms part of these Terms.",
        },
        {
          type: "p",
          text: visitorsBound
            ? "If you only browse our website or try its demo call, the sections on eligibility, acceptable use, intellectual property, disclaimers, limitation of liability and governing law and disputes apply to you."
            : "If you only browse our website or try its demo call, the sections on eligibility, acceptable use, intellectual property and disclaimers apply to you. The liability cap and the agreement to arbitrate do not: they bind customers and their users only, and nothing in these Terms limits your statutory rights or your right to go to court.",
        },
      ],
    },
    {
      id: "definitions",
      heading: "Definitions",
      blocks: [
        {
          type: "list",
          items: [
            "“Customer Data” means all data that the Customer or its Users submit to the Service, and what the Service produces from it for the Customer, including participant details, voice samples, call transcripts and simulation results.",
            "“Participant” means a member of the Customer's organization who receives a simulated call or takes part in a training session.",
            "“Simulation” means a simulated voice-phishing (vishing) call, campaign or scenario run through the Service.",
            "“User” means an individual the Customer authorizes to access the Service under its account.",
            "“Voice Clone” means a synthetic voice created through the Service from voice samples.",
          ],
        },
      ],
    },
    {
      id: "eligibility",
      heading: "Eligibility",
      blocks: [
        {
          type: "p",
          text: `You must be ${minimumUserAge} years of age or older to use the Service, and every User must be ${minimumUserAge} or older. The Service is offered to businesses and other organizations for use in the course of their business, not to consumers. You may not use the Service if you are barred from doing so under applicable law, including sanctions and export control laws.`,
        },
      ],
    },
    {
      id: "accounts",
      heading: "Accounts and security",
      blocks: [
        {
          type: "p",
          text: "Account information must be accurate and kept up to date. Each User must have their own sign-in credentials and must not share them. Administrators must use two-factor authentication, and we recommend it for every User.",
        },
        {
          type: "p",
          text: "The Customer is responsible for all activity under its account, for granting Users only the access they need, and for removing access promptly when it is no longer required. Tell us immediately if you suspect any unauthorized use of your account or of the Service.",
        },
      ],
    },
    {
      id: "the-service",
      heading: "The Service",
      blocks: [
        {
          type: "p",
          text: `${brand} lets organizations run realistic vishing simulations against their own staff, using AI voice agents, voice cloning and prebuilt or custom playbooks, and offers one-to-one voice-based AI coaching and reporting on the results. We provide the Service with reasonable skill and care, as described in our documentation and any order form.`,
        },
        {
          type: "p",
          text: "We continuously improve the Service and may change, add or remove features. We will not make a change that materially reduces the core functionality of a paid subscription during its current term without the Customer's agreement.",
        },
      ],
    },
    {
      id: "customer-responsibilities",
      heading: "Customer responsibilities for simulations",
      blocks: [
        {
          type: "p",
          text: "Simulated social engineering must be run responsibly. Before and during every Simulation, the Customer must:",
        },
        {
          type: "list",
          items: [
            "obtain authorization for the Simulation from an appropriate senior person in its organization, such as its head of security, and keep a record of that authorization;",
            "target only Participants within its own organization, using work contact details it is entitled to use for this purpose;",
            "give employees prior notice, for example in its security or acceptable-use policy, that the organization runs simulated phishing and vishing exercises as part of security training (the notice need not reveal when or how a particular call will happen);",
            "consult employee representatives, such as works councils or trade unions, where the law or its agreements require it;",
            "have a lawful basis under data protection law for processing Participants' personal data, as the controller of that data, and comply with the law on telephone calls, employment and data protection in every country where Participants are located;",
            "obtain the explicit, informed and documented consent of any person whose voice is cloned, before the Voice Clone is created, and delete the Voice Clone if that consent is withdrawn;",
            "avoid pretexts likely to cause serious distress, such as a family emergency, a bereavement, a medical crisis or a threat of dismissal;",
            "use the results to improve training and support its people, and not as the sole basis for disciplinary action against any individual.",
          ],
        },
        {
          type: "p",
          text: "The Customer is responsible for the content of the scenarios, playbooks and prompts it configures, and for checking that each Simulation is appropriate before launching it.",
        },
      ],
    },
    {
      id: "acceptable-use",
      heading: "Acceptable-use policy",
      blocks: [
        {
          type: "p",
          text: "The Service simulates deception so that people can learn to resist it. It must never be used to deceive anyone for real. You must not, and must not allow anyone else to, use the Service or any part of it, including the demo call, for any of the following prohibited activities:",
        },
        {
          type: "list",
          items: [
            "running Simulations against people outside the Customer's organization, or without the authorization described in these Terms;",
            "harassing, threatening, intimidating, stalking, abusing or deliberately causing distress to any person;",
            "impersonating any person or organization to commit fraud, or to obtain money, credentials, data or access for any purpose other than authorized training;",
            "cloning or imitating the voice of any person without their explicit consent, including public figures, officials and politicians;",
            "designing Simulations that collect or store real passwords, payment card numbers, bank details or other secrets, or using any information disclosed during a Simulation for anything other than measuring its results;",
            "targeting children or people the Customer knows to be in a vulnerable situation;",
            "impersonating emergency services, law enforcement or other public authorities in a way that could cause harm or breach the law;",
            "creating deceptive audio or other content for publication or distribution outside the Service, such as disinformation or political content;",
            "breaking any applicable law or regulation, including laws on telecommunications, data protection, privacy, employment, consumer protection and unsolicited communications, or infringing anyone's rights;",
            "reverse engineering, decompiling, disassembling or otherwise attempting to derive the source code, models, prompts or underlying structure of the Service, except to the extent the law expressly permits it;",
            "circumventing or testing the security, usage limits or access controls of the Service, or scanning or probing it for vulnerabilities, without our prior written permission;",
            "interfering with or disrupting the Service, overloading it, automating use of the demo call, or introducing malware;",
            "copying, scraping or reselling the Service, providing it to third parties, or using it or its outputs to build a competing product or to train AI models, without our prior written agreement.",
          ],
        },
        {
          type: "p",
          text: "If we reasonably believe that the Service is being used in breach of this policy, we may suspend the relevant account or Simulation immediately, remove the offending content, and report unlawful activity to the appropriate authorities. To report suspected misuse, contact us using the details below.",
        },
      ],
    },
    {
      id: "customer-data",
      heading: "Customer Data and privacy",
      blocks: [
        {
          type: "p",
          text: `The Customer owns its Customer Data and can export or delete it at any time. The Customer grants ${company} a limited license to host, process and transmit Customer Data solely to provide, secure and support the Service for the Customer. Customer Data is never used to train language models, by us or by our providers, and we do not sell it.`,
        },
        {
          type: "p",
          text: `For personal data in Customer Data, the Customer is the controller and we are its processor, on the terms of our data processing agreement. Our Privacy Policy describes what the Service collects, who processes it and for how long, and our security measures. ${dataStatements.storage}. ${dataStatements.callRecordings}; ${transcriptsKept("Customer Data", "the Customer").replace(/^T/, "t")}.`,
        },
        {
          type: "p",
          text: "The Customer is responsible for the accuracy and lawfulness of Customer Data, and for having the rights and consents needed for us to process it, including for voice samples.",
        },
      ],
    },
    {
      id: "intellectual-property",
      heading: "Intellectual property",
      blocks: [
        {
          type: "p",
          text: `${company} and its licensors own the Service, including its software, AI agents, playbooks, voice library, documentation, website content and trademarks. Subject to these Terms and payment of the applicable fees, we grant the Customer a non-exclusive, non-transferable right, for the term of its subscription, to allow its Users to use the Service for its internal security training. All rights not expressly granted are reserved.`,
        },
        {
          type: "p",
          text: "Reports and other outputs generated from Customer Data belong to the Customer. If you send us feedback or suggestions, we may use them to improve the Service without any obligation to you.",
        },
      ],
    },
    {
      id: "beta-features",
      heading: "Private beta and beta features",
      blocks: [
        {
          type: "p",
          text: `Some features, and the ${brand} private beta itself, may be identified as beta, preview or early access. Beta participants receive early access, influence on the product and discounts on future pricing as agreed in writing with us, and in return we ask for honest feedback and for small-scale tests with early adopters.`,
        },
        {
          type: "p",
          text: "Beta features are provided for evaluation, may contain errors, may change or be withdrawn at any time and are not covered by any service level. Information about unreleased features is our confidential information. All other parts of these Terms, including the acceptable-use policy and the customer responsibilities for simulations, apply to beta features in full.",
        },
      ],
    },
    {
      id: "fees-and-payment",
      heading: "Fees and payment",
      blocks: [
        {
          type: "p",
          text: `Fees are set out in the Customer's order form or agreed pricing; enterprise pricing is available on request. Unless stated otherwise, fees are invoiced in advance, are payable within ${paymentTermDays} days of the invoice date and are exclusive of VAT and other applicable taxes, which the Customer will pay in addition.`,
        },
        {
          type: "p",
          text: `Billing is handled by a third-party payment provider, which processes payment details under its own terms and privacy policy; we do not store full payment card details. Late payments may incur ${signedOff(launchSignoff.latePaymentInterest)}, and we may suspend the Service, after giving notice, if an invoice remains unpaid for more than ${overdueSuspensionDays} days after its due date.`,
        },
        {
          type: "p",
          text: `We may change our fees by giving at least ${feeChangeNoticeDays} days' notice; new fees apply from the Customer's next renewal. Fees already paid are non-refundable except as these Terms or the law provide.`,
        },
      ],
    },
    {
      id: "confidentiality",
      heading: "Confidentiality",
      blocks: [
        {
          type: "p",
          text: "Each party will keep the other's confidential information secret, use it only to perform or exercise its rights under these Terms, and share it only with its personnel and advisers who need to know it and are bound by similar duties. This does not apply to information that is public through no fault of the receiving party, was already lawfully known to it, or must be disclosed by law.",
        },
      ],
    },
    {
      id: "suspension-and-termination",
      heading: "Suspension and termination",
      blocks: [
        {
          type: "p",
          text: `A subscription continues for the term in the Customer's order form and renews as stated there. Either party may terminate if the other commits a material breach that it fails to remedy within ${breachCureDays} days of written notice, or becomes insolvent. The Customer may stop using the Service at any time.`,
        },
        {
          type: "p",
          text: "We may suspend or terminate access immediately, without prior notice, if we reasonably believe that the acceptable-use policy has been breached, that continued access would put people, the Service or other customers at risk, or that the law requires it.",
        },
        {
          type: "p",
          text: `When access ends, the Customer's right to use the Service stops and any unpaid fees become due. The Customer can export its Customer Data during the ${exportDays} days after termination; after that we delete it irrecoverably, as described in our Privacy Policy. Sections that by their nature should survive termination, including those on confidentiality, intellectual property, disclaimers, limitation of liability, indemnity and governing law, continue to apply.`,
        },
      ],
    },
    {
      id: "disclaimers",
      heading: "Disclaimers",
      blocks: [
        {
          type: "p",
          text: "Except as expressly stated in these Terms, and to the fullest extent the law permits, the Service is provided “as is” and “as available”, and we exclude all other warranties, conditions and terms, whether express or implied, including those of satisfactory quality, fitness for a particular purpose and non-infringement.",
        },
        {
          type: "p",
          text: "Security training reduces risk but cannot eliminate it: we do not guarantee that the Service will prevent any attack or breach. AI-generated conversations can be unpredictable and may occasionally be inaccurate or inappropriate, so the Customer should review scenarios before use. We do not guarantee that the Service will be uninterrupted or error-free.",
        },
      ],
    },
    {
      id: "limitation-of-liability",
      heading: "Limitation of liability",
      blocks: [
        {
          type: "p",
          text: "Nothing in these Terms limits or excludes liability for death or personal injury caused by negligence, for fraud or fraudulent misrepresentation, or for any other liability that cannot be limited or excluded by law.",
        },
        {
          type: "p",
          text: "Subject to that, neither party is liable for any loss of profits, revenue, business, goodwill or anticipated savings, or for any indirect or consequential loss, however it arises.",
        },
        {
          type: "p",
          text: `Subject to the two paragraphs above, our total liability${boundByDisputeTerms} arising out of or in connection with these Terms or the Service, whether in contract, tort (including negligence), breach of statutory duty or otherwise, is capped at the greater of 100 US dollars (USD 100) and the total amounts you paid to ${company} for the Service in the three months before the event giving rise to the claim. This cap does not limit the Customer's obligation to pay fees.`,
        },
      ],
    },
    {
      id: "indemnity",
      heading: "Indemnity",
      blocks: [
        {
          type: "p",
          text: "The Customer will defend and indemnify us against claims, losses and costs, including reasonable legal fees, arising from Simulations run without proper authorization, Voice Clones created without the speaker's consent, Customer Data, or any breach of the acceptable-use policy by the Customer or its Users.",
        },
      ],
    },
    {
      id: "changes",
      heading: "Changes to these Terms",
      blocks: [
        {
          type: "p",
          text: `We may update these Terms from time to time. We will give at least ${materialChangeNoticeDays} days' notice of any material change, by email to the Customer's account contacts or in the Service, before it takes effect, and we will update the “Last updated” date at the top of this page. If you do not agree to a material change, you may stop using the Service and end your subscription before the change takes effect; continuing to use the Service after that date means you accept the updated Terms. Changes that are not material, such as clarifications, take effect when published.`,
        },
      ],
    },
    {
      id: "governing-law",
      heading: "Governing law and disputes",
      blocks: [
        {
          type: "p",
          text: "These Terms, and any dispute or claim arising out of or in connection with them or their subject matter, including non-contractual disputes or claims, are governed by English law (the law of England and Wales).",
        },
        {
          type: "p",
          text: `We will first try in good faith to settle any dispute by discussion. Any dispute${boundByDisputeTerms} not settled within ${signedOff(launchSignoff.disputeNegotiationDays)} days shall be referred to and finally resolved by arbitration under ${signedOff(launchSignoff.arbitrationRules)}. The seat of arbitration is London, United Kingdom, and the language of the arbitration is English. Nothing in this section prevents either party from seeking urgent injunctive or other interim relief from a court of competent jurisdiction.`,
        },
      ],
    },
    {
      id: "general",
      heading: "General",
      blocks: [
        {
          type: "list",
          items: [
            "Entire agreement: these Terms, with any order form and data processing agreement, are the whole agreement between the parties about the Service.",
            "Assignment: the Customer may not assign or transfer its rights under these Terms without our written consent; we may assign them to a successor of our business.",
            "Force majeure: neither party is responsible for delays or failures caused by events beyond its reasonable control.",
            "Severability and waiver: if any provision is found unenforceable, the rest remains in effect; a failure to enforce a provision is not a waiver of it.",
            "Third-party rights: only the parties may enforce these Terms; they give no right to anyone else under the Contracts (Rights of Third Parties) Act 1999.",
            "Notices: we send notices to the email addresses of the Customer's account contacts; you can send notices to us at the email address below.",
          ],
        },
      ],
    },
  ],
  contactNote: `These Terms are offered by ${company}. For questions about them, to send us a notice or to report suspected misuse of the Service, email us.`,
});
