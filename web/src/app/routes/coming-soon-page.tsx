import { Handshake, SlidersHorizontal, Sparkles, Trophy, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { BackButton } from '../../components/ui/back-button';
import { buttonClasses } from '../../components/ui/button';

interface ComingArea {
  title: string;
  Icon: LucideIcon;
  /** One sentence: what the area is for. */
  summary: string;
  /** What it will offer, from the spec's description of the screen. */
  highlights: string[];
}

/**
 * The areas the menus and the route table already name (community.md §2) whose screens are
 * not built yet. A link to one lands here instead of on "Page not found", which read as a
 * broken link (issue 8, defect 12). When an area ships, its route in routes.tsx gets the real
 * screen and its entry here goes.
 */
export const COMING_SOON = {
  studio: {
    title: 'Collaborative Studio',
    Icon: SlidersHorizontal,
    summary: 'Record together over one beat: up to four people, each on their own track, live.',
    highlights: [
      'Invite others with a short session code',
      'Play, pause and follow the host in time',
      'Chat and hear each other’s takes on the beat',
    ],
  },
  challenges: {
    title: 'Challenges',
    Icon: Trophy,
    summary: 'Compete with other artists on a beat for prize credits.',
    highlights: [
      'Active, upcoming and past challenges',
      'Enter with your recording',
      'Prize credits for winners',
    ],
  },
  collaborations: {
    title: 'Collaborations',
    Icon: Handshake,
    summary: 'Find producers and artists to work with, and answer their requests.',
    highlights: [
      'A board of open collaboration requests',
      'Post what you are looking for',
      'Reply to a request',
    ],
  },
} as const satisfies Record<string, ComingArea>;

export type ComingSoonArea = keyof typeof COMING_SOON;

/** A designed placeholder for an area that is on its way: what is coming and a way back to browsing. */
export function ComingSoonPage({ area }: { area: ComingSoonArea }) {
  const { title, Icon, summary, highlights }: ComingArea = COMING_SOON[area];
  return (
    <section
      aria-labelledby="coming-soon-title"
      className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center"
    >
      <span className="relative inline-flex size-20 items-center justify-center rounded-3xl bg-linear-to-br from-violet-500 to-indigo-600 text-white shadow-xl shadow-violet-900/40">
        <Icon aria-hidden="true" className="size-9" />
        <Sparkles aria-hidden="true" className="absolute -top-3 -right-3 size-6 text-amber-300" />
      </span>
      <p className="mt-6 rounded-full bg-accent/15 px-3 py-1 text-xs font-semibold tracking-wide text-accent uppercase">
        Coming soon
      </p>
      <h1 id="coming-soon-title" className="mt-3 text-2xl font-semibold tracking-tight sm:text-3xl">
        {title}
      </h1>
      <p className="mt-2 text-muted">{summary}</p>
      <ul aria-label={`What ${title} will offer`} className="mt-6 flex flex-col gap-2 text-left text-sm">
        {highlights.map((highlight) => (
          <li key={highlight} className="flex items-start gap-2">
            <span aria-hidden="true" className="mt-1.5 size-1.5 shrink-0 rounded-full bg-accent" />
            {highlight}
          </li>
        ))}
      </ul>
      <p className="mt-6 text-sm text-muted">
        This part of Beatroom is being built. Until then, keep exploring beats.
      </p>
      <div className="mt-6 flex flex-wrap items-center justify-center gap-3">
        <Link to="/" className={buttonClasses({ size: 'lg' })}>
          Browse Beats
        </Link>
        <BackButton />
      </div>
    </section>
  );
}
