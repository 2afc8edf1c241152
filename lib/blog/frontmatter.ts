import { z } from "zod";
import { isoFromDateText } from "./dates";

export const defaultAuthor = "The Mockingbird team";
export const defaultKeywords = ["vishing", "voice phishing", "vishing simulation", "security awareness training", "social engineering"];

const readingTimeText = z.string().regex(/^\d+ min read$/, { message: 'must look like "6 min read"' });
const dateText = z.string().refine((text) => isoFromDateText(text) !== null, { message: 'must be a date like "July 10, 2025"' });

export const frontmatterSchema = z
  .object({
    id: z.number().int().positive(),
    title: z.string().min(10).max(110),
    slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: "must be lowercase words joined by hyphens" }),
    date: dateText,
    /** When a dated "## Update, <date>" section was added (lib/blog/updates.ts); the article keeps its own date. */
    updated: dateText.optional(),
    author: z.string().min(2).default(defaultAuthor),
    description: z.string().min(50).max(200),
    keywords: z.array(z.string().min(2)).min(1).default(defaultKeywords),
    tags: z.array(z.string().min(2)).min(1),
    excerpt: z.string().min(30).max(300),
    image: z.string().regex(/^\/blog\/[a-z0-9-]+\.(svg|png|webp|avif)$/, { message: "must be a file under /blog/ in public/" }),
    imageAlt: z.string().min(10),
    readingTime: readingTimeText.optional(),
  })
  .strict()
  .refine((data) => !data.updated || (isoFromDateText(data.updated) ?? "") > (isoFromDateText(data.date) ?? ""), {
    message: "must be later than the article's date",
    path: ["updated"],
  });

export type Frontmatter = z.infer<typeof frontmatterSchema>;

export class ArticleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArticleError";
  }
}

/** Validates an article's frontmatter, naming the file and every bad field in the error. */
export function parseFrontmatter(file: string, data: unknown): Frontmatter {
  const result = frontmatterSchema.safeParse(data);
  if (result.success) return result.data;
  const fields = result.error.issues.map((issue) => `  - ${issue.path.join(".") || "(frontmatter)"}: ${issue.message}`);
  throw new ArticleError(`${file}: invalid frontmatter\n${fields.join("\n")}`);
}
