import { formatDuration } from '@beatroom/shared/format-numbers';
import type { QueueEntry } from '@beatroom/shared/player-state';
import { useQuery } from '@tanstack/react-query';
import {
  ChevronDown,
  ChevronUp,
  Download,
  ListMusic,
  Pause,
  Play,
  Repeat,
  Repeat1,
  Shuffle,
  SkipBack,
  SkipForward,
} from 'lucide-react';
import { lazy, Suspense, useCallback, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { WaveformSeekBar } from '../../../components/ui/waveform-seek-bar';
import { waveformQueryOptions } from '../api';
import { usePlayerStore } from '../store/player-store';
import { SystemMediaControls } from './system-media-controls';
import { VolumeControl } from './volume-control';
import { CoverArt } from '../../../components/ui/cover-art';
import { storedImage } from '../../../lib/stored-file';

// Dragging to reorder (dnd-kit) is the queue's alone: it loads when the queue first opens.
const QueuePanel = lazy(() => import('./queue-panel').then((m) => ({ default: m.QueuePanel })));

const REPEAT_LABELS = { none: 'Repeat: off', all: 'Repeat: all', one: 'Repeat: one' } as const;

function IconButton({ className = '', active, ...props }: ComponentProps<'button'> & { active?: boolean }) {
  return (
    <button
      type="button"
      className={`relative inline-flex size-9 shrink-0 items-center justify-center rounded-full transition-colors hover:bg-fg/10 hover:text-fg disabled:opacity-40 ${
        active ? 'text-accent' : 'text-muted'
      } ${className}`}
      {...props}
    />
  );
}

function PlayPauseButton({ size = 'lg' }: { size?: 'lg' | 'sm' }) {
  const isPlaying = usePlayerStore((state) => state.isPlaying);
  const togglePlay = usePlayerStore((state) => state.togglePlay);
  const Icon = isPlaying ? Pause : Play;
  return (
    <button
      type="button"
      onClick={togglePlay}
      aria-label={isPlaying ? 'Pause' : 'Play'}
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-accent text-accent-fg shadow-lg shadow-accent/30 transition-colors hover:bg-accent-hover ${
        size === 'lg' ? 'size-11' : 'size-9'
      }`}
    >
      <Icon aria-hidden="true" className={`${size === 'lg' ? 'size-5' : 'size-4'} fill-current`} />
    </button>
  );
}

/** The bar's thumbnail sizes, in px, and their classes. */
const COVER_CLASSES = { 36: 'size-9', 48: 'size-12' } as const;

function Cover({ beat, size }: { beat: QueueEntry; size: keyof typeof COVER_CLASSES }) {
  const image = storedImage(beat.cover_image_key);
  if (image) {
    // The 256 px WebP rendition for a thumbnail, not the 800 px original. The title
    // is written beside it: the picture itself says nothing more.
    return (
      <CoverArt
        src={image}
        sizes={`${size}px`}
        title={beat.title}
        alt=""
        className={`shrink-0 rounded-lg ${COVER_CLASSES[size]}`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={{ width: size, height: size }}
      className="inline-flex shrink-0 items-center justify-center rounded-lg bg-linear-to-br from-violet-600 to-indigo-700 text-lg font-bold text-white"
    >
      {beat.title.charAt(0).toUpperCase()}
    </span>
  );
}

function NowPlaying({ beat, coverSize }: { beat: QueueEntry; coverSize: keyof typeof COVER_CLASSES }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Cover beat={beat} size={coverSize} />
      <div className="min-w-0">
        <Link to={`/beat/${beat.id}`} className="block truncate text-sm font-semibold hover:underline">
          {beat.title}
        </Link>
        <Link
          to={`/profile/${beat.user_id}`}
          className="block truncate text-xs text-muted hover:text-fg hover:underline"
        >
          {beat.producer_name}
        </Link>
      </div>
    </div>
  );
}

function SeekRow({ beat }: { beat: QueueEntry }) {
  const currentTime = usePlayerStore((state) => state.currentTime);
  const duration = usePlayerStore((state) => state.duration);
  const seek = usePlayerStore((state) => state.seek);
  const waveform = useQuery(waveformQueryOptions(beat.id));
  const total = duration || beat.duration_seconds || 0;

  return (
    <div className="flex w-full items-center gap-2 text-xs text-muted numeric">
      <span role="timer" aria-label="Current time" className="w-10 shrink-0 text-right">
        {formatDuration(currentTime)}
      </span>
      <WaveformSeekBar
        peaks={waveform.data?.peaks}
        currentTime={currentTime}
        duration={total}
        onSeek={seek}
        label="Seek"
        className="h-8 flex-1"
      />
      <span role="timer" aria-label="Total time" className="w-10 shrink-0">
        {formatDuration(total)}
      </span>
    </div>
  );
}

function QueueToggle() {
  const count = usePlayerStore((state) => state.queue.length);
  const queueOpen = usePlayerStore((state) => state.queueOpen);
  const setQueueOpen = usePlayerStore((state) => state.setQueueOpen);
  return (
    <IconButton
      onClick={() => setQueueOpen(!queueOpen)}
      aria-label={`Queue (${count})`}
      aria-expanded={queueOpen}
      aria-controls={queueOpen ? 'player-queue' : undefined}
      active={queueOpen}
    >
      <ListMusic aria-hidden="true" className="size-[18px]" />
      <span className="absolute -top-0.5 -right-0.5 inline-flex h-4 min-w-4 items-center justify-center rounded-full bg-accent px-1 text-[10px] font-bold text-accent-fg numeric">
        {count}
      </span>
    </IconButton>
  );
}

function TransportControls() {
  const shuffle = usePlayerStore((state) => state.shuffle);
  const repeat = usePlayerStore((state) => state.repeat);
  const toggleShuffle = usePlayerStore((state) => state.toggleShuffle);
  const cycleRepeat = usePlayerStore((state) => state.cycleRepeat);
  const previous = usePlayerStore((state) => state.previous);
  const next = usePlayerStore((state) => state.next);
  const RepeatIcon = repeat === 'one' ? Repeat1 : Repeat;

  return (
    <div className="flex items-center justify-center gap-1 sm:gap-2">
      <IconButton onClick={toggleShuffle} aria-label="Shuffle" aria-pressed={shuffle} active={shuffle}>
        <Shuffle aria-hidden="true" className="size-[18px]" />
      </IconButton>
      <IconButton onClick={previous} aria-label="Previous">
        <SkipBack aria-hidden="true" className="size-5 fill-current" />
      </IconButton>
      <PlayPauseButton />
      <IconButton onClick={next} aria-label="Next">
        <SkipForward aria-hidden="true" className="size-5 fill-current" />
      </IconButton>
      <IconButton onClick={cycleRepeat} aria-label={REPEAT_LABELS[repeat]} active={repeat !== 'none'}>
        <RepeatIcon aria-hidden="true" className="size-[18px]" />
      </IconButton>
    </div>
  );
}

/**
 * The bar's download control, from the purchase feature (app/ composes it in: the download flow).
 * Without one the bar leads to the beat page, where buying and downloading live.
 */
export type RenderDownloadButton = (beat: QueueEntry) => ReactNode;

/** The fallback: the beat page, where licences and downloads are. */
function DownloadLink({ beat }: { beat: QueueEntry }) {
  return (
    <Link
      to={`/beat/${beat.id}`}
      aria-label={`Download ${beat.title}`}
      title="Download or license this beat"
      className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-muted transition-colors hover:bg-fg/10 hover:text-fg"
    >
      <Download aria-hidden="true" className="size-[18px]" />
    </Link>
  );
}

/** The bar's height, so a spacer keeps the page's last content above the fixed bar. */
function useElementHeight() {
  const [height, setHeight] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((element: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    const measure = () => setHeight(element.getBoundingClientRect().height);
    measure();
    observer.current = new ResizeObserver(measure);
    observer.current.observe(element);
  }, []);
  return [ref, height] as const;
}

function MiniProgress() {
  const currentTime = usePlayerStore((state) => state.currentTime);
  const duration = usePlayerStore((state) => state.duration);
  const progress = duration > 0 ? Math.min(100, (currentTime / duration) * 100) : 0;
  return (
    <div aria-hidden="true" className="h-0.5 bg-fg/10">
      <div className="h-full bg-accent" style={{ width: `${progress}%` }} />
    </div>
  );
}

function MiniTime({ beat }: { beat: QueueEntry }) {
  const currentTime = usePlayerStore((state) => state.currentTime);
  const duration = usePlayerStore((state) => state.duration);
  return (
    <span className="hidden text-xs text-muted numeric sm:inline">
      {formatDuration(currentTime)} / {formatDuration(duration || beat.duration_seconds)}
    </span>
  );
}

/**
 * The persistent player at the bottom of every page: full bar or mini bar,
 * shown while the queue holds something.
 */
export function PlayerBar({ renderDownloadButton }: { renderDownloadButton?: RenderDownloadButton } = {}) {
  const beat = usePlayerStore((state) => state.currentBeat);
  const showPlayer = usePlayerStore((state) => state.showPlayer);
  const collapsed = usePlayerStore((state) => state.collapsed);
  const queueOpen = usePlayerStore((state) => state.queueOpen);
  const setCollapsed = usePlayerStore((state) => state.setCollapsed);
  const [barRef, height] = useElementHeight();

  if (!showPlayer || !beat) return null;

  return (
    <>
      <div aria-hidden="true" style={{ height }} className="shrink-0" />
      {queueOpen && !collapsed ? (
        <Suspense fallback={null}>
          <QueuePanel bottomOffset={height} />
        </Suspense>
      ) : null}
      <SystemMediaControls />
      <section
        ref={barRef}
        aria-label="Audio player"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-elevated/90 pb-[env(safe-area-inset-bottom)] shadow-[0_-12px_40px_-12px_rgb(0_0_0/0.5)] backdrop-blur-xl"
      >
        {collapsed ? (
          <>
            <MiniProgress />
            <div className="mx-auto flex max-w-screen-2xl items-center gap-2 px-3 py-2 sm:px-6">
              <div className="min-w-0 flex-1">
                <NowPlaying beat={beat} coverSize={36} />
              </div>
              <MiniTime beat={beat} />
              <PlayPauseButton size="sm" />
              <IconButton onClick={() => usePlayerStore.getState().next()} aria-label="Next">
                <SkipForward aria-hidden="true" className="size-[18px] fill-current" />
              </IconButton>
              <IconButton onClick={() => setCollapsed(false)} aria-label="Expand player">
                <ChevronUp aria-hidden="true" className="size-5" />
              </IconButton>
            </div>
          </>
        ) : (
          <div className="mx-auto grid max-w-screen-2xl grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1.5 px-3 py-2.5 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_minmax(0,1fr)] lg:gap-x-6 lg:px-8">
            <div className="order-1 min-w-0">
              <NowPlaying beat={beat} coverSize={48} />
            </div>
            <div className="order-2 flex items-center justify-end gap-0.5 lg:order-3">
              <VolumeControl sliderClassName="hidden sm:block" />
              {renderDownloadButton ? renderDownloadButton(beat) : <DownloadLink beat={beat} />}
              <QueueToggle />
              <IconButton onClick={() => setCollapsed(true)} aria-label="Collapse player">
                <ChevronDown aria-hidden="true" className="size-5" />
              </IconButton>
            </div>
            <div className="order-3 col-span-2 flex min-w-0 flex-col items-center gap-1 lg:order-2 lg:col-span-1">
              <TransportControls />
              <SeekRow beat={beat} />
            </div>
          </div>
        )}
      </section>
    </>
  );
}
