/**
 * The facts the site states about itself that a page could otherwise word its own way: who may
 * use the service, what the demo call needs, and where data is kept. Each lives here once; the
 * terms, the privacy policy, the product FAQ and the call widget read them, and
 * tests/unit/legal-one-home.test.ts fails on a page outside content/legal that states one in its
 * own words. This module imports nothing, so the widget's client island can read it.
 */

/** Minimum age of anyone who uses the service, the demo call included (docs/specification.md §1; the terms apply it to visitors). */
export const minimumUserAge = 18;

/** The browsers the call is built and tested for (lib/call/browser-family.ts), as a list a sentence can end on. */
export const supportedBrowsers = "a recent Chrome, Edge, Firefox or Safari";

/** What a call needs of the visitor's browser: the page over https (a secure context, for the microphone) and a supported browser. */
export const callRequirements = `a page opened over https, in ${supportedBrowsers}`;

/** Where the platform stores customer data (docs/specification.md fixes the London region). */
export const customerDataRegion = "a London cloud region, in the United Kingdom";
