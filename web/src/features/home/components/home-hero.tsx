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
  // Once seen: no glow, tagline, text or equalizer; the title and the two buttons on one line.
  const compact = useHeroSeenBefore();
  const size = compact ? 'sm' : 'md';
  return (
    <section
      aria-labelledby="home-hero-title"
      className={`relative overflow-hidden border border-line bg-surface/60 ${compact ? 'rounded-2xl px-4 py-3 sm:px-6' : 'rounded-3xl px-5 py-5 sm:px-8 sm:py-6 lg:px-10'}`}
    >
      {compact ? null : (
        <>
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-violet-600/25 blur-3xl"
          />
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -bottom-32 left-1/3 size-80 rounded-full bg-indigo-600/20 blur-3xl"
          />
        </>
      )}

      <div
        className={`relative flex justify-between ${compact ? 'flex-wrap items-center gap-x-6 gap-y-2' : 'flex-col gap-5 lg:flex-row lg:items-center lg:gap-10'}`}
      >
        <div className="max-w-3xl">
          {compact ? null : (
            <p className="mb-2 text-xs font-semibold tracking-wider text-accent uppercase">
              Beats, licences and vocals in one place
            </p>
          )}
          <h1
            id="home-hero-title"
            className={`leading-tight font-bold tracking-tight text-balance ${compact ? 'text-lg sm:text-xl' : 'text-2xl sm:text-3xl xl:text-4xl'}`}
          >
            Find the beat that makes your next hit
          </h1>
          {compact ? null : (
            <p className="mt-2 hidden max-w-2xl text-sm text-pretty text-muted sm:block sm:text-base">
              Hip-Hop, Trap, Drill, R&amp;B and more from independent producers. Press play, pick a licence
              and record your vocals over it, all in one place.
            </p>
          )}
        </div>

        <div className="flex shrink-0 items-center gap-6">
          <div className="flex flex-wrap gap-2 sm:gap-3">
            <a href={browseHref} className={buttonClasses({ size })}>
              Browse Beats
            </a>
            <Link to="/?free=true" className={buttonClasses({ variant: 'secondary', size })}>
              Free Beats
            </Link>
          </div>
          {compact ? null : (
            <div aria-hidden="true" className="hidden h-16 items-end gap-1 xl:flex">
              {BARS.map((height, index) => (
                <span
                  key={index}
                  className="w-1.5 origin-bottom animate-equalizer rounded-full bg-linear-to-t from-indigo-500 to-violet-400 motion-reduce:animate-none"
                  style={{ height: `${height}%`, animationDelay: `${(index % 7) * 120}ms` }}
                />
              ))}
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
