import type { SessionUser } from '@beatroom/shared/auth-contract';
import {
  COLLAB_ERRORS,
  COLLAB_PARTICIPANTS_REFRESH_MS,
  type CollabSessionData,
  type CollabSessionState,
} from '@beatroom/shared/collab-sessions-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Radio, X } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { serverErrorText } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import {
  collabKeys,
  endSession,
  leaveSession,
  removeParticipant,
  sendBeatVolume,
  sessionBeatQueryOptions,
  sessionStateQueryOptions,
  uploadSessionRecording,
} from '../api';
import type { CollabAudio } from '../collab-audio';
import { useSessionAudio } from '../hooks/use-session-audio';
import { useSessionTakes } from '../hooks/use-session-takes';
import { sessionArrangement } from '../session-arrangement';
import { useCollabLiveStore } from '../store/collab-live-store';
import { ParticipantsPanel } from './participants-panel';
import { SessionChat } from './session-chat';
import { SessionNotFound } from './session-not-found';
import { SessionTimeline, type SessionTimelineComponent } from './session-timeline';
import { TransportBar } from './transport-bar';

/**
 * The live studio overlay of one session for a member: Live marker, the host's transport, the
 * session on the studio's timeline (a track per member, every take a clip where it was
 * recorded; record on one's own track only), participants, chat; the host can save the
 * session's mix as a recording. Closing it goes to /collaborations.
 */
