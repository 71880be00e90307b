import { type BeatDetail, CANNOT_RATE_OWN_BEAT } from '@beatroom/shared/beats-contract';
import { musicRoleLabel } from '@beatroom/shared/constants';
import {
  formatDate,
  formatDuration,
  formatNumber,
  formatPriceIn,
  formatRating,
} from '@beatroom/shared/format';
import { useQuery } from '@tanstack/react-query';
import {
  BadgeCheck,
  Crown,
  Download,
  Gem,
  Headphones,
  MicVocal,
  Settings2,
  Share2,
  Star,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { BackButton } from '../../../components/ui/back-button';
import { Button, buttonClasses } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { usePlatform } from '../../../lib/platform';
import { showToast } from '../../../lib/toast';
import { useSession } from '../../auth/hooks/use-session';
import { useSignInDialog } from '../../auth/store/sign-in-dialog-store';
import {
  beatDetailQueryOptions,
  describeError,
  producerQueryOptions,
  ratingSummaryQueryOptions,
} from '../api';
import { usePreferredCurrency } from '../hooks/use-preferred-currency';
import { BeatAudioSection } from './beat-audio-section';
import { BeatCover, FeaturedBadge } from './beat-cover';
import { EditBeatModal } from './edit-beat-modal';
import { LikeButton } from './like-button';
import { RateDialog } from './rate-dialog';
import { ReviewsSection } from './reviews-section';
import { Stars } from './stars';
import { VocalCovers } from './vocal-covers';

/** Owner (red diamond), admin (gold crown), verified, and the music role (platform.md §2). */
function ProducerBadges({ userId }: { userId: string }) {
  const producer = useQuery(producerQueryOptions(userId));
  const profile = producer.data;
  if (!profile) return null;
  const role = musicRoleLabel(profile.user_role);
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {profile.is_owner ? (
        <Gem aria-label="Owner" role="img" className="size-4 text-red-500" />
      ) : profile.is_admin ? (
        <Crown aria-label="Admin" role="img" className="size-4 text-amber-400" />
      ) : null}
      {profile.verified ? (
        <BadgeCheck aria-label="Verified" role="img" className="size-4 text-sky-400" />
      ) : null}
      {role ? (
        <span className="rounded-full bg-fg/10 px-2 py-0.5 text-xs font-medium text-muted">{role}</span>
      ) : null}
    </span>
  );
}

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2.5">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-right text-sm font-medium numeric">{children}</dd>
    </div>
  );
}

function BeatDetailsPanel({ beat }: { beat: BeatDetail }) {
  return (
    <section
      aria-labelledby="details-title"
      className="rounded-3xl border border-line bg-surface/60 p-5 sm:p-6"
    >
      <h2 id="details-title" className="text-lg font-semibold">
        Beat Details
      </h2>
      <dl className="mt-2 divide-y divide-line">
        <DetailRow label="Genre">{beat.genre}</DetailRow>
        <DetailRow label="BPM">{beat.bpm ?? '–'}</DetailRow>
        <DetailRow label="Key">{beat.key_signature ?? '–'}</DetailRow>
        <DetailRow label="Mood">{beat.mood ?? '–'}</DetailRow>
        <DetailRow label="Duration">{formatDuration(beat.duration_seconds)}</DetailRow>
        <DetailRow label="Released">{formatDate(beat.created_at)}</DetailRow>
      </dl>
    </section>
  );
}

/** Share: the system share sheet when there is one, otherwise the link goes to the clipboard. */
async function shareBeat(beat: BeatDetail, url: string) {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({
        title: beat.title,
        text: `${beat.title} by ${beat.producer_name} on Beatroom`,
        url,
      });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      console.error(`Share failed, copying the link instead: ${describeError(error)}`);
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    showToast({ type: 'success', title: 'Link copied', message: 'Share it anywhere.' });
  } catch (error) {
    console.error(`Failed to copy the link: ${describeError(error)}`);
    showToast({ type: 'error', title: 'Could not copy the link', message: url });
  }
}

function DetailSkeleton() {
  return (
    <div role="status" aria-label="Loading beat" className="grid gap-8 lg:grid-cols-[minmax(0,22rem)_1fr]">
      <div className="aspect-square animate-pulse rounded-3xl bg-fg/10" />
      <div className="flex flex-col gap-4">
        <div className="h-5 w-24 animate-pulse rounded-full bg-fg/10" />
        <div className="h-10 w-3/4 animate-pulse rounded-lg bg-fg/10" />
        <div className="h-5 w-1/3 animate-pulse rounded bg-fg/10" />
        <div className="h-20 w-full animate-pulse rounded-xl bg-fg/10" />
        <div className="flex gap-2">
          {[1, 2, 3, 4].map((n) => (
            <div key={n} className="h-10 w-28 animate-pulse rounded-full bg-fg/10" />
          ))}
        </div>
      </div>
    </div>
  );
}

function NotFound() {
  return (
    <section className="mx-auto flex min-h-[50dvh] max-w-md flex-col items-center justify-center text-center">
      <p aria-hidden="true" className="text-7xl">
        🎧
      </p>
      <h1 className="mt-4 text-2xl font-semibold">Beat not found</h1>
      <p className="mt-2 text-muted">It may have been removed by its producer, or the link is wrong.</p>
      <Link to="/" className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
        Browse Beats
      </Link>
    </section>
  );
}

