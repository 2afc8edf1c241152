import { JsonLd } from "@/components/seo/json-ld";
import { ExpertisePanel } from "@/components/team/expertise-panel";
import { TeamCard } from "@/components/team/team-card";
import { pageEntry } from "@/content/pages";
import { team, teamPage } from "@/content/team";
import { staticPageMetadata } from "@/lib/seo/metadata";
import { breadcrumbsTo, graph } from "@/lib/seo/structured-data";

export const metadata = staticPageMetadata("/team");

const entry = pageEntry("/team");

export default function TeamPage() {
  return (
    <>
      <JsonLd data={graph(breadcrumbsTo({ name: entry.breadcrumb, path: entry.path }))} />
      <div className="mx-auto w-full max-w-5xl px-5 pb-20 sm:px-8 sm:pb-28">
        <header className="pb-12 pt-16 sm:pb-16 sm:pt-24">
          <h1 className="text-4xl font-bold tracking-tight text-white sm:text-6xl">{teamPage.title}</h1>
          <p className="mt-6 max-w-3xl text-xl leading-relaxed text-neutral-300">{teamPage.lede}</p>
        </header>

        <ExpertisePanel />

        <section aria-labelledby="founders-heading" className="mt-16 sm:mt-20">
          <h2 id="founders-heading" className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
            {teamPage.membersHeading}
          </h2>
          <ul role="list" className="mt-8 grid gap-6 md:grid-cols-2">
            {team.map((member) => (
              <li key={member.slug}>
                <TeamCard member={member} />
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
