import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';

export interface HomeHeroProps {
  /** Where Browse Beats leads: the beat grid section below the hero. */
  browseHref?: string;
}

export const HERO_SEEN_KEY = 'beatroom:hero-seen';

/**
 * Whether this device saw the full hero on an earlier visit: from then on the hero is one
 * compact line and the beats move up into the first screen. Read once per page view, so the
 * hero does not shrink under the visitor's eyes; storage refused means always the full hero.
 */
function useHeroSeenBefore(): boolean {
  const [seenBefore] = useState(() => {
    try {
      return globalThis.localStorage?.getItem(HERO_SEEN_KEY) === '1';
    } catch {
      return false;
    }
  });
  useEffect(() => {
    try {
      globalThis.localStorage?.setItem(HERO_SEEN_KEY, '1');
    } catch {
      // Not remembered: the next visit shows the full hero again.
    }
  }, []);
  return seenBefore;
}

// Bar heights of the decorative equalizer, in percent; fixed so the hero never shifts.
const BARS = [38, 62, 84, 55, 92, 70, 46, 78, 60, 88, 52, 74, 40, 66, 90, 58, 44, 80, 64, 50];

/**
 * The home page's opening band, kept compact so the catalogue below it starts within the first
 * screen: the full band on a first visit (its text only from small screens up), one line once
 * the visitor has seen it, so at 1366 x 900 and on a phone the first beats show without
 * scrolling.
 */
export function HomeHero({ browseHref = '#beats' }: HomeHeroProps) {
  const compact = useHeroSeenBefore();
  if (compact) {
    return (
      <section
        aria-labelledby="home-hero-title"
        className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 rounded-2xl border border-line bg-surface/60 px-4 py-3 sm:px-6"
      >
        <h1 id="home-hero-title" className="text-lg leading-tight font-bold tracking-tight sm:text-xl">
          Find the beat that makes your next hit
        </h1>
        <div className="flex gap-2">
          <a href={browseHref} className={buttonClasses({ size: 'sm' })}>
            Browse Beats
          </a>
          <Link to="/?free=true" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            Free Beats
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section
      aria-labelledby="home-hero-title"
      className="relative overflow-hidden rounded-3xl border border-line bg-surface/60 px-5 py-5 sm:px-8 sm:py-6 lg:px-10"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-violet-600/25 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-32 left-1/3 size-80 rounded-full bg-indigo-600/20 blur-3xl"
      />

      <div className="relative flex flex-col gap-5 lg:flex-row lg:items-center lg:justify-between lg:gap-10">
        <div className="max-w-3xl">
          <p className="text-xs font-semibold tracking-wider text-accent uppercase">
            Beats, licences and vocals in one place
          </p>
          <h1
            id="home-hero-title"
            className="mt-2 text-2xl leading-tight font-bold tracking-tight text-balance sm:text-3xl xl:text-4xl"
          >
            Find the beat that makes your next hit
          </h1>
          <p className="mt-2 hidden max-w-2xl text-sm text-pretty text-muted sm:block sm:text-base">
            Hip-Hop, Trap, Drill, R&amp;B and more from independent producers. Press play, pick a licence and
            record your vocals over it, all in one place.
          </p>
        </div>

        <div className="flex shrink-0 items-center gap-6">
          <div className="flex flex-wrap gap-3">
            <a href={browseHref} className={buttonClasses()}>
              Browse Beats
            </a>
            <Link to="/?free=true" className={buttonClasses({ variant: 'secondary' })}>
              Free Beats
            </Link>
          </div>
          <div aria-hidden="true" className="hidden h-16 items-end gap-1 xl:flex">
            {BARS.map((height, index) => (
              <span
                key={index}
                className="w-1.5 origin-bottom animate-equalizer rounded-full bg-linear-to-t from-indigo-500 to-violet-400 motion-reduce:animate-none"
                style={{ height: `${height}%`, animationDelay: `${(index % 7) * 120}ms` }}
              />
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
