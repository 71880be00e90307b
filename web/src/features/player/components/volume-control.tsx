import { Volume1, Volume2, VolumeX } from 'lucide-react';
import { usePlayerStore } from '../store/player-store';

export interface VolumeControlProps {
  /** Hide the slider below this breakpoint's width (phones keep the mute button). */
  sliderClassName?: string;
  className?: string;
}

/** Mute button (remembering the volume) and a 0-100 volume slider, bound to the player. */
export function VolumeControl({ sliderClassName = '', className = '' }: VolumeControlProps) {
  const volume = usePlayerStore((state) => state.volume);
  const setVolume = usePlayerStore((state) => state.setVolume);
  const toggleMute = usePlayerStore((state) => state.toggleMute);
  const muted = volume === 0;
  const Icon = muted ? VolumeX : volume < 0.5 ? Volume1 : Volume2;

  return (
    <div className={`flex items-center gap-1.5 ${className}`}>
      <button
        type="button"
        onClick={toggleMute}
        aria-label={muted ? 'Unmute' : 'Mute'}
        aria-pressed={muted}
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-muted transition-colors hover:bg-fg/10 hover:text-fg"
      >
        <Icon aria-hidden="true" className="size-[18px]" />
      </button>
      <input
        type="range"
        min={0}
        max={100}
        step={1}
        value={Math.round(volume * 100)}
        onChange={(event) => setVolume(Number(event.target.value) / 100)}
        aria-label="Volume"
        aria-valuetext={`${Math.round(volume * 100)}%`}
        className={`h-1.5 w-24 cursor-pointer accent-accent ${sliderClassName}`}
      />
    </div>
  );
}
