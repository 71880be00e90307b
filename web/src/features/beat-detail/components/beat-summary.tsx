import type { BeatDetail } from '@beatroom/shared/beats-contract';
import { formatNumber } from '@beatroom/shared/format-numbers';
import type { Currency } from '@beatroom/shared/money-constants';
import { Download, Headphones, MicVocal, Settings2, Share2, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BeatPrice } from '../../../components/ui/beat-price';
import { Button } from '../../../components/ui/button';
import { CoverArt, FeaturedBadge } from '../../../components/ui/cover-art';
import { storedImage } from '../../../lib/stored-file';
import type { BeatPageSlots } from './beat-page-slots';
import { shareBeat } from './share-beat';

/**
 * The top of the beat page: cover, genre and price, title, producer with badges, counts and
 * rating, description, and the actions (Record Vocals, Rate, Favorite, Share, Manage Beat,
 * Promote).
 */
export function BeatSummary({
  beat,
  currency,
  slots,
  shareUrl,
  onRecord,
  onRecordTogether,
  onManage,
  promoteButton,
}: {
  beat: BeatDetail;
  currency: Currency;
  slots: BeatPageSlots;
  shareUrl: string;
  onRecord: () => void;
  /** Opens a collaborative session over this beat (up to four people, live). */
  onRecordTogether: () => void;
  /** Offered to the beat's owner only. */
  onManage: (() => void) | null;
  /** The owner's Promote (a slot); null for everyone else and for a beat out of the store. */
  promoteButton: ReactNode;
}) {
  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,18rem)_1fr] lg:grid-cols-[minmax(0,22rem)_1fr] lg:gap-10">
      <div className="relative mx-auto w-full max-w-sm md:max-w-none">
        <CoverArt
          src={storedImage(beat.cover_image_key)}
          // The same sizes the server preloads the cover with (BEAT_COVER_SIZES, modules/seo).
          sizes="(min-width: 1024px) 22rem, (min-width: 768px) 18rem, min(100vw, 24rem)"
          // The page's largest paint: fetched at once, not when layout finds it in view.
          priority
          title={beat.title}
          className="aspect-square w-full rounded-3xl shadow-2xl shadow-black/40"
          initialClassName="text-8xl"
        />
        {beat.is_featured ? <FeaturedBadge className="absolute top-3 left-3" /> : null}
      </div>

      <div className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-fg/10 px-3 py-1 text-xs font-semibold">{beat.genre}</span>
          <BeatPrice beat={beat} currency={currency} className="text-2xl font-extrabold" />
        </div>
        <h1 id="beat-title" className="text-3xl font-bold tracking-tight break-words sm:text-4xl lg:text-5xl">
          {beat.title}
        </h1>
        <div className="flex flex-wrap items-center gap-2 text-muted">
          <span>by</span>
          <Link to={`/profile/${beat.user_id}`} className="font-semibold text-fg hover:underline">
            {beat.producer_name}
          </Link>
          {slots.producerBadges(beat.user_id)}
        </div>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted numeric">
          <span className="inline-flex items-center gap-1.5">
            <Headphones aria-hidden="true" className="size-4" />
            {formatNumber(beat.play_count)} plays
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Download aria-hidden="true" className="size-4" />
            {formatNumber(beat.download_count)} downloads
          </span>
          {slots.ratingSummary(beat)}
        </div>
        {beat.description ? (
          <p className="max-w-prose break-words whitespace-pre-line text-fg/85">{beat.description}</p>
        ) : null}

        <div className="flex flex-wrap gap-2 pt-1">
          <Button onClick={onRecord}>
            <MicVocal aria-hidden="true" className="size-4" />
            Record Vocals
          </Button>
          <Button variant="secondary" onClick={onRecordTogether}>
            <Users aria-hidden="true" className="size-4" />
            Record Together
          </Button>
          {slots.rateButton(beat)}
          {slots.favoriteButton(beat)}
          <Button variant="secondary" onClick={() => void shareBeat(beat, shareUrl)}>
            <Share2 aria-hidden="true" className="size-4" />
            Share
          </Button>
          {onManage ? (
            <Button variant="secondary" onClick={onManage}>
              <Settings2 aria-hidden="true" className="size-4" />
              Manage Beat
            </Button>
          ) : null}
          {promoteButton}
          {slots.reportButton?.(beat)}
        </div>
      </div>
    </div>
  );
}
