import { formatDate } from '@beatroom/shared/format-dates';
import { useQuery } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { Link } from 'react-router-dom';
import { CoverArt } from '../../../components/ui/cover-art';
import { EmptyState } from '../../../components/ui/empty-state';
import { Stars } from '../../../components/ui/stars';
import { storedImage } from '../../../lib/stored-file';
import { userReviewsQueryOptions } from '../api';

/** The Reviews tab: the reviews this user wrote, each linking to its beat. */
export function ReviewsList({ userId }: { userId: string }) {
  const reviews = useQuery(userReviewsQueryOptions(userId));
  if (reviews.isPending) {
    return (
      <div role="status" aria-label="Loading reviews" className="flex flex-col gap-2">
        {Array.from({ length: 4 }, (_, index) => (
          <div
            key={index}
            aria-hidden="true"
            className="h-24 animate-pulse rounded-2xl border border-line bg-fg/5"
          />
        ))}
      </div>
    );
  }
  const list = reviews.data ?? [];
  if (list.length === 0) return <EmptyState Icon={MessageSquare} title="No reviews yet" />;
  return (
    <ul aria-label="Reviews" className="flex flex-col gap-2">
      {list.map((review) => (
        <li
          key={review.id}
          className="flex gap-3 rounded-2xl border border-line bg-surface/60 p-3 sm:gap-4 sm:p-4"
        >
          <Link to={`/beats/${review.beat_id}`} tabIndex={-1} className="shrink-0">
            <CoverArt
              src={storedImage(review.cover_image_key)}
              sizes="(min-width: 640px) 4rem, 3.5rem"
              title={review.beat_title}
              className="size-14 rounded-xl sm:size-16"
              initialClassName="text-xl"
            />
          </Link>
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <Link
                to={`/beats/${review.beat_id}`}
                className="min-w-0 truncate font-semibold hover:underline"
              >
                {review.beat_title}
              </Link>
              <span className="text-xs text-muted numeric">{formatDate(review.created_at)}</span>
            </div>
            <Stars value={review.rating} label={`Rated ${review.rating} out of 5`} />
            {review.review ? (
              <p className="text-sm break-words whitespace-pre-line text-muted">{review.review}</p>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
