/** @jest-environment node */
import { breadcrumbsTo, faqPage, graph, organization, serializeJsonLd, service, softwareApplication, website } from "@/lib/seo/structured-data";
import { site } from "@/content/site";
import { configuredLinks, siteOrigin } from "@/lib/config/site-links";

describe("JSON-LD builders", () => {
  it("describe the organization with its logo, email, founding year and social profiles", () => {
    expect(organization()).toMatchObject({
      "@type": "Organization",
      name: site.name,
      email: site.email,
      foundingDate: "2024",
      sameAs: [configuredLinks.twitter, configuredLinks.linkedin],
    });
  });

  it("tie the website to the organization as its publisher", () => {
    expect(website()).toMatchObject({ "@type": "WebSite", publisher: { "@id": organization()["@id" as never] } });
  });

  it("list the six product features on the software application", () => {
    expect((softwareApplication() as unknown as { featureList: string[] }).featureList).toHaveLength(6);
  });

  it("state the service's areas served", () => {
    expect(service()).toMatchObject({ areaServed: ["United States", "United Kingdom", "Europe"] });
  });

  it("turn FAQ items into questions with accepted answers", () => {
    expect(faqPage([{ question: "Q?", answer: "A." }])).toEqual({
      "@type": "FAQPage",
      mainEntity: [{ "@type": "Question", name: "Q?", acceptedAnswer: { "@type": "Answer", text: "A." } }],
    });
  });

  it("number breadcrumbs from Home with absolute URLs", () => {
    expect(breadcrumbsTo({ name: "Blog", path: "/blog" }, { name: "Post", path: "/blog/post" })).toEqual({
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${siteOrigin}/` },
        { "@type": "ListItem", position: 2, name: "Blog", item: `${siteOrigin}/blog` },
        { "@type": "ListItem", position: 3, name: "Post", item: `${siteOrigin}/blog/post` },
      ],
    });
  });

  it("serialise so that page text can never close the script tag", () => {
    const json = serializeJsonLd(graph(faqPage([{ question: "</script><script>alert(1)</script>", answer: "x" }])));
    expect(json).not.toContain("</script>");
    expect(JSON.parse(json)["@graph"][0].mainEntity[0].name).toBe("</script><script>alert(1)</script>");
  });
});
