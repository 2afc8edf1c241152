/** Texts of the blog's index page and its feed; the articles themselves live in content/blog/. */
export const blogIndex = {
  heading: "Voice Security & Vishing Training Blog",
  intro:
    "How voice phishing works in practice, what recent breaches teach, and how to train people to hold firm on the phone. Written by the Mockingbird team for security, awareness and IT help-desk professionals.",
  topics: ["Vishing Simulation", "Voice Security Training", "AI Security", "Social Engineering", "Cybersecurity Training"],
  /** The topic pills, each a link to its topic's page (lib/blog/topics.ts: every one needs two articles or more). */
  topicsLabel: "Topics",
  topicPage: {
    eyebrow: "Topic",
    /** The document title, before the brand. */
    title: (topic: string) => `${topic}: articles`,
    description: (topic: string) => `Articles from the Mockingbird blog tagged ${topic}, newest first, on voice phishing and how to train people to resist it.`,
    intro: (count: number) => `${count} articles share this topic, newest first.`,
    otherTopics: "Other topics",
  },
  readNext: "Read next",
  readArticle: "Read article",
  backToBlog: "Back to Blog",
  tagsLabel: "Tags:",
  /** Before the date of an article's update section, which the date links to. */
  updated: "Updated",
  section: "Voice Security",
  feed: { path: "/blog/rss.xml", title: "Mockingbird blog" },
} as const;