export function CollabStudio({
  sessionId,
  user,
  createAudio,
  Timeline,
}: {
  sessionId: string;
  user: SessionUser;
  createAudio: () => CollabAudio;
  Timeline: SessionTimelineComponent;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const stateQuery = useQuery(sessionStateQueryOptions(sessionId, COLLAB_PARTICIPANTS_REFRESH_MS));
  const state = stateQuery.data;
  const beatId = state?.session.beat_id ?? null;
  const beatQuery = useQuery({ ...sessionBeatQueryOptions(beatId ?? ''), enabled: beatId !== null });
  const gone = useCollabLiveStore((s) => s.gone[sessionId]);
  const [recording, setRecording] = useState(false);
  const myTrack = state?.participants.find((p) => p.user_id === user.id)?.track_assignment ?? null;
  // Built from the parts that place clips, so a refetch that changed nothing changes nothing.
  const takesNow = state?.takes;
  const membersNow = state?.participants;
  const mixNow = state?.session.session_data.track_settings;
  const arrangement = useMemo(
    () =>
      takesNow && membersNow && mixNow
        ? sessionArrangement({ participants: membersNow, takes: takesNow, settings: mixNow }, myTrack)
        : null,
    [takesNow, membersNow, mixNow, myTrack],
  );
  const { audio, beat, beatReady, beatFailed, peaks } = useSessionAudio(
    createAudio,
    state,
    arrangement,
    beatQuery.data?.audio_url ?? null,
    recording,
  );
  const edits = useSessionTakes({
    sessionId,
    userId: user.id,
    isHost: state?.session.host_user_id === user.id,
    state,
  });

  const setData = useCallback(
    (data: CollabSessionData) =>
      queryClient.setQueryData(collabKeys.state(sessionId), (old: CollabSessionState | undefined) =>
        old ? { ...old, session: { ...old.session, session_data: data } } : old,
      ),
    [queryClient, sessionId],
  );

  const leave = useMutation({
    mutationFn: () =>
      state?.session.host_user_id === user.id ? endSession(sessionId) : leaveSession(sessionId),
    onSuccess: () => navigate('/collaborations'),
    onError: (error) =>
      showToast({ type: 'error', title: 'Could not leave', message: serverErrorText(error) ?? undefined }),
  });
  const remove = useMutation({
    mutationFn: (userId: string) => removeParticipant(sessionId, userId),
    onError: (error) =>
      showToast({ type: 'error', title: 'Could not remove', message: serverErrorText(error) ?? undefined }),
  });
  const beatVolume = useMutation({
    mutationFn: (value: number) => sendBeatVolume(sessionId, value),
    onSuccess: setData,
  });
  const saveMix = useMutation({
    mutationFn: async () => {
      const mix = await audio.current!.renderMix(state!.session.session_data);
      return uploadSessionRecording({
        beatId: beatId!,
        name: `${state!.session.session_name} - Session Mix`,
        audio: mix,
        filename: 'session-mix.wav',
      });
    },
    onSuccess: () => showToast({ type: 'success', title: 'Session mix saved to My Recordings' }),
    onError: (error) =>
      showToast({
        type: 'error',
        title: 'Failed to save the mix',
        message: serverErrorText(error) ?? undefined,
      }),
  });

  if (gone)
    return (
      <SessionNotFound
        message={gone === 'removed' ? 'You were removed from this session' : COLLAB_ERRORS.notFound}
      />
    );
  if (stateQuery.isError) return <SessionNotFound message={COLLAB_ERRORS.loadSession} />;
  if (!state) {
    return (
      <div
        role="status"
        aria-label="Loading"
        className="mx-auto h-64 max-w-4xl animate-pulse rounded-3xl bg-fg/10"
      />
    );
  }

  const { session, participants } = state;
  const isHost = session.host_user_id === user.id;
  const data = session.session_data;
  const live = beatReady || beatId === null;

  return (
    <section
      aria-label="Collaborative session"
      className="mx-auto flex max-w-5xl flex-col gap-4 rounded-3xl border border-line bg-surface/70 p-4 sm:p-6"
    >
      <header className="flex flex-wrap items-center gap-3">
        <div className="flex min-w-0 flex-col">
          <h1 className="truncate text-xl font-semibold tracking-tight">{session.session_name}</h1>
          <p className="text-sm text-muted">{session.beat_title ?? COLLAB_ERRORS.noData}</p>
        </div>
        {live ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-red-500/20 px-2.5 py-0.5 text-xs font-bold text-red-300">
            <Radio aria-hidden="true" className="size-3.5" />
            Live
          </span>
        ) : null}
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <span className="text-sm text-muted">
            Code{' '}
            <code className="rounded bg-fg/10 px-1.5 py-0.5 font-mono tabular-nums text-fg">
              {session.session_code}
            </code>
          </span>
          <Button
            size="sm"
            variant="ghost"
            aria-label="Copy session link"
            onClick={() =>
              void navigator.clipboard
                ?.writeText(window.location.href)
                .then(() => showToast({ type: 'success', title: 'Session link copied' }))
            }
          >
            <Copy aria-hidden="true" className="size-4" />
          </Button>
          <Button size="sm" variant="secondary" onClick={() => leave.mutate()} disabled={leave.isPending}>
            {isHost ? 'End Session' : 'Leave Session'}
          </Button>
          <Button size="sm" variant="ghost" aria-label="Close" onClick={() => navigate('/collaborations')}>
            <X aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </header>

      {beatFailed || beatQuery.isError ? (
        <p role="alert" className="rounded-xl bg-red-500/10 px-3 py-2 text-sm text-red-300">
          {COLLAB_ERRORS.loadBeat}
        </p>
      ) : null}

      <TransportBar
        sessionId={sessionId}
        data={data}
        isHost={isHost}
        disabled={!live || recording}
        onData={setData}
      />

      {isHost ? (
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2 text-sm">
            Beat volume
            <input
              type="range"
              min={0}
              max={100}
              value={Math.round(data.beat_volume * 100)}
              onChange={(event) => beatVolume.mutate(Number(event.target.value) / 100)}
            />
          </label>
          <Button
            size="sm"
            variant="secondary"
            className="ml-auto"
            onClick={() => saveMix.mutate()}
            disabled={!beatReady || saveMix.isPending}
          >
            {saveMix.isPending ? 'Saving Mix…' : 'Save Mix as Recording'}
          </Button>
        </div>
      ) : null}

      {arrangement ? (
        <SessionTimeline
          Timeline={Timeline}
          state={state}
          arrangement={arrangement}
          beat={beat}
          peaks={peaks}
          audio={audio}
          edits={edits}
          header={{
            sessionId,
            data,
            beatId,
            beatReady,
            audio,
            sessionName: session.session_name,
            onRecording: setRecording,
            myTrack,
            isHost,
          }}
        />
      ) : null}

      <div className="grid gap-4 lg:grid-cols-2">
        <ParticipantsPanel
          participants={participants}
          userId={user.id}
          isHost={isHost}
          onRemove={(userId) => remove.mutate(userId)}
        />
        <SessionChat sessionId={sessionId} messages={state.chat} />
      </div>
    </section>
  );
}
