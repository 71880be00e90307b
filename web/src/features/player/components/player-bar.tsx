import type { QueueEntry } from '@beatroom/shared/player-state';
import { ChevronDown, ChevronUp, Download, SkipForward } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useElementHeight } from '../hooks/use-element-height';
import { usePlayerStore } from '../store/player-store';
import { NowPlaying } from './now-playing';
import { IconButton, PlayPauseButton, QueueToggle, TransportControls } from './player-controls';
import { MiniProgress, MiniTime, SeekRow } from './player-progress';
import { SystemMediaControls } from './system-media-controls';
import { VolumeControl } from './volume-control';

// Dragging to reorder (dnd-kit) is the queue's alone: it loads when the queue first opens.
const QueuePanel = lazy(() => import('./queue-panel').then((m) => ({ default: m.QueuePanel })));

/**
 * The bar's download control, from the purchase feature (app/ composes it in: the download flow).
 * Without one the bar leads to the beat page, where buying and downloading live.
 */
export type RenderDownloadButton = (beat: QueueEntry) => ReactNode;

/**
 * Beside the current beat in the full bar: Add to cart, from the cart feature (app/ composes it
 * in). Without one there is none; the Download control still leads to buying.
 */
export type RenderCartButton = (beat: QueueEntry) => ReactNode;

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

/**
 * The persistent player at the bottom of every page: full bar or mini bar,
 * shown while the queue holds something.
 */
export function PlayerBar({
  renderDownloadButton,
  renderCartButton,
}: { renderDownloadButton?: RenderDownloadButton; renderCartButton?: RenderCartButton } = {}) {
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
            <div className="order-1 flex min-w-0 items-center gap-2">
              <div className="min-w-0">
                <NowPlaying beat={beat} coverSize={48} />
              </div>
              {renderCartButton?.(beat)}
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
