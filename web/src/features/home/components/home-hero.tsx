import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';

export interface HomeHeroProps {
  /** Where Browse Beats leads: the beat grid section below the hero. */
  browseHref?: string;
}

// Bar heights of the decorative equalizer, in percent; fixed so the hero never shifts.
const BARS = [38, 62, 84, 55, 92, 70, 46, 78, 60, 88, 52, 74, 40, 66, 90, 58, 44, 80, 64, 50];

/** The home page's opening band; the catalogue grid is rendered below it by the home route. */
export function HomeHero({ browseHref = '#beats' }: HomeHeroProps) {
  return (
    <section
      aria-labelledby="home-hero-title"
      className="relative overflow-hidden rounded-3xl border border-line bg-surface/60 px-6 py-12 sm:px-10 sm:py-16 lg:px-14 lg:py-20"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 size-80 rounded-full bg-violet-600/25 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-32 left-1/3 size-96 rounded-full bg-indigo-600/20 blur-3xl"
      />

      <div className="relative grid items-center gap-10 lg:grid-cols-[1fr_auto]">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wider text-accent uppercase">
            Beats, licences and vocals in one place
          </p>
          <h1
            id="home-hero-title"
            className="mt-3 text-4xl leading-tight font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Find the beat that makes your next hit
          </h1>
          <p className="mt-4 max-w-xl text-base text-pretty text-muted sm:text-lg">
            Hip-Hop, Trap, Drill, R&amp;B and more from independent producers. Press play, pick a licence and
            record your vocals over it, all in one place.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href={browseHref} className={buttonClasses({ size: 'lg' })}>
              Browse Beats
            </a>
            <Link to="/?free=true" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
              Free Beats
            </Link>
          </div>
        </div>

        <div aria-hidden="true" className="hidden h-40 items-end gap-1.5 lg:flex">
          {BARS.map((height, index) => (
            <span
              key={index}
              className="w-2.5 origin-bottom animate-equalizer rounded-full bg-linear-to-t from-indigo-500 to-violet-400"
              style={{ height: `${height}%`, animationDelay: `${(index % 7) * 120}ms` }}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
