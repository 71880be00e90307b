import {
  positionAt,
  type CollabSessionData,
  type Participant,
  type Track,
} from '@beatroom/shared/collab-sessions-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Circle, Square } from 'lucide-react';
import { useRef, useState, type RefObject } from 'react';
import { serverErrorText } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import {
  addTake,
  collabKeys,
  receiveCollabEvent,
  sendTrackSettings,
  startTake,
  uploadSessionRecording,
} from '../api';
import type { CollabAudio } from '../collab-audio';
import { useLiveTake } from '../hooks/use-live-take';
import { useCollabLiveStore } from '../store/collab-live-store';

/** The microphone could not open (the studio's text). */
const NO_MICROPHONE = 'Unable to access microphone. Please check your permissions.';

const toggleClasses = (on: boolean) =>
  `h-6 rounded px-1.5 text-[11px] font-semibold disabled:opacity-40 ${
    on ? 'bg-accent text-white' : 'bg-fg/10 text-muted hover:bg-fg/20'
  }`;

/** The track's on/off mix settings and their buttons' texts. */
const MIX_TOGGLES = [
  ['muted', 'Mute'],
  ['solo', 'Solo'],
] as const;

export interface TrackHeaderProps {
  sessionId: string;
  track: Track;
  /** The track's name on the timeline: its number and who records on it. */
  name: string;
  participant: Participant | null;
  data: CollabSessionData;
  /** This member's own track: the only one with a record control. */
  mine: boolean;
  /** The track's member, or the host (the mix is theirs). */
  canMix: boolean;
  beatId: string | null;
  beatReady: boolean;
  audio: RefObject<CollabAudio | null>;
  sessionName: string;
  onRecording: (recording: boolean) => void;
}

/**
 * A session track's header on the timeline: who records on it, its mix (volume, mute, solo: its
 * member's or the host's to change) and, on the member's own track only, Record. A take starts
 * where the session's transport stands: the server stamps that place as the recorder starts, and
 * the take, once uploaded, is added there for everyone.
 */
export function TrackHeader(props: TrackHeaderProps) {
  const { sessionId, track, data, audio } = props;
  const settings = data.track_settings[track];
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<'idle' | 'recording' | 'saving'>('idle');
  const [progress, setProgress] = useState(0);
  const stamp = useRef<Promise<unknown> | null>(null);
  const live = useLiveTake(sessionId, props.mine ? (props.participant?.user_id ?? null) : null, track, audio);
  const mix = useMutation({
    mutationFn: (change: Partial<typeof settings>) => sendTrackSettings(sessionId, track, change),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: collabKeys.state(sessionId) }),
  });

  async function record() {
    const serverNow = Date.now() + useCollabLiveStore.getState().clockOffsetMs;
    let heard: number;
    try {
      heard = await audio.current!.startRecording(positionAt(data, serverNow));
    } catch {
      showToast({ type: 'error', title: NO_MICROPHONE });
      return;
    }
    setPhase('recording');
    props.onRecording(true);
    // Where this member heard the take start travels with the request: the server's stamp
    // alone would come late by the request's way there.
    const started = startTake(sessionId, track, heard);
    // Kept as a promise: a failed stamp is reported when the take is saved.
    started.catch(() => undefined);
    stamp.current = started;
    started
      .then((placed) => stamp.current === started && live.begin(placed.start_seconds))
      .catch(() => undefined);
  }

  async function stop() {
    setPhase('saving');
    props.onRecording(false);
    live.saving();
    let landed = false;
    try {
      const blob = await audio.current!.stopRecording();
      await stamp.current;
      const saved = await uploadSessionRecording({
        beatId: props.beatId!,
        name: `${props.sessionName} - Track ${track}`,
        audio: blob,
        filename: 'take.webm',
        onProgress: setProgress,
      });
      const added = await addTake(sessionId, { recording_id: saved.id, track });
      // On this page at once, as the live event would (which then changes nothing).
      receiveCollabEvent(queryClient, { type: 'take', session_id: sessionId, take: added });
      landed = true;
      showToast({ type: 'success', title: `Take saved on track ${track}` });
    } catch (error) {
      showToast({
        type: 'error',
        title: 'Failed to save recording. Please try again.',
        message: serverErrorText(error) ?? undefined,
      });
    } finally {
      live.end(!landed);
      stamp.current = null;
      setPhase('idle');
      setProgress(0);
    }
  }

  const label = `Track ${track}`;
  return (
    <div className="flex min-w-0 flex-col gap-1 text-[11px]">
      <div className="flex items-center gap-1">
        <span className="min-w-0 flex-1 truncate text-sm font-medium" title={props.name}>
          {props.participant ? props.participant.user_name : label}
        </span>
        {MIX_TOGGLES.map(([field, text]) => (
          <button
            key={field}
            type="button"
            aria-pressed={settings[field]}
            disabled={!props.canMix}
            className={toggleClasses(settings[field])}
            onClick={() => mix.mutate({ [field]: !settings[field] })}
          >
            {text}
            <span className="sr-only"> {label}</span>
          </button>
        ))}
      </div>
      <div className="flex items-center gap-2 text-muted">
        <input
          type="range"
          min={0}
          max={100}
          value={Math.round(settings.volume * 100)}
          disabled={!props.canMix}
          aria-label={`${label} volume`}
          className="min-w-0 flex-1 accent-[var(--color-accent)]"
          onChange={(event) => mix.mutate({ volume: Number(event.target.value) / 100 })}
        />
        {props.mine ? (
          phase === 'saving' ? (
            <span role="status" className="shrink-0">
              Saving take… {Math.round(progress * 100)}%
            </span>
          ) : phase === 'recording' ? (
            <button type="button" className={toggleClasses(true)} onClick={() => void stop()}>
              <Square aria-hidden="true" className="mr-0.5 inline size-3" />
              Stop
            </button>
          ) : (
            <button
              type="button"
              className={toggleClasses(false)}
              onClick={() => void record()}
              disabled={!props.beatReady || !props.beatId}
            >
              <Circle aria-hidden="true" className="mr-0.5 inline size-3 fill-red-500 text-red-500" />
              Record
            </button>
          )
        ) : null}
      </div>
    </div>
  );
}
