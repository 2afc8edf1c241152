/** Every page route of the site with the heading and title a visitor should see. */
export const routes = [
  { path: "/", heading: "Your team is trained to spot a phishing email. Can it spot a fake voice?", title: /^Mockingbird: AI Vishing Simulation/, types: ["Organization", "WebSite", "SoftwareApplication", "Service"] },
  { path: "/manifesto", heading: "Our Manifesto", title: "Our Manifesto | Mockingbird", types: ["Organization", "WebSite", "BreadcrumbList"] },
  { path: "/product", heading: "Prepare your team for the voice threats they will actually face", title: "Product: AI Vishing Simulation Platform | Mockingbird", types: ["Organization", "WebSite", "SoftwareApplication", "Service", "FAQPage", "BreadcrumbList"] },
  { path: "/blog", heading: "Voice Security & Vishing Training Blog", title: "Voice Security & Vishing Training Blog | Mockingbird", types: ["Organization", "WebSite", "BreadcrumbList"] },
  { path: "/team", heading: "Our Team", title: "Our Team | Mockingbird", types: ["Organization", "WebSite", "BreadcrumbList"] },
  { path: "/join-beta", heading: "Join Our Private Beta!", title: "Join Our Private Beta | Mockingbird", types: ["Organization", "WebSite", "BreadcrumbList"] },
  { path: "/privacy", heading: "Privacy Policy", title: "Privacy Policy | Mockingbird", types: ["Organization", "WebSite", "BreadcrumbList"] },
  { path: "/terms", heading: "Terms of Service", title: "Terms of Service | Mockingbird", types: ["Organization", "WebSite", "BreadcrumbList"] },
  { path: "/sitemap", heading: "Sitemap", title: "Sitemap | Mockingbird", types: ["Organization", "WebSite", "BreadcrumbList"] },
  // One topic page of the blog (they share one template).
  { path: "/blog/topics/vishing-simulation", heading: "Vishing Simulation", title: "Vishing Simulation: articles | Mockingbird", types: ["Organization", "WebSite", "CollectionPage", "BreadcrumbList"] },
] as const;

export const sitemapPriorities: Record<string, number> = {
  "/": 1,
  "/product": 0.9,
  "/join-beta": 0.8,
  "/blog": 0.8,
  "/manifesto": 0.6,
  "/team": 0.6,
  "/privacy": 0.3,
  "/terms": 0.3,
};
