import type { ProfileResponse } from '@beatroom/shared/community-contract';
import { formatAverage, formatNumber } from '@beatroom/shared/format-numbers';
import { Download, Headphones, Music, Star, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import { StatTile } from '../../../components/ui/stat-tile';

/** Beats, Followers, Total Plays, Downloads and Rating (one decimal, or a dash). */
export function ProfileStats({ data }: { data: ProfileResponse }) {
  return (
    <dl aria-label="Profile stats" className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-5">
      <StatTile label="Beats" value={formatNumber(data.beats_count)} Icon={Music} />
      <StatTile label="Followers" value={formatNumber(data.followers_count)} Icon={Users} />
      <StatTile label="Total Plays" value={formatNumber(data.profile.total_plays)} Icon={Headphones} />
      <StatTile label="Downloads" value={formatNumber(data.profile.total_downloads)} Icon={Download} />
      {/* Five tiles in two columns on a phone: the last one takes the whole row. */}
      <StatTile
        label="Rating"
        value={formatAverage(data.average_rating)}
        Icon={Star}
        className="col-span-2 sm:col-span-1"
      />
    </dl>
  );
}

/** The genres of the user's uploads with their counts, each a link to that genre. */
export function FavoriteGenres({ genres }: { genres: ProfileResponse['favorite_genres'] }) {
  if (genres.length === 0) return null;
  return (
    <section aria-labelledby="favorite-genres" className="flex flex-wrap items-center gap-2">
      <h2 id="favorite-genres" className="mr-1 text-sm font-semibold text-muted">
        Favorite Genres
      </h2>
      {genres.map(({ genre, count }) => (
        <Link
          key={genre}
          to={`/?genre=${encodeURIComponent(genre)}`}
          className="inline-flex h-7 items-center gap-1.5 rounded-full border border-accent/30 bg-accent/10 px-3 text-sm font-medium text-fg transition-colors hover:bg-accent/20"
        >
          {/* Named by what it shows, then what the number counts (WCAG 2.5.3): "Trap 3 beats". */}
          {genre} <span className="rounded-full bg-fg/10 px-1.5 text-xs text-muted numeric">{count}</span>{' '}
          <span className="sr-only">{count === 1 ? 'beat' : 'beats'}</span>
        </Link>
      ))}
    </section>
  );
}
