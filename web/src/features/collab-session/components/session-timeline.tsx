import type { CollabSessionState, Track } from '@beatroom/shared/collab-sessions-contract';
import type { Arrangement, ArrangementClip, ArrangementTrack } from '@beatroom/shared/studio-arrangement';
import { STUDIO_AUDIO } from '@beatroom/shared/studio-settings';
import { useCallback, useEffect, useState, type ComponentType, type ReactNode, type RefObject } from 'react';
import type { CollabAudio, Peaks } from '../collab-audio';
import { sessionTrackOf } from '../session-arrangement';
import { LiveRecordingClips } from './live-recording-clip';
import { TrackHeader, type TrackHeaderProps } from './track-header';
import { formatPosition } from './transport-bar';

/**
 * What the page hands the studio's timeline (app/ composes it in): the session as an
 * arrangement, shown as it is; each track's header is the session's own. The timeline edits
 * nothing itself: a member's move or deletion of a take goes to the server (`edits`), and the
 * takes then sit where the server placed them.
 */
export interface SessionTimelineProps {
  arrangement: Arrangement;
  bpm: number;
  beatDuration: number;
  beatPeaks: Peaks | null;
  peaks: Record<string, Peaks>;
  /** Where the transport stands while nothing plays. */
  playhead: number;
  /** Where this member's player is while it plays, else null. */
  position: () => number | null;
  trackHeader: (track: ArrangementTrack) => ReactNode;
  /** Beside the title. */
  controls?: ReactNode;
  /** Over each track's lanes: the takes being recorded there, which change on their own. */
  laneExtras: (track: ArrangementTrack, geometry: { pxPerSecond: number; laneHeight: number }) => ReactNode;
  /** The clips this member may move (their own takes) or delete (their own; the host: any). */
  edits: {
    canMove: (clip: ArrangementClip) => boolean;
    canDelete: (clip: ArrangementClip) => boolean;
    onMove: (clip: ArrangementClip, start: number) => void;
    onDelete: (clip: ArrangementClip) => void;
  };
}

export type SessionTimelineComponent = ComponentType<SessionTimelineProps>;

/** Where this member's player is, as heard: it follows the host's transport. */
function PlayheadReadout({ audio }: { audio: RefObject<CollabAudio | null> }) {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setSeconds(audio.current?.position() ?? 0), 250);
    return () => clearInterval(timer);
  }, [audio]);
  return (
    <span className="text-sm text-muted">
      Playhead{' '}
      <output aria-label="Playhead" className="font-mono text-fg tabular-nums">
        {formatPosition(seconds)}
      </output>
    </span>
  );
}

/**
 * The session on the studio's timeline: the beat, a track per member with their takes as clips,
 * the playhead following this member's player, and each track's session header (mix, and Record
 * on one's own).
 */
export function SessionTimeline({
  Timeline,
  state,
  arrangement,
  beat,
  peaks,
  audio,
  header,
  edits,
}: {
  Timeline: SessionTimelineComponent;
  state: CollabSessionState;
  arrangement: Arrangement;
  edits: SessionTimelineProps['edits'];
  beat: { duration: number; peaks: Peaks } | null;
  peaks: Record<string, Peaks>;
  audio: RefObject<CollabAudio | null>;
  /** What every track header shares; each adds its own track, name and member. */
  header: Omit<TrackHeaderProps, 'track' | 'name' | 'participant' | 'mine' | 'canMix'> & {
    myTrack: Track | null;
    isHost: boolean;
  };
}) {
  const { myTrack, isHost, ...shared } = header;
  const position = useCallback(() => {
    const player = audio.current;
    return player?.playing() ? player.position() : null;
  }, [audio]);
  const sessionId = shared.sessionId;
  const clips = arrangement.clips;
  // The takes being recorded, per track: they follow the live store themselves, so a frame of
  // one re-renders it alone, not the timeline.
  const laneExtras = useCallback(
    (track: ArrangementTrack, geometry: { pxPerSecond: number; laneHeight: number }) => {
      const number = sessionTrackOf(track.id);
      if (number === null) return null;
      return (
        <LiveRecordingClips
          sessionId={sessionId}
          track={number}
          clips={clips.filter((clip) => clip.trackId === track.id)}
          {...geometry}
        />
      );
    },
    [sessionId, clips],
  );
  const trackHeader = (track: ArrangementTrack) => {
    const number = sessionTrackOf(track.id);
    if (number === null) return null;
    return (
      <TrackHeader
        {...shared}
        track={number}
        name={track.name}
        participant={state.participants.find((p) => p.track_assignment === number) ?? null}
        mine={myTrack === number}
        canMix={isHost || myTrack === number}
      />
    );
  };
  return (
    <Timeline
      arrangement={arrangement}
      bpm={state.session.beat_bpm ?? STUDIO_AUDIO.DEFAULT_BPM}
      beatDuration={beat?.duration ?? 0}
      beatPeaks={beat?.peaks ?? null}
      peaks={peaks}
      playhead={state.session.session_data.current_position}
      position={position}
      trackHeader={trackHeader}
      controls={<PlayheadReadout audio={audio} />}
      edits={edits}
      laneExtras={laneExtras}
    />
  );
}
