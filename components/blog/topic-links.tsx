import Link from "next/link";

export type TopicLink = { name: string; path?: string };

const chip = "inline-flex min-h-8 items-center rounded-full border px-3.5 py-1 text-sm font-medium";

/**
 * Topics as pills: a topic with a page is a link to it, styled as one (underlined on hover); a
 * topic without one (a tag of a single article) is plain text, so nothing looks clickable that is not.
 */
export function TopicLinks({ topics, label, className = "" }: { topics: readonly TopicLink[]; label?: string; className?: string }) {
  return (
    <ul className={`flex flex-wrap items-center gap-2 ${className}`} aria-label={label}>
      {topics.map((topic) => (
        <li key={topic.name}>
          {topic.path ? (
            <Link href={topic.path} className={`${chip} border-neutral-300 bg-neutral-50 text-neutral-800 underline-offset-4 transition-colors hover:border-neutral-500 hover:bg-white hover:underline`}>
              {topic.name}
            </Link>
          ) : (
            <span className={`${chip} border-transparent text-neutral-600`}>{topic.name}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
