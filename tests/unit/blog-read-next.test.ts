/** @jest-environment node */
import { allPosts } from "@/lib/blog/posts";
import { readNext } from "@/lib/blog/read-next";

const post = (slug: string, id: number, publishedTime: string, tags: string[]) => ({ slug, id, publishedTime, tags });

describe("what to read next", () => {
  const current = post("current", 1, "2025-05-01", ["Vishing Simulation", "Help Desk Security", "Social Engineering"]);

  it("puts the articles sharing the most tags first", () => {
    const posts = [current, post("one", 2, "2025-09-01", ["Vishing Simulation"]), post("three", 3, "2025-01-01", ["Vishing Simulation", "Help Desk Security", "Social Engineering"]), post("two", 4, "2025-02-01", ["Help Desk Security", "Social Engineering"])];
    expect(readNext(current, posts).map((item) => item.slug)).toEqual(["three", "two", "one"]);
  });

  it("breaks ties by date, newest first, then by the higher id", () => {
    const posts = [current, post("old", 2, "2025-01-01", ["Social Engineering"]), post("new", 3, "2025-03-01", ["Social Engineering"]), post("same-day-higher-id", 5, "2025-02-01", ["Social Engineering"]), post("same-day-lower-id", 4, "2025-02-01", ["Social Engineering"])];
    expect(readNext(current, posts).map((item) => item.slug)).toEqual(["new", "same-day-higher-id", "same-day-lower-id"]);
  });

  it("never suggests the article itself or one that shares no tag", () => {
    const posts = [current, post("unrelated", 2, "2026-01-01", ["Company News"]), post("related", 3, "2024-01-01", ["Social Engineering"])];
    expect(readNext(current, posts).map((item) => item.slug)).toEqual(["related"]);
  });

  it("suggests two or three articles after each of the blog's", () => {
    const posts = allPosts();
    for (const article of posts) expect([2, 3]).toContain(readNext(article, posts).length);
  });
});
