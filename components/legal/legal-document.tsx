import { mailto, site } from "@/content/site";
import { contactSectionId, type IsoDate, type LegalBlock, type LegalDocument as LegalDocumentContent } from "@/content/legal/types";

const dateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** "2026-11-20" -> "November 20, 2026", read as a calendar date so no time zone can shift the day. */
export function formatLegalDate(iso: IsoDate): string {
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new Error(`Invalid legal document date: ${iso}`);
  return dateFormat.format(date);
}

const link =
  "font-medium text-white underline decoration-neutral-500 underline-offset-4 transition-colors hover:decoration-white";

function Block({ block }: { block: LegalBlock }) {
  if (block.type === "p") return <p>{block.text}</p>;
  return (
    <ul className="list-disc space-y-2 pl-6 marker:text-neutral-500">
      {block.items.map((item) => (
        <li key={item} className="pl-1">
          {item}
        </li>
      ))}
    </ul>
  );
}

/** Renders a privacy policy or terms document: title, last-changed date, contents, numbered sections and a contact section. */
export function LegalDocument({ doc }: { doc: LegalDocumentContent }) {
  const contactNumber = doc.sections.length + 1;
  const contents = [
    ...doc.sections.map((section) => ({ id: section.id, heading: section.heading })),
    { id: contactSectionId, heading: "Contact us" },
  ];

  return (
    <article className="mx-auto max-w-[70ch] px-5 py-16 text-base leading-7 text-neutral-300 sm:py-24 md:px-0">
      <header className="border-b border-line pb-8">
        <h1 className="text-4xl font-bold tracking-tight text-white sm:text-5xl">{doc.title}</h1>
        <p className="mt-4 text-sm text-muted">
          Last updated: <time dateTime={doc.lastUpdated}>{formatLegalDate(doc.lastUpdated)}</time>
        </p>
        <p className="mt-6 text-lg leading-8 text-neutral-200">{doc.intro}</p>
      </header>

      <nav aria-labelledby="legal-contents" className="mt-10 rounded-2xl border border-line bg-panel p-6">
        <h2 id="legal-contents" className="text-sm font-semibold uppercase tracking-wider text-neutral-200">
          Contents
        </h2>
        <ol className="mt-4 space-y-2 text-sm leading-6">
          {contents.map((entry, index) => (
            <li key={entry.id} className="flex gap-2">
              <span className="w-6 shrink-0 tabular-nums text-muted">{index + 1}.</span>
              <a href={`#${entry.id}`} className="text-neutral-200 underline-offset-4 hover:text-white hover:underline">
                {entry.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {doc.sections.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="mt-12">
          <h2 id={`${section.id}-heading`} className="text-2xl font-semibold tracking-tight text-white">
            {index + 1}. {section.heading}
          </h2>
          <div className="mt-4 space-y-4">
            {section.blocks.map((block, blockIndex) => (
              <Block key={blockIndex} block={block} />
            ))}
          </div>
        </section>
      ))}

      <section id={contactSectionId} aria-labelledby={`${contactSectionId}-heading`} className="mt-12">
        <h2 id={`${contactSectionId}-heading`} className="text-2xl font-semibold tracking-tight text-white">
          {contactNumber}. Contact us
        </h2>
        <div className="mt-4 space-y-4">
          {doc.contactNote ? <p>{doc.contactNote}</p> : null}
          <p>
            {site.legalName}
            <br />
            Email:{" "}
            <a href={mailto(doc.title)} className={link}>
              {site.email}
            </a>
          </p>
        </div>
      </section>
    </article>
  );
}
