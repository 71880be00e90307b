import { CircleAlert } from 'lucide-react';
import { Button } from './button';

export interface ErrorStateProps {
  /** What could not be loaded, e.g. "Beats could not be loaded". */
  title: string;
  message?: string;
  /** The button's text; it is Retry in some places and Try again in others. */
  retryLabel?: string;
  onRetry: () => void;
  /** A retry is under way: the button waits for it. */
  retrying?: boolean;
  /** The page's own heading (a page that failed as a whole) rather than a panel's line. */
  isPageTitle?: boolean;
  /** Inside a panel or dialog: smaller, no dashed frame. */
  compact?: boolean;
}

/** Something failed to load: what, what to do about it, and a way to try again. */
export function ErrorState({
  title,
  message = 'Check your connection and try again.',
  retryLabel = 'Try again',
  onRetry,
  retrying = false,
  isPageTitle = false,
  compact = false,
}: ErrorStateProps) {
  const Title = isPageTitle ? 'h1' : 'p';
  return (
    <div
      role="alert"
      className={
        compact
          ? 'flex flex-col items-center gap-1 rounded-2xl border border-line bg-fg/5 p-4 text-center'
          : 'flex flex-col items-center gap-2 rounded-3xl border border-dashed border-line px-6 py-14 text-center'
      }
    >
      <CircleAlert aria-hidden="true" className={`text-red-400 ${compact ? 'size-6' : 'size-8'}`} />
      <Title className={compact ? 'font-semibold' : 'text-xl font-semibold'}>{title}</Title>
      <p className="text-sm text-muted">{message}</p>
      <Button
        variant="secondary"
        size={compact ? 'sm' : 'md'}
        className="mt-2"
        onClick={onRetry}
        disabled={retrying}
      >
        {retryLabel}
      </Button>
    </div>
  );
}
