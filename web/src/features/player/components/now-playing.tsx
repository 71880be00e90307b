import type { QueueEntry } from '@beatroom/shared/player-state';
import { Link } from 'react-router-dom';
import { CoverArt } from '../../../components/ui/cover-art';
import { storedImage } from '../../../lib/stored-file';

/** The bar's thumbnail sizes, in px, and their classes. */
const COVER_CLASSES = { 36: 'size-9', 48: 'size-12' } as const;

function Cover({ beat, size }: { beat: QueueEntry; size: keyof typeof COVER_CLASSES }) {
  const image = storedImage(beat.cover_image_key);
  if (image) {
    // The 256 px WebP rendition for a thumbnail, not the 800 px original. The title
    // is written beside it: the picture itself says nothing more.
    return (
      <CoverArt
        src={image}
        sizes={`${size}px`}
        title={beat.title}
        alt=""
        className={`shrink-0 rounded-lg ${COVER_CLASSES[size]}`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={{ width: size, height: size }}
      className="inline-flex shrink-0 items-center justify-center rounded-lg bg-linear-to-br from-violet-600 to-indigo-700 text-lg font-bold text-white"
    >
      {beat.title.charAt(0).toUpperCase()}
    </span>
  );
}

/** The current beat: its cover, its title (to the beat page) and producer (to their profile). */
export function NowPlaying({ beat, coverSize }: { beat: QueueEntry; coverSize: keyof typeof COVER_CLASSES }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Cover beat={beat} size={coverSize} />
      <div className="min-w-0">
        <Link to={`/beat/${beat.id}`} className="block truncate text-sm font-semibold hover:underline">
          {beat.title}
        </Link>
        <Link
          to={`/profile/${beat.user_id}`}
          className="block truncate text-xs text-muted hover:text-fg hover:underline"
        >
          {beat.producer_name}
        </Link>
      </div>
    </div>
  );
}