function BeatView({ beat }: { beat: BeatDetail }) {
  const { user } = useSession();
  const openSignIn = useSignInDialog((state) => state.open);
  const navigate = useNavigate();
  const currency = usePreferredCurrency();
  const summary = useQuery(ratingSummaryQueryOptions(beat.id));
  const [rateOpen, setRateOpen] = useState(false);
  const [manageOpen, setManageOpen] = useState(false);
  const platform = usePlatform();
  const isOwner = user?.id === beat.user_id;
  // The public address of the page: the desktop app runs from files, the site is on its server.
  const shareUrl = `${platform.api?.baseUrl ?? window.location.origin}/beat/${beat.id}`;
  const price = formatPriceIn(beat.is_free ? 0 : beat.price_cents, currency);

  const recordVocals = () => {
    if (!user) openSignIn();
    else void navigate(`/studio/${beat.id}`);
  };
  const rateTitle = !user ? 'Sign in to rate beats' : isOwner ? CANNOT_RATE_OWN_BEAT : undefined;
  const rateButton = (
    <span title={rateTitle} className="inline-flex">
      <Button variant="secondary" disabled={!user || isOwner} onClick={() => setRateOpen(true)}>
        <Star aria-hidden="true" className="size-4" />
        Rate Beat
      </Button>
    </span>
  );

  return (
    <article aria-labelledby="beat-title" className="flex flex-col gap-8">
      <div className="grid gap-6 md:grid-cols-[minmax(0,18rem)_1fr] lg:grid-cols-[minmax(0,22rem)_1fr] lg:gap-10">
        <div className="relative mx-auto w-full max-w-sm md:max-w-none">
          <BeatCover
            beat={beat}
            className="aspect-square w-full rounded-3xl shadow-2xl shadow-black/40"
            initialClassName="text-8xl"
          />
          {beat.is_featured ? <FeaturedBadge className="absolute top-3 left-3" /> : null}
        </div>

        <div className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-wrap items-center gap-2">
            <span className="rounded-full bg-fg/10 px-3 py-1 text-xs font-semibold">{beat.genre}</span>
            <span
              className={`text-2xl font-extrabold numeric ${price === 'Free' ? 'text-emerald-400' : 'text-amber-300'}`}
            >
              {price}
            </span>
          </div>
          <h1
            id="beat-title"
            className="text-3xl font-bold tracking-tight break-words sm:text-4xl lg:text-5xl"
          >
            {beat.title}
          </h1>
          <div className="flex flex-wrap items-center gap-2 text-muted">
            <span>by</span>
            <Link to={`/profile/${beat.user_id}`} className="font-semibold text-fg hover:underline">
              {beat.producer_name}
            </Link>
            <ProducerBadges userId={beat.user_id} />
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
            {summary.data ? (
              <span className="inline-flex items-center gap-1.5">
                <Stars value={summary.data.averageRating} />
                {formatRating(summary.data.averageRating)} ({formatNumber(summary.data.totalRatings)})
              </span>
            ) : null}
          </div>
          {beat.description ? (
            <p className="max-w-prose break-words whitespace-pre-line text-fg/85">{beat.description}</p>
          ) : null}

          <div className="flex flex-wrap gap-2 pt-1">
            <Button onClick={recordVocals}>
              <MicVocal aria-hidden="true" className="size-4" />
              Record Vocals
            </Button>
            {rateButton}
            <LikeButton beat={beat} variant="labelled" />
            <Button variant="secondary" onClick={() => void shareBeat(beat, shareUrl)}>
              <Share2 aria-hidden="true" className="size-4" />
              Share
            </Button>
            {isOwner ? (
              <Button variant="secondary" onClick={() => setManageOpen(true)}>
                <Settings2 aria-hidden="true" className="size-4" />
                Manage Beat
              </Button>
            ) : null}
          </div>
        </div>
      </div>

      <BeatAudioSection beat={beat} currency={currency} isOwner={isOwner} />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <ReviewsSection beatId={beat.id} rateButton={rateButton} />
          <VocalCovers beatId={beat.id} onRecord={recordVocals} />
        </div>
        <div className="lg:order-none">
          <BeatDetailsPanel beat={beat} />
        </div>
      </div>

      {user && !isOwner ? (
        <RateDialog beat={beat} userId={user.id} open={rateOpen} onOpenChange={setRateOpen} />
      ) : null}
      {isOwner ? (
        <EditBeatModal
          beat={beat}
          currency={currency}
          open={manageOpen}
          onOpenChange={setManageOpen}
          // The beat is gone: its page has nothing left to show.
          onDeleted={() => void navigate('/')}
        />
      ) : null}
    </article>
  );
}

/** /beat/:beatId and /beats/:beatId (platform.md §2 "Beat detail"). */
export function BeatDetailPage() {
  const { beatId = '' } = useParams();
  const beat = useQuery(beatDetailQueryOptions(beatId));

  return (
    <div className="flex flex-col gap-4">
      <div>
        <BackButton />
      </div>
      {beat.isPending ? (
        <DetailSkeleton />
      ) : beat.isError ? (
        isApiError(beat.error, 404) ? (
          <NotFound />
        ) : (
          <section className="mx-auto flex min-h-[40dvh] max-w-md flex-col items-center justify-center text-center">
            <h1 className="text-2xl font-semibold">This beat could not be loaded</h1>
            <p className="mt-2 text-muted">Check your connection and try again.</p>
            <Button className="mt-6" onClick={() => void beat.refetch()}>
              Try again
            </Button>
          </section>
        )
      ) : (
        <BeatView key={beat.data.id} beat={beat.data} />
      )}
    </div>
  );
}
