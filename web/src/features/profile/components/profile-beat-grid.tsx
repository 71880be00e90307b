import { Beat } from '@beatroom/shared/beats-contract';
import type { ProfileBeat } from '@beatroom/shared/community-contract';
import { UI } from '@beatroom/shared/constants';
import { BeatCard, BeatCardSkeleton } from '../../beats/components/beat-card';
import { GRID_CLASSES } from '../../beats/components/beat-catalogue';
import { usePreferredCurrency } from '../../beats/hooks/use-preferred-currency';

/**
 * A profile list's beats as the catalogue's own cards. Profile beats carry genre, key and mood
 * as plain strings; a beat that is not a valid catalogue beat (which the server never sends) is
 * left out rather than shown half-broken.
 */
export function toCatalogueBeat(beat: ProfileBeat): Beat | null {
  const parsed = Beat.safeParse(beat);
  return parsed.success ? parsed.data : null;
}

export function ProfileBeatGrid({ beats, label }: { beats: ProfileBeat[]; label: string }) {
  const currency = usePreferredCurrency();
  return (
    <ul aria-label={label} className={GRID_CLASSES}>
      {beats.map((beat) => {
        const card = toCatalogueBeat(beat);
        return card ? (
          <li key={beat.id} className="flex min-w-0">
            <div className="flex w-full min-w-0 flex-col [&>article]:flex-1">
              <BeatCard beat={card} currency={currency} />
            </div>
          </li>
        ) : null;
      })}
    </ul>
  );
}

export function ProfileBeatGridSkeleton({ count = UI.GRID_COLUMNS * 2 }: { count?: number }) {
  return (
    <div role="status" aria-label="Loading beats" className={GRID_CLASSES}>
      {Array.from({ length: count }, (_, index) => (
        <BeatCardSkeleton key={index} />
      ))}
    </div>
  );
}
