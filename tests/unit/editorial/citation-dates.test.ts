/** @jest-environment node */
import { dateSpan, mayPostDate, precisionOf } from "@/lib/editorial/citation-dates";

describe("citation dates", () => {
  test("a day is its own span", () => {
    expect(dateSpan("2025-06-05")).toEqual({ earliest: "2025-06-05", latest: "2025-06-05" });
  });

  test("a month spans its first to its last day, February of a leap year included", () => {
    expect(dateSpan("2025-02")).toEqual({ earliest: "2025-02-01", latest: "2025-02-28" });
    expect(dateSpan("2024-02")).toEqual({ earliest: "2024-02-01", latest: "2024-02-29" });
  });

  test("a year-only date counts as possibly the year's last day", () => {
    expect(dateSpan("2025")).toEqual({ earliest: "2025-01-01", latest: "2025-12-31" });
    expect(mayPostDate("2025", "2025-03-15")).toBe(true);
    expect(mayPostDate("2024", "2025-03-15")).toBe(false);
  });

  test("a source of the article's own day does not post-date it; one of the next day does", () => {
    expect(mayPostDate("2025-06-05", "2025-06-05T00:00:00.000Z")).toBe(false);
    expect(mayPostDate("2025-06-06", "2025-06-05T00:00:00.000Z")).toBe(true);
  });

  test("a month may post-date an article written within it", () => {
    expect(mayPostDate("2025-05", "2025-05-15")).toBe(true);
    expect(mayPostDate("2025-05", "2025-06-01")).toBe(false);
  });

  test("names the precision of a date", () => {
    expect([precisionOf("2025"), precisionOf("2025-06"), precisionOf("2025-06-05")]).toEqual(["year", "month", "day"]);
  });

  test("refuses what is not a date", () => {
    expect(() => dateSpan("25" as "2025")).toThrow(/not a date/);
    expect(() => dateSpan("2025-13")).toThrow(/no month 13/);
    expect(() => dateSpan("2025-02-30")).toThrow(/no day 30/);
  });
});
