import { formatDate, formatTimeAgo } from '@beatroom/shared/format-dates';
import { formatPriceIn } from '@beatroom/shared/format-money';
import type { Currency } from '@beatroom/shared/money-constants';
import { formatDuration, formatNumber } from '@beatroom/shared/format-numbers';
import {
  LIBRARY_SORTS,
  type LibraryBeat,
  type LibrarySort,
  type SavedFile,
} from '@beatroom/shared/ipc-library-contract';
import type { LibraryScreenProps } from '@beatroom/web/platform';
import { FolderOpen, Music2, RefreshCw, Search, SquareArrowOutUpRight } from 'lucide-react';
import { useState } from 'react';
import { MicrophonePanel } from '../microphone/microphone-panel';
import { UploadForm } from './upload-form';
import { UploadQueueList } from './upload-queue-list';
import { useLibrary } from './use-library';

const control =
  'h-10 rounded-full border border-line bg-surface/70 px-4 text-sm outline-none focus-visible:ring-2 focus-visible:ring-accent';
const smallButton =
  'inline-flex h-8 items-center gap-1.5 rounded-full border border-line px-3 text-sm font-medium transition-colors hover:bg-fg/10 disabled:opacity-50';

function BeatTile({ beat, onOpen, currency }: { beat: LibraryBeat; onOpen: () => void; currency: Currency }) {
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="group flex w-full flex-col overflow-hidden rounded-2xl border border-line bg-surface/70 text-left transition-colors hover:border-accent/60"
      >
        <span className="relative aspect-square w-full bg-linear-to-br from-violet-700/40 to-indigo-800/40">
          {beat.coverUrl ? (
            <img src={beat.coverUrl} alt={`Cover of ${beat.title}`} className="size-full object-cover" />
          ) : (
            <span className="flex size-full items-center justify-center text-5xl font-black text-fg/40">
              {beat.title.slice(0, 1).toUpperCase()}
            </span>
          )}
        </span>
        <span className="flex flex-col gap-0.5 p-3">
          <span className="truncate font-semibold">{beat.title}</span>
          <span className="truncate text-xs text-muted">
            {beat.genre}
            {beat.bpm ? ` · ${beat.bpm} BPM` : ''}
            {beat.duration_seconds ? ` · ${formatDuration(beat.duration_seconds)}` : ''}
          </span>
          <span className="flex justify-between text-xs text-muted numeric">
            <span>{formatPriceIn(beat.is_free ? 0 : beat.price_cents, currency)}</span>
            <span>{formatNumber(beat.play_count)} plays</span>
          </span>
        </span>
      </button>
    </li>
  );
}

function SavedFileRow({
  file,
  onOpen,
  onReveal,
}: {
  file: SavedFile;
  onOpen: () => void;
  onReveal: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-surface/70 px-3 py-2">
      <Music2 aria-hidden="true" className="size-4 text-muted" />
      <span className="min-w-0 flex-1 truncate">{file.name}</span>
      <span className="text-xs text-muted">{formatDate(file.savedAt)}</span>
      {file.exists ? (
        <>
          <button type="button" className={smallButton} onClick={onOpen}>
            <SquareArrowOutUpRight aria-hidden="true" className="size-4" />
            Open
          </button>
          <button type="button" className={smallButton} onClick={onReveal}>
            <FolderOpen aria-hidden="true" className="size-4" />
            Show in folder
          </button>
        </>
      ) : (
        <span className="text-xs text-muted">Moved or deleted</span>
      )}
    </li>
  );
}

/**
 * /library in the desktop app: the producer's own beats as last mirrored (works offline),
 * search and sort, a beat opens its page in the app; files saved from the app, opened or shown
 * in their folder; the upload queue with progress, retry and cancel; and the microphone's state.
 */
export function LibraryScreen({ library, openBeat, microphone, currency }: LibraryScreenProps) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<LibrarySort>('newest');
  const { listing, uploads, sync, syncing, syncNow } = useLibrary(library, search, sort);
  const beats = listing?.beats ?? [];
  const syncedAt = sync?.syncedAt ?? listing?.syncedAt ?? null;

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-wrap items-end gap-4">
        <div className="flex-1">
          <h1 className="text-3xl font-bold tracking-tight">Library</h1>
          <p className="text-sm text-muted">
            {syncedAt
              ? `Your beats as of ${formatTimeAgo(syncedAt)}.`
              : 'Your beats appear here after the first sync.'}
            {sync?.error ? ` ${sync.error}` : ''}
          </p>
        </div>
        <button type="button" className={smallButton} onClick={() => void syncNow()} disabled={syncing}>
          <RefreshCw aria-hidden="true" className={`size-4 ${syncing ? 'animate-spin' : ''}`} />
          {syncing ? 'Syncing…' : 'Sync now'}
        </button>
      </header>

      <section aria-labelledby="library-uploads" className="flex flex-col gap-3">
        <h2 id="library-uploads" className="text-lg font-semibold">
          Uploads
        </h2>
        <UploadForm library={library} currency={currency} />
        <UploadQueueList
          items={uploads}
          onRetry={(id) => void library.retryUpload(id)}
          onCancel={(id) => void library.cancelUpload(id)}
          onOpenBeat={openBeat}
        />
      </section>

      <section aria-labelledby="library-beats" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="library-beats" className="flex-1 text-lg font-semibold">
            My Beats ({beats.length})
          </h2>
          <label className="relative">
            <span className="sr-only">Search your library</span>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-3 left-3 size-4 text-muted"
            />
            <input
              type="search"
              className={`${control} pl-9`}
              placeholder="Search title, genre, mood…"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </label>
          <label>
            <span className="sr-only">Sort</span>
            <select
              className={control}
              value={sort}
              onChange={(event) => setSort(event.target.value as LibrarySort)}
            >
              {LIBRARY_SORTS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        </div>
        {listing === null ? (
          <ul aria-hidden="true" className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
            {Array.from({ length: 8 }, (_, i) => (
              <li key={i} className="aspect-[4/5] animate-pulse rounded-2xl bg-fg/10" />
            ))}
          </ul>
        ) : beats.length === 0 ? (
          <p className="text-sm text-muted">{search ? 'No beats found' : 'No beats uploaded yet'}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
            {beats.map((beat) => (
              <BeatTile key={beat.id} beat={beat} onOpen={() => openBeat(beat.id)} currency={currency} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="library-microphone" className="flex flex-col gap-3">
        <h2 id="library-microphone" className="text-lg font-semibold">
          Microphone
        </h2>
        <MicrophonePanel microphone={microphone} />
      </section>

      <section aria-labelledby="library-saved" className="flex flex-col gap-3">
        <h2 id="library-saved" className="text-lg font-semibold">
          Saved files
        </h2>
        {listing && listing.savedFiles.length > 0 ? (
          <ul className="flex flex-col gap-2">
            {listing.savedFiles.map((file) => (
              <SavedFileRow
                key={file.id}
                file={file}
                onOpen={() => void library.openFile(file.id)}
                onReveal={() => void library.revealFile(file.id)}
              />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">Files you download in the app are listed here.</p>
        )}
      </section>
    </div>
  );
}
