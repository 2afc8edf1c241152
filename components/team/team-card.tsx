import type { TeamMember } from "@/content/team";
import { ExternalLink } from "@/components/ui/external-link";
import { TeamPhoto } from "./team-photo";

const PHOTO_SIZE = 112;

function LinkedInIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="currentColor">
      <path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.75h4v11H3v-11Zm7 0h3.8v1.5h.06c.53-.95 1.83-1.95 3.77-1.95 4.03 0 4.37 2.45 4.37 5.6v5.85h-4v-5.2c0-1.24-.02-2.84-1.73-2.84-1.74 0-2.27 1.3-2.27 2.75v5.29h-4v-11Z" />
    </svg>
  );
}

export function TeamCard({ member }: { member: TeamMember }) {
  return (
    <article className="flex h-full flex-col rounded-2xl border border-line bg-panel p-6 transition-colors duration-300 hover:border-white/30 sm:p-8">
      <div className="flex items-center gap-5">
        <TeamPhoto name={member.name} src={member.imageUrl} size={PHOTO_SIZE} />
        <div>
          <h3 className="text-xl font-semibold text-white sm:text-2xl">{member.name}</h3>
          <p className="mt-1 font-medium text-alarm">{member.role}</p>
        </div>
      </div>
      <p className="mt-6 flex-1 leading-relaxed text-neutral-300">{member.bio}</p>
      <ExternalLink
        href={member.linkedinUrl}
        aria-label={`${member.name} on LinkedIn (opens in a new tab)`}
        className="mt-6 inline-flex min-h-11 items-center gap-2 self-start rounded-full border border-white/30 px-4 text-sm font-semibold text-white transition-colors duration-300 hover:border-white hover:bg-white/10"
      >
        <LinkedInIcon />
        LinkedIn
      </ExternalLink>
    </article>
  );
}
