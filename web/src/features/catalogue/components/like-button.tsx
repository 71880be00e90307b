import { useQuery } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { useSession } from '../../session/hooks/use-session';
import { favoriteBeatIdsQueryOptions } from '../api';
import { useToggleFavorite } from '../hooks/use-toggle-favorite';

export interface LikeButtonProps {
  beat: { id: string; title: string };
  /**
   * icon: the round button on a card's cover; row: the plain heart of a track-list row;
   * labelled: Favorite / Favorited on the beat page.
   */
  variant?: 'icon' | 'row' | 'labelled';
}

export const SIGN_IN_TO_FAVORITE = 'Sign in to favorite beats';

/**
 * Like (card) or Favorite (beat page): reads the user's one favourite set, so a whole grid costs
 * one request (visitors: none), and toggles with the server's answer; disabled for visitors.
 */
export function LikeButton({ beat, variant = 'icon' }: LikeButtonProps) {
  const { user } = useSession();
  const favorited = useQuery({
    ...favoriteBeatIdsQueryOptions(user?.id ?? ''),
    enabled: Boolean(user),
    select: (ids) => ids.has(beat.id),
  });
  const toggle = useToggleFavorite(beat.id, user?.id);
  const isFavorited = Boolean(user && favorited.data);
  const disabled = !user;
  const onClick = () => {
    if (!toggle.isPending) toggle.mutate();
  };

  if (variant === 'labelled') {
    return (
      <span title={disabled ? SIGN_IN_TO_FAVORITE : undefined} className="inline-flex">
        <button
          type="button"
          onClick={onClick}
          disabled={disabled}
          aria-pressed={isFavorited}
          className={`inline-flex h-10 items-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${
            isFavorited
              ? 'border-rose-500/40 bg-rose-500/15 text-rose-400 hover:bg-rose-500/25'
              : 'border-line bg-surface hover:bg-fg/10'
          }`}
        >
          <Heart aria-hidden="true" className={`size-4 ${isFavorited ? 'fill-current' : ''}`} />
          {isFavorited ? 'Favorited' : 'Favorite'}
        </button>
      </span>
    );
  }

  return (
    <span title={disabled ? SIGN_IN_TO_FAVORITE : undefined} className="inline-flex">
      <button
        type="button"
        onClick={onClick}
        disabled={disabled}
        aria-pressed={isFavorited}
        aria-label={`Like ${beat.title}`}
        className={`inline-flex items-center justify-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-70 ${
          variant === 'row' ? 'size-8 hover:bg-fg/10' : 'size-9 bg-black/55 backdrop-blur hover:bg-black/75'
        } ${isFavorited ? 'text-rose-400' : variant === 'row' ? 'text-muted' : 'text-white'}`}
      >
        <Heart aria-hidden="true" className={`size-[18px] ${isFavorited ? 'fill-current' : ''}`} />
      </button>
    </span>
  );
}
