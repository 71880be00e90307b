import { formatNumber, formatRating } from '@beatroom/shared/format-numbers';
import { useQuery } from '@tanstack/react-query';
import { Stars } from '../../../components/ui/stars';
import { ratingSummaryQueryOptions } from '../api';

/** A beat's average as stars and one decimal, with the number of ratings; nothing until loaded. */
export function RatingSummary({ beatId }: { beatId: string }) {
  const summary = useQuery(ratingSummaryQueryOptions(beatId));
  if (!summary.data) return null;
  return (
    <span className="inline-flex items-center gap-1.5">
      <Stars value={summary.data.averageRating} />
      {formatRating(summary.data.averageRating)} ({formatNumber(summary.data.totalRatings)})
    </span>
  );
}
