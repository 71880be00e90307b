import { formatTimeAgo } from '@beatroom/shared/format-dates';
import { formatNumber, formatRating } from '@beatroom/shared/format-numbers';
import { useInfiniteQuery } from '@tanstack/react-query';
import { LoaderCircle, MessageSquareText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { PanelSection } from '../../../components/ui/panel-section';
import { Stars } from '../../../components/ui/stars';
import { reviewsQueryOptions } from '../api';
import { RateBeatButton } from './rate-beat-button';

function ReviewSkeleton() {
  return (
    <li aria-hidden="true" className="flex gap-3 py-4">
      <div className="size-10 animate-pulse rounded-full bg-fg/10" />
      <div className="flex flex-1 flex-col gap-2">
        <div className="h-4 w-1/3 animate-pulse rounded bg-fg/10" />
        <div className="h-3.5 w-2/3 animate-pulse rounded bg-fg/10" />
      </div>
    </li>
  );
}

/** Reviews & Ratings: the average to one decimal, the count, and the reviews, newest first. */
export function ReviewsSection({
  beat,
  reviewActions,
}: {
  beat: { id: string; title: string; user_id: string };
  /** Per review, after its time: Report (app/ composes it, for moderation). */
  reviewActions?: (review: { id: string; user_id: string }) => ReactNode;
}) {
  const reviews = useInfiniteQuery(reviewsQueryOptions(beat.id));
  const first = reviews.data?.pages[0];
  const list = reviews.data?.pages.flatMap((page) => page.reviews) ?? [];
  const average = first?.averageRating ?? 0;
  const total = first?.totalRatings ?? 0;

  return (
    <PanelSection title="Reviews & Ratings" actions={<RateBeatButton beat={beat} />}>
      <div className="mt-4 flex items-center gap-4">
        <span className="text-4xl font-bold numeric">{formatRating(average)}</span>
        <div className="flex flex-col gap-1">
          <Stars value={average} size="size-5" />
          <span className="text-sm text-muted numeric">
            {formatNumber(total)} {total === 1 ? 'rating' : 'ratings'}
          </span>
        </div>
      </div>

      {reviews.isPending ? (
        <ul className="mt-2 divide-y divide-line">
          <ReviewSkeleton />
          <ReviewSkeleton />
        </ul>
      ) : list.length === 0 ? (
        <p className="mt-5 flex items-center gap-2 rounded-2xl bg-fg/5 px-4 py-5 text-sm text-muted">
          <MessageSquareText aria-hidden="true" className="size-5 shrink-0" />
          No reviews yet. Be the first to rate this beat.
        </p>
      ) : (
        <ul aria-label="Reviews" className="mt-2 divide-y divide-line">
          {list.map((review) => (
            <li key={review.id} className="flex gap-3 py-4">
              <Avatar src={review.reviewer_avatar} name={review.reviewer_name} size={40} />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <Link to={`/profile/${review.user_id}`} className="font-medium hover:underline">
                    {review.reviewer_name}
                  </Link>
                  <Stars value={review.rating} size="size-3.5" label={`${review.rating} out of 5 stars`} />
                  <time dateTime={review.created_at} className="text-xs text-muted">
                    {formatTimeAgo(review.created_at)}
                  </time>
                  {reviewActions?.(review)}
                </div>
                {review.review ? (
                  <p className="mt-1.5 text-sm break-words whitespace-pre-line text-fg/90">{review.review}</p>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}

      {reviews.hasNextPage ? (
        <Button
          variant="ghost"
          className="mt-2 self-start"
          onClick={() => void reviews.fetchNextPage()}
          disabled={reviews.isFetchingNextPage}
        >
          {reviews.isFetchingNextPage ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : null}
          Show more reviews
        </Button>
      ) : null}
    </PanelSection>
  );
}
