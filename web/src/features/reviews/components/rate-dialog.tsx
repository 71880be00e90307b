import { RATING_LABELS, RATING_VALUES, type RatingValue } from '@beatroom/shared/catalogue-constants';
import { LIMITS } from '@beatroom/shared/limits';
import { useQuery } from '@tanstack/react-query';
import { LoaderCircle, Star } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogShell } from '../../../components/ui/dialog-shell';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { describeError, serverErrorText } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import { userRatingQueryOptions } from '../api';
import { useRateBeat } from '../hooks/use-rate-beat';

export interface RateDialogProps {
  beat: { id: string; title: string };
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function RateForm({
  beat,
  initial,
  onDone,
}: {
  beat: RateDialogProps['beat'];
  initial: { rating: number | null; review: string | null } | undefined;
  onDone: () => void;
}) {
  const [rating, setRating] = useState<number>(initial?.rating ?? 0);
  const [hovered, setHovered] = useState<number>(0);
  const [review, setReview] = useState(initial?.review ?? '');
  const [error, setError] = useState<string | null>(null);
  const rate = useRateBeat(beat.id);
  const shown = (hovered || rating) as RatingValue | 0;
  const canSubmit = rating > 0 && !rate.isPending;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    setError(null);
    rate.mutate(
      { rating, review: review.trim() || null },
      {
        onSuccess: () => {
          setRating(0);
          setReview('');
          showToast({ type: 'success', title: 'Thanks for rating', message: beat.title });
          onDone();
        },
        onError: (failure) => {
          console.error(`Failed to rate beat: ${describeError(failure)}`);
          setError(serverErrorText(failure) ?? 'Your rating could not be saved. Please try again.');
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-5">
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Your rating</legend>
        <div
          role="radiogroup"
          aria-label="Rating"
          className="flex items-center gap-1"
          onMouseLeave={() => setHovered(0)}
        >
          {RATING_VALUES.map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={rating === value}
              aria-label={`${value} star${value === 1 ? '' : 's'}: ${RATING_LABELS[value]}`}
              onClick={() => setRating(value)}
              onMouseEnter={() => setHovered(value)}
              className="rounded-lg p-1 transition-transform hover:scale-110"
            >
              <Star
                aria-hidden="true"
                className={`size-9 ${value <= shown ? 'fill-amber-400 text-amber-400' : 'text-fg/30'}`}
              />
            </button>
          ))}
        </div>
        <p aria-live="polite" className="mt-2 h-5 text-sm font-medium text-amber-300">
          {shown ? `${shown} · ${RATING_LABELS[shown]}` : <span className="text-muted">Select a rating</span>}
        </p>
      </fieldset>

      <label className="flex flex-col gap-1.5">
        <span className="text-sm font-medium">
          Review <span className="font-normal text-muted">(optional)</span>
        </span>
        <textarea
          value={review}
          onChange={(event) => setReview(event.target.value.slice(0, LIMITS.REVIEW_MAX))}
          maxLength={LIMITS.REVIEW_MAX}
          rows={4}
          placeholder="What do you like about this beat?"
          className="w-full resize-y rounded-xl border border-line bg-surface/80 px-3 py-2 text-sm focus:border-accent focus:outline-none"
        />
        <span className="self-end text-xs text-muted numeric">
          {review.length}/{LIMITS.REVIEW_MAX}
        </span>
      </label>

      {error ? <ErrorBanner title={error} /> : null}

      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canSubmit}>
          {rate.isPending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
          {rate.isPending ? 'Submitting...' : 'Submit Rating'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Rate Beat: 1 to 5 stars with their labels, an optional review of at most 500
 * characters with a counter. Rating again replaces the earlier rating, so the form starts from
 * it. Closes and resets after a success.
 */
export function RateDialog({ beat, userId, open, onOpenChange }: RateDialogProps) {
  const existing = useQuery({ ...userRatingQueryOptions(beat.id, userId), enabled: open });
  const ready = !existing.isPending || existing.isError;
  const initial = existing.data?.hasRated ? existing.data : undefined;

  return (
    <DialogShell open={open} onOpenChange={onOpenChange} title="Rate Beat" description={beat.title}>
      {ready ? (
        // Keyed so that the form starts from the saved rating once it has loaded.
        <RateForm
          key={initial ? 'rated' : 'new'}
          beat={beat}
          initial={initial}
          onDone={() => onOpenChange(false)}
        />
      ) : (
        <div role="status" aria-label="Loading your rating" className="flex justify-center py-10">
          <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-muted" />
        </div>
      )}
    </DialogShell>
  );
}
