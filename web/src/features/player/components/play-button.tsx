import type { PlayerBeat } from '@beatroom/shared/player-state';
import type { PreviewStatus } from '@beatroom/shared/beats-contract';
import { Ban, LoaderCircle, Pause, Play } from 'lucide-react';
import { useBeatPlayback } from '../hooks/use-beat-playback';

type PlayableBeat = PlayerBeat & { preview_status?: PreviewStatus };

/** The beats of a list that have something to stream (a preview not made yet is skipped). */
export function playableBeats(list: readonly PlayableBeat[]): PlayableBeat[] {
  return list.filter((listed) => listed.preview_status === undefined || listed.preview_status === 'ready');
}

const VARIANTS = {
  /**
   * On a beat card's cover, bottom right. It lifts in when the pointer is over the card (the
   * card is the `group`); `data-current` lets the card mark the beat the player holds.
   */
  card: {
    button:
      'absolute right-2 bottom-2 size-10 shadow-xl shadow-black/40 hover:scale-105 sm:right-2.5 sm:bottom-2.5 sm:size-12',
    idle: 'sm:translate-y-1 sm:opacity-90 sm:group-hover:translate-y-0 sm:group-hover:opacity-100',
    icon: 'size-5',
    playOffset: 'ml-0.5',
  },
  /** The first cell of a track-list row. */
  row: {
    button: 'size-9 shrink-0 hover:scale-105',
    idle: '',
    icon: 'size-4',
    playOffset: 'ml-0.5',
  },
  /** The big round button of the beat page's player. */
  page: {
    button: 'size-14 shrink-0 shadow-xl shadow-accent/30 hover:scale-105',
    idle: '',
    icon: 'size-6',
    playOffset: 'ml-1',
  },
} as const;

/**
 * Play / Pause for one beat through the app's one player. A beat whose preview is not made yet
 * has nothing to stream: the button stays, disabled, and says so.
 */
export function PlayButton({
  beat,
  variant,
  list,
}: {
  beat: PlayableBeat;
  variant: keyof typeof VARIANTS;
  /** The list the beat is shown in: playing it queues the list from this beat on. */
  list?: readonly PlayableBeat[];
}) {
  const { isPlaying, isCurrent, toggle } = useBeatPlayback(beat.id);
  const style = VARIANTS[variant];
  if (beat.preview_status !== undefined && beat.preview_status !== 'ready') {
    const processing = beat.preview_status !== 'failed';
    const label = processing ? 'Processing' : 'No preview';
    const Icon = processing ? LoaderCircle : Ban;
    const button = (
      <button
        type="button"
        disabled
        aria-label={`${beat.title}: ${label}`}
        title={processing ? 'The preview is being made: it plays once ready' : 'This beat has no preview'}
        className={`inline-flex cursor-not-allowed items-center justify-center rounded-full bg-fg/15 text-muted ${style.button}`}
      >
        <Icon
          aria-hidden="true"
          className={`${style.icon} ${processing ? 'animate-spin motion-reduce:animate-none' : ''}`}
        />
      </button>
    );
    if (variant !== 'page') return button;
    return (
      <span className="flex shrink-0 items-center gap-2">
        {button}
        <span aria-hidden="true" className="text-sm font-semibold text-amber-300">
          {label}
        </span>
      </span>
    );
  }
  return (
    <button
      type="button"
      onClick={() => toggle(beat, list ? playableBeats(list) : undefined)}
      aria-label={`${isPlaying ? 'Pause' : 'Play'} ${beat.title}`}
      data-current={isCurrent ? '' : undefined}
      className={`inline-flex items-center justify-center rounded-full bg-accent text-accent-fg transition hover:bg-accent-hover ${style.button} ${isPlaying ? '' : style.idle}`}
    >
      {isPlaying ? (
        <Pause aria-hidden="true" className={`${style.icon} fill-current`} />
      ) : (
        <Play aria-hidden="true" className={`${style.playOffset} ${style.icon} fill-current`} />
      )}
    </button>
  );
}
