import type { BeatDetail } from '@beatroom/shared/beats-contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { BackButton } from '../../../components/ui/back-button';
import { buttonClasses } from '../../../components/ui/button';
import { Deferred } from '../../../components/ui/deferred';
import { ErrorState } from '../../../components/ui/error-state';
import { isApiError } from '../../../lib/api-client';
import { useDocumentHead } from '../../../lib/document-head';
import { usePlatform } from '../../../lib/platform';
import { usePreferredCurrency } from '../../session/hooks/use-preferred-currency';
import { useSession } from '../../session/hooks/use-session';
import { useSignInDialog } from '../../session/store/sign-in-dialog-store';
import { beatDetailQueryOptions } from '../api';
import { BeatDetailsPanel } from './beat-details-panel';
import type { BeatPageSlots } from './beat-page-slots';
import { BeatSummary } from './beat-summary';
import { VocalCovers } from './vocal-covers';

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

/** Reviews, Vocal Covers and the details panel while they are built. */
function SectionsPlaceholder() {
  return (
    <div aria-hidden="true" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex flex-col gap-6">
        <div className="h-48 animate-pulse rounded-2xl bg-fg/10" />
        <div className="h-40 animate-pulse rounded-2xl bg-fg/10" />
      </div>
      <div className="h-72 animate-pulse rounded-2xl bg-fg/10" />
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

function BeatView({ beat, slots }: { beat: BeatDetail; slots: BeatPageSlots }) {
  const { user } = useSession();
  const openSignIn = useSignInDialog((state) => state.open);
  const navigate = useNavigate();
  const currency = usePreferredCurrency();
  const [manageOpen, setManageOpen] = useState(false);
  const platform = usePlatform();
  const isOwner = user?.id === beat.user_id;
  // The public address of the page: the desktop app runs from files, the site is on its server.
  const shareUrl = `${platform.api?.baseUrl ?? window.location.origin}/beat/${beat.id}`;

  // Both studios need an account: a visitor is asked to sign in first.
  const openStudio = (path: string) => () => {
    if (!user) openSignIn();
    else void navigate(path);
  };
  const recordVocals = openStudio(`/studio/${beat.id}`);

  return (
    <article aria-labelledby="beat-title" className="flex flex-col gap-8">
      <BeatSummary
        beat={beat}
        currency={currency}
        slots={slots}
        shareUrl={shareUrl}
        onRecord={recordVocals}
        onRecordTogether={openStudio(`/studio/collaborate/create?beat=${encodeURIComponent(beat.id)}`)}
        onManage={isOwner ? () => setManageOpen(true) : null}
        // A beat sold exclusively is out of the store: promoting it would be refused (409).
        promoteButton={isOwner && !beat.sold_exclusively ? slots.promoteButton(beat) : null}
      />
      {slots.player(beat, slots.priceButton(beat))}

      {/* Below the summary and player: built after them, their place kept meanwhile. */}
      <Deferred fallback={<SectionsPlaceholder />}>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="flex min-w-0 flex-col gap-6">
            {slots.licensing(beat)}
            {slots.reviews(beat)}
            <VocalCovers beatId={beat.id} onRecord={recordVocals} />
          </div>
          <div className="lg:order-none">
            <BeatDetailsPanel beat={beat} />
          </div>
        </div>
      </Deferred>

      {isOwner
        ? slots.manageBeat({
            beat,
            open: manageOpen,
            onOpenChange: setManageOpen,
            onDeleted: () => void navigate('/'),
          })
        : null}
    </article>
  );
}

/**
 * /beat/:beatId and /beats/:beatId. The parts other features own
 * come in through `slots` (app/routes/beat-page.tsx composes them).
 */
export function BeatDetailPage({ slots }: { slots: BeatPageSlots }) {
  const { beatId = '' } = useParams();
  const beat = useQuery(beatDetailQueryOptions(beatId));
  useDocumentHead(
    beat.data
      ? {
          title: `${beat.data.title} by ${beat.data.producer_name} · Beatroom`,
          description:
            beat.data.description ?? `${beat.data.title} by ${beat.data.producer_name} on Beatroom.`,
        }
      : null,
  );

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
          <ErrorState
            title="This beat could not be loaded"
            isPageTitle
            onRetry={() => void beat.refetch()}
            retrying={beat.isFetching}
          />
        )
      ) : (
        <BeatView key={beat.data.id} beat={beat.data} slots={slots} />
      )}
    </div>
  );
}
