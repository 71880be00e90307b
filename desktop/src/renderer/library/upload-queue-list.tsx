import type { UploadQueueItem, UploadState } from '@beatroom/shared/ipc-uploads-contract';
import { formatTimeAgo } from '@beatroom/shared/format-dates';
import { CircleAlert, CircleCheck, RotateCcw, X } from 'lucide-react';

const STATE_LABELS: Record<UploadState, string> = {
  queued: 'Waiting to upload',
  uploading_audio: 'Uploading audio',
  uploading_cover: 'Uploading cover',
  creating: 'Creating beat',
  done: 'Uploaded',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

const smallButton =
  'inline-flex h-8 items-center gap-1.5 rounded-full border border-line px-3 text-sm font-medium transition-colors hover:bg-fg/10 disabled:opacity-60';

function UploadRow({
  item,
  onRetry,
  onCancel,
  onOpen,
}: {
  item: UploadQueueItem;
  onRetry: () => void;
  onCancel: () => void;
  onOpen: () => void;
}) {
  const finished = item.state === 'done';
  const failed = item.state === 'failed';
  return (
    <li className="rounded-xl border border-line bg-surface/70 p-3">
      <div className="flex flex-wrap items-center gap-3">
        {finished ? (
          <CircleCheck aria-hidden="true" className="size-5 text-emerald-400" />
        ) : failed ? (
          <CircleAlert aria-hidden="true" className="size-5 text-red-400" />
        ) : null}
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">{item.title}</p>
          <p className="truncate text-xs text-muted">
            {item.audioName}
            {item.coverName ? ` · ${item.coverName}` : ''} · queued {formatTimeAgo(item.createdAt)}
          </p>
        </div>
        <span className="text-sm text-muted">{STATE_LABELS[item.state]}</span>
        {finished && item.beatId ? (
          <button type="button" className={smallButton} onClick={onOpen}>
            View beat
          </button>
        ) : null}
        {failed ? (
          <button type="button" className={smallButton} onClick={onRetry}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Retry
          </button>
        ) : null}
        {!finished ? (
          <button
            type="button"
            className={smallButton}
            onClick={onCancel}
            aria-label={`Cancel upload of ${item.title}`}
          >
            <X aria-hidden="true" className="size-4" />
            Cancel
          </button>
        ) : null}
      </div>
      {!finished ? (
        <div
          role="progressbar"
          aria-label={`Upload of ${item.title}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={item.progress}
          className="mt-3 h-1.5 overflow-hidden rounded-full bg-fg/10"
        >
          <div
            className="h-full rounded-full bg-accent transition-[width]"
            style={{ width: `${item.progress}%` }}
          />
        </div>
      ) : null}
      {item.error ? (
        <p className="mt-2 text-sm text-red-400">
          {item.error}
          {item.nextAttemptAt ? (
            <>
              {' Beatroom will try again by itself at '}
              <time dateTime={item.nextAttemptAt}>{new Date(item.nextAttemptAt).toLocaleTimeString()}</time>.
            </>
          ) : (
            ''
          )}
        </p>
      ) : null}
    </li>
  );
}

/** The upload queue: progress of each upload, retry for failed ones, cancel for unfinished ones. */
export function UploadQueueList({
  items,
  onRetry,
  onCancel,
  onOpenBeat,
}: {
  items: UploadQueueItem[];
  onRetry: (id: string) => void;
  onCancel: (id: string) => void;
  onOpenBeat: (beatId: string) => void;
}) {
  if (items.length === 0) return <p className="text-sm text-muted">No uploads waiting.</p>;
  return (
    <ul className="flex flex-col gap-2">
      {items.map((item) => (
        <UploadRow
          key={item.id}
          item={item}
          onRetry={() => onRetry(item.id)}
          onCancel={() => onCancel(item.id)}
          onOpen={() => item.beatId && onOpenBeat(item.beatId)}
        />
      ))}
    </ul>
  );
}
