/** @jest-environment node */
import { blogIndex } from "@/content/blog-index";
import { allPosts } from "@/lib/blog/posts";
import { articlesByTopic, minArticlesPerTopic, topicOf, topicPages, topicSlug } from "@/lib/blog/topics";

const post = (slug: string, id: number, publishedTime: string, tags: string[]) => ({ slug, id, publishedTime, tags });

describe("topic addresses", () => {
  it("are the tag in lowercase words joined by hyphens", () => {
    expect(topicSlug("Help Desk Security")).toBe("help-desk-security");
    expect(topicSlug("BYOD")).toBe("byod");
    expect(topicSlug("AI & Voice: Security")).toBe("ai-voice-security");
  });
});

describe("topic pages", () => {
  const posts = [
    post("a", 1, "2025-01-01", ["Social Engineering", "BYOD"]),
    post("b", 2, "2025-03-01", ["Social Engineering", "Deepfakes"]),
    post("c", 3, "2025-02-01", ["Deepfakes", "Social Engineering"]),
    post("d", 4, "2025-04-01", ["Company News"]),
  ];

  it("exist only for tags shared by at least two articles", () => {
    expect(minArticlesPerTopic).toBe(2);
    expect(topicPages(posts).map((page) => page.name)).toEqual(["Social Engineering", "Deepfakes"]);
  });

  it("come most-written first, then by name", () => {
    const tied = [post("x", 1, "2025-01-01", ["Zeta", "Alpha"]), post("y", 2, "2025-01-02", ["Zeta", "Alpha"])];
    expect(topicPages([...posts, ...tied]).map((page) => page.name)).toEqual(["Social Engineering", "Alpha", "Deepfakes", "Zeta"]);
  });

  it("list their articles newest first at /blog/topics/<slug>", () => {
    const [page] = topicPages(posts);
    expect(page).toMatchObject({ slug: "social-engineering", path: "/blog/topics/social-engineering" });
    expect(page?.posts.map((item) => item.slug)).toEqual(["b", "c", "a"]);
  });

  it("refuse two tags that would share an address", () => {
    expect(() => topicPages([post("a", 1, "2025-01-01", ["AI Security"]), post("b", 2, "2025-01-02", ["AI-Security"])])).toThrow(/"AI Security" and "AI-Security"/);
  });
});

describe("articles grouped by topic", () => {
  const posts = [
    post("a", 1, "2025-01-01", ["BYOD", "Social Engineering"]),
    post("b", 2, "2025-03-01", ["Deepfakes", "Social Engineering"]),
    post("c", 3, "2025-02-01", ["Deepfakes"]),
    post("d", 4, "2025-04-01", ["Company News"]),
  ];

  it("put each article once, under its first tag with a page, in the topic pages' order, the rest last", () => {
    const groups = articlesByTopic(posts, topicPages(posts));
    expect(groups.map((group) => [group.topic?.name, group.posts.map((item) => item.slug)])).toEqual([
      ["Deepfakes", ["b", "c"]],
      ["Social Engineering", ["a"]],
      [undefined, ["d"]],
    ]);
  });
});

describe("the blog's topics", () => {
  const pages = topicPages(allPosts());

  it("give every topic pill of the blog index a page", () => {
    for (const topic of blogIndex.topics) expect(topicOf(pages, topic)?.posts.length ?? 0).toBeGreaterThanOrEqual(minArticlesPerTopic);
  });

  it("place every article under a topic with a page", () => {
    expect(articlesByTopic(allPosts(), pages).every((group) => group.topic !== undefined)).toBe(true);
  });
});
