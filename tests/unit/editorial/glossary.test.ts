/** @jest-environment node */
import { houseTermViolations, type HouseTerm } from "@/lib/editorial/glossary";

const glossary: HouseTerm[] = [{ use: "help desk", avoid: [/\bhelpdesks?\b/i] }];

describe("the house glossary check", () => {
  test("finds a form the glossary avoids, naming the house form and where it stands", () => {
    expect(houseTermViolations("Written for IT-helpdesk professionals.", glossary)).toEqual([{ use: "help desk", found: "helpdesk", context: "Written for IT-helpdesk professionals." }]);
  });

  test("finds every occurrence, in any case", () => {
    expect(houseTermViolations("Helpdesk staff and helpdesks", glossary).map((violation) => violation.found)).toEqual(["Helpdesk", "helpdesks"]);
  });

  test("leaves quotations, web addresses and site paths alone", () => {
    const text = 'Clorox "sues helpdesk provider" (https://example.com/clorox-sues-helpdesk) and [lessons](/blog/helpdesk-vishing-breach-lessons).';
    expect(houseTermViolations(text, glossary)).toEqual([]);
  });

  test("accepts the house form", () => {
    expect(houseTermViolations("Help desk staff at the help desk", glossary)).toEqual([]);
  });
});
