import Link from "next/link";

/** Home › Blog › the page, as on every blog page below the index. */
export function BlogBreadcrumb({ current }: { current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-neutral-600">
      <ol className="flex flex-wrap items-center gap-2">
        <li>
          <Link href="/" className="rounded underline-offset-4 hover:underline">Home</Link>
        </li>
        <li aria-hidden="true">›</li>
        <li>
          <Link href="/blog" className="rounded underline-offset-4 hover:underline">Blog</Link>
        </li>
        <li aria-hidden="true">›</li>
        <li aria-current="page" className="line-clamp-1 text-neutral-800">{current}</li>
      </ol>
    </nav>
  );
}
