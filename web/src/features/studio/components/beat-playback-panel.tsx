import { STUDIO_RANGES } from '@beatroom/shared/studio-settings';
import { Music, Pause, Play } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PanelSection } from '../../../components/ui/panel-section';
import { claimAudioFocus, createAudioFocusOwner, onAudioFocusLost } from '../../../lib/audio-focus';
import type { StudioAudio } from '../studio-audio';
import { useStudioStore } from '../store/studio-store';
import { percent, SliderField } from './slider-field';

/**
 * The beat on its own, to learn it before a take, and its volume (which also sets the beat's
 * level under the take and in the mix). It takes the app's audio focus, so the main player
 * pauses while the studio plays, and stops when anything else starts.
 */
export function BeatPlaybackPanel({
  audio,
  title,
  bpm,
  keySignature,
  disabled,
}: {
  audio: StudioAudio | null;
  title: string;
  bpm: number;
  keySignature: string | null;
  /** Recording or counting in: the beat belongs to the take. */
  disabled: boolean;
}) {
  const beatVolume = useStudioStore((state) => state.settings.beatVolume);
  const setSetting = useStudioStore((state) => state.setSetting);
  const [focus] = useState(() => createAudioFocusOwner('studio beat'));
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    if (!audio) return;
    const stopEnded = audio.onBeatEnded(() => setPlaying(false));
    const stopFocus = onAudioFocusLost(focus, () => {
      audio.pauseBeat();
      setPlaying(false);
    });
    return () => {
      stopEnded();
      stopFocus();
    };
  }, [audio, focus]);

  useEffect(() => {
    if (disabled) setPlaying(false);
  }, [disabled]);

  const toggle = () => {
    if (!audio) return;
    if (playing) {
      audio.pauseBeat();
      setPlaying(false);
      return;
    }
    claimAudioFocus(focus);
    audio.playBeat();
    setPlaying(audio.beatPlaying());
  };

  return (
    <PanelSection title="Beat" Icon={Music}>
      <div className="mt-3 flex items-center gap-4">
        <button
          type="button"
          onClick={toggle}
          disabled={!audio || disabled}
          aria-label={playing ? 'Pause beat' : 'Play beat'}
          className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-accent text-accent-fg hover:bg-accent-hover disabled:opacity-60"
        >
          {playing ? (
            <Pause aria-hidden="true" className="size-5 fill-current" />
          ) : (
            <Play aria-hidden="true" className="ml-0.5 size-5 fill-current" />
          )}
        </button>
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">{title}</p>
          <p className="text-sm text-muted tabular-nums">
            {bpm} BPM{keySignature ? ` · ${keySignature}` : ''}
          </p>
        </div>
      </div>
      <div className="mt-4">
        <SliderField
          label="Beat Volume"
          min={STUDIO_RANGES.beatVolume.min * 100}
          max={STUDIO_RANGES.beatVolume.max * 100}
          value={Math.round(beatVolume * 100)}
          format={(value) => percent(value / 100)}
          onChange={(value) => setSetting('beatVolume', value / 100)}
        />
      </div>
    </PanelSection>
  );
}
