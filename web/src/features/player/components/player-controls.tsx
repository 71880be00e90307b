import { ListMusic, Pause, Play, Repeat, Repeat1, Shuffle, SkipBack, SkipForward } from 'lucide-react';
import type { ComponentProps } from 'react';
import { usePlayerStore } from '../store/player-store';

const REPEAT_LABELS = { none: 'Repeat: off', all: 'Repeat: all', one: 'Repeat: one' } as const;

/** A round icon button of the bar; `active` marks a mode that is on (shuffle, repeat, queue). */
export function IconButton({
  className = '',
  active,
  ...props
}: ComponentProps<'button'> & { active?: boolean }) {
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

/** Play or pause the current beat (large in the full bar, small in the mini bar). */
export function PlayPauseButton({ size = 'lg' }: { size?: 'lg' | 'sm' }) {
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

/** The bar's transport: shuffle, previous, play/pause, next and repeat. */
export function TransportControls() {
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

/** Opens and closes the queue, with the number of beats in it. */
export function QueueToggle() {
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
