import { HomeHero } from '../../features/home/components/home-hero';

/** / — the hero now; the catalogue (filters, beat grid with id="beats") goes below it. */
export function HomePage() {
  return (
    <div className="flex flex-col gap-10">
      <HomeHero />
    </div>
  );
}
