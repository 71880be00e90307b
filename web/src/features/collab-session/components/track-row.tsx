import type {
  CollabTake,
  Participant,
  Track,
  TrackSettings,
} from '@beatroom/shared/collab-sessions-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Circle, Square } from 'lucide-react';
import { useState, type RefObject } from 'react';
import { Button } from '../../../components/ui/button';
import { serverErrorText } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import { addTake, collabKeys, sendTrackSettings, uploadSessionRecording } from '../api';
import type { CollabAudio } from '../collab-audio';

/** The microphone could not open (the studio's text). */
const NO_MICROPHONE = 'Unable to access microphone. Please check your permissions.';

/**
 * One of the four tracks: who is on it, its take, its mix (volume, mute, solo: its member's or
 * the host's to change) and, on the member's own track only, Record.
 */
export function TrackRow({
  sessionId,
  track,
  settings,
  participant,
  take,
  mine,
  canMix,
  beatId,
  beatReady,
  audio,
  sessionName,
  onRecording,
}: {
  sessionId: string;
  track: Track;
  settings: TrackSettings;
  participant: Participant | null;
  take: CollabTake | null;
  mine: boolean;
  canMix: boolean;
  beatId: string | null;
  beatReady: boolean;
  audio: RefObject<CollabAudio | null>;
  sessionName: string;
  onRecording: (recording: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<'idle' | 'recording' | 'saving'>('idle');
  const [progress, setProgress] = useState(0);
  const mix = useMutation({
    mutationFn: (change: Partial<TrackSettings>) => sendTrackSettings(sessionId, track, change),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: collabKeys.state(sessionId) }),
  });

  async function record() {
    try {
      await audio.current!.startRecording();
      setPhase('recording');
      onRecording(true);
    } catch {
      showToast({ type: 'error', title: NO_MICROPHONE });
    }
  }

  async function stop() {
    setPhase('saving');
    onRecording(false);
    try {
      const blob = await audio.current!.stopRecording();
      const saved = await uploadSessionRecording({
        beatId: beatId!,
        name: `${sessionName} - Track ${track}`,
        audio: blob,
        filename: 'take.webm',
        onProgress: setProgress,
      });
      await addTake(sessionId, saved.id);
      showToast({ type: 'success', title: `Take saved on track ${track}` });
    } catch (error) {
      showToast({
        type: 'error',
        title: 'Failed to save recording. Please try again.',
        message: serverErrorText(error) ?? undefined,
      });
    } finally {
      setPhase('idle');
      setProgress(0);
    }
  }

  const label = `Track ${track}`;
  return (
    <li
      aria-label={label}
      className={`flex flex-wrap items-center gap-3 rounded-2xl border p-3 ${mine ? 'border-accent/60 bg-accent/5' : 'border-line'}`}
    >
      <div className="flex w-40 min-w-0 flex-col">
        <span className="text-xs font-semibold text-muted uppercase">{label}</span>
        <span className="truncate text-sm font-medium">{participant ? participant.user_name : 'Open'}</span>
        <span className="truncate text-xs text-muted">{take ? take.recording_name : 'No take yet'}</span>
      </div>
      <label className="flex items-center gap-2 text-xs">
        Volume
        <input
          type="range"
          min={0}
          max={100}
          value={Math.round(settings.volume * 100)}
          disabled={!canMix}
          aria-label={`${label} volume`}
          onChange={(event) => mix.mutate({ volume: Number(event.target.value) / 100 })}
        />
      </label>
      <Button
        size="sm"
        variant={settings.muted ? 'primary' : 'ghost'}
        aria-pressed={settings.muted}
        disabled={!canMix}
        onClick={() => mix.mutate({ muted: !settings.muted })}
      >
        Mute<span className="sr-only"> {label}</span>
      </Button>
      <Button
        size="sm"
        variant={settings.solo ? 'primary' : 'ghost'}
        aria-pressed={settings.solo}
        disabled={!canMix}
        onClick={() => mix.mutate({ solo: !settings.solo })}
      >
        Solo<span className="sr-only"> {label}</span>
      </Button>
      {mine ? (
        <div className="ml-auto flex items-center gap-2">
          {phase === 'saving' ? (
            <span role="status" className="text-xs text-muted">
              Saving take… {Math.round(progress * 100)}%
            </span>
          ) : phase === 'recording' ? (
            <Button size="sm" onClick={() => void stop()}>
              <Square aria-hidden="true" className="size-3.5" />
              Stop
            </Button>
          ) : (
            <Button size="sm" onClick={() => void record()} disabled={!beatReady || !beatId}>
              <Circle aria-hidden="true" className="size-3.5 fill-red-500 text-red-500" />
              Record
            </Button>
          )}
        </div>
      ) : null}
    </li>
  );
}
