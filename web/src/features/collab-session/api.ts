import {
  CollabChatMessage,
  CollabSession,
  CollabSessionData,
  CollabSessionState,
  CollabTake,
  JoinCollabSessionResponse,
  ParticipantsResponse,
  TakeStart,
  TrackSettings,
  type AddTakeBody,
  type CreateCollabSessionBody,
  type StartTakeBody,
  type Track,
  type TransportBody,
} from '@beatroom/shared/collab-sessions-contract';
import type { CollabEvent } from '@beatroom/shared/collab-events-contract';
import type { LiveTakeBody, MoveTakeBody } from '@beatroom/shared/collab-take-edits-contract';
import { Recording, RECORDING_UPLOAD_FIELDS } from '@beatroom/shared/recordings-contract';
import { StudioBeat } from '@beatroom/shared/studio-sessions-contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { uploadWithProgress } from '../../lib/upload-with-progress';
import { useCollabLiveStore } from './store/collab-live-store';

const base = '/api/collaborative-sessions';
const sessionPath = (id: string) => `${base}/${encodeURIComponent(id)}`;

/** Every query key of collaborative sessions. */
export const collabKeys = {
  all: ['collab-session'] as const,
  byCode: (code: string) => ['collab-session', 'code', code.toUpperCase()] as const,
  state: (id: string) => ['collab-session', 'state', id] as const,
  beat: (beatId: string) => ['collab-session', 'beat', beatId] as const,
};

/** GET …/code/{code}: the session (404 'Session not found or has ended'); visitors too. */
export function sessionByCodeQueryOptions(code: string) {
  return queryOptions({
    queryKey: collabKeys.byCode(code),
    queryFn: ({ signal }) =>
      apiClient.get(`${base}/code/${encodeURIComponent(code)}`, { schema: CollabSession, signal }),
    retry: false,
  });
}

/**
 * GET …/{id}/state for a member: session, participants, chat history and takes. Refetched
 * every 5 s besides the live events, so a missed event heals by itself. The
 * round trip also measures the clock offset to the server (transport latency compensation).
 */
export function sessionStateQueryOptions(id: string, refetchMs: number) {
  return queryOptions({
    queryKey: collabKeys.state(id),
    queryFn: async ({ signal }) => {
      const sent = Date.now();
      const state = await apiClient.get(`${sessionPath(id)}/state`, { schema: CollabSessionState, signal });
      const received = Date.now();
      useCollabLiveStore
        .getState()
        .clockSample(state.session.server_time - (sent + received) / 2, received - sent);
      return state;
    },
    refetchInterval: refetchMs,
    retry: false,
  });
}

/** The beat the session plays (the studio's beat endpoint: the audio the member may hear). */
export function sessionBeatQueryOptions(beatId: string) {
  return queryOptions({
    queryKey: collabKeys.beat(beatId),
    queryFn: ({ signal }) =>
      apiClient.get(`/api/studio/beats/${encodeURIComponent(beatId)}`, { schema: StudioBeat, signal }),
    retry: false,
    staleTime: Infinity,
  });
}

export const createSession = (body: CreateCollabSessionBody) =>
  apiClient.post(base, { body, schema: CollabSession });

export const joinSession = (code: string) =>
  apiClient.post(`${base}/join/${encodeURIComponent(code)}`, { schema: JoinCollabSessionResponse });

export const fetchParticipants = (id: string) =>
  apiClient.get(`${sessionPath(id)}/participants`, { schema: ParticipantsResponse });

export const sendTransport = (id: string, body: TransportBody) =>
  apiClient.post(`${sessionPath(id)}/transport`, { body, schema: CollabSessionData });

export const sendTrackSettings = (id: string, track: Track, body: Partial<TrackSettings>) =>
  apiClient.patch(`${sessionPath(id)}/tracks/${track}`, { body, schema: TrackSettings });

export const sendBeatVolume = (id: string, beatVolume: number) =>
  apiClient.patch(`${sessionPath(id)}/beat-volume`, {
    body: { beat_volume: beatVolume },
    schema: CollabSessionData,
  });

export const sendChat = (id: string, message: string) =>
  apiClient.post(`${sessionPath(id)}/chat`, { body: { message }, schema: CollabChatMessage });

/**
 * The member starts recording on their own track: the server stamps where the take will sit, or
 * takes `position` (where this member's player stood as the recorder started) when it lies near.
 */
export const startTake = (id: string, track: Track, position: number) =>
  apiClient.post(`${sessionPath(id)}/takes/start`, {
    body: { track, position } satisfies StartTakeBody,
    schema: TakeStart,
  });

/** The member stops recording without a take: the others' recording clip goes. */
export const cancelRecording = (id: string) => apiClient.delete(`${sessionPath(id)}/takes/start`);

/** A frame of the take being recorded, for the others' timelines. */
export const sendLiveFrame = (id: string, body: LiveTakeBody) =>
  apiClient.post(`${sessionPath(id)}/takes/live`, { body });

/** One of the member's own takes to a new start (the server snaps it to the grid). */
export const moveTake = (id: string, takeId: string, body: MoveTakeBody) =>
  apiClient.patch(`${sessionPath(id)}/takes/${encodeURIComponent(takeId)}`, { body, schema: CollabTake });

/** One of the member's own takes (the host: any) leaves the session. */
export const deleteTake = (id: string, takeId: string) =>
  apiClient.delete(`${sessionPath(id)}/takes/${encodeURIComponent(takeId)}`);

/** The uploaded recording becomes a take on the member's track, from the stamped start. */
export const addTake = (id: string, body: AddTakeBody) =>
  apiClient.post(`${sessionPath(id)}/takes`, { body, schema: CollabTake });

export const removeParticipant = (id: string, userId: string) =>
  apiClient.delete(`${sessionPath(id)}/participants/${encodeURIComponent(userId)}`);

export const leaveSession = (id: string) => apiClient.post(`${sessionPath(id)}/leave`);
export const endSession = (id: string) => apiClient.post(`${sessionPath(id)}/end`);

/**
 * POST /api/recordings/upload: a take (WebM/Opus) or the session mix (WAV) becomes one of the
 * caller's recordings over the session's beat, private.
 */
export function uploadSessionRecording(input: {
  beatId: string;
  name: string;
  audio: Blob;
  filename: string;
  onProgress?: (fraction: number) => void;
}) {
  const form = new FormData();
  form.append(RECORDING_UPLOAD_FIELDS.beatId, input.beatId);
  form.append(RECORDING_UPLOAD_FIELDS.recordingName, input.name);
  form.append(RECORDING_UPLOAD_FIELDS.isPublic, 'false');
  form.append(RECORDING_UPLOAD_FIELDS.recording, input.audio, input.filename);
  return uploadWithProgress('/api/recordings/upload', form, {
    schema: Recording,
    ...(input.onProgress ? { onProgress: input.onProgress } : {}),
  });
}

/**
 * A live `collab` event (app/realtime routes them here): the member's cached state follows at
 * once; ended or removed sessions are marked so the page leaves.
 */
export function receiveCollabEvent(queryClient: QueryClient, event: CollabEvent): void {
  const live = useCollabLiveStore.getState();
  if (event.type === 'ended' || event.type === 'removed') {
    live.markGone(event.session_id, event.type);
    return;
  }
  if (event.type === 'take_live') {
    live.recordingFrame(event.session_id, event.user_id, event);
    return;
  }
  if (event.type === 'take_live_ended') {
    live.recordingEnded(event.session_id, event.user_id);
    return;
  }
  if (event.type === 'transport') live.transportArrived(event.session_id);
  // The posted take replaces its member's recording clip; one who left records no more.
  if (event.type === 'take') live.recordingEnded(event.session_id, event.take.user_id);
  if (event.type === 'participants')
    live.recordersAmong(
      event.session_id,
      event.participants.map((p) => p.user_id),
    );
  queryClient.setQueryData(collabKeys.state(event.session_id), (state: CollabSessionState | undefined) => {
    if (!state) return state;
    const data = state.session.session_data;
    const withData = (next: CollabSessionData) => ({
      ...state,
      session: { ...state.session, session_data: next },
    });
    switch (event.type) {
      case 'participants':
        return { ...state, participants: event.participants };
      case 'transport':
        return withData({
          ...data,
          is_playing: event.is_playing,
          current_position: event.current_position,
          position_at: event.position_at,
        });
      case 'track_settings':
        return withData({
          ...data,
          track_settings: { ...data.track_settings, [event.track]: event.settings },
        });
      case 'beat_volume':
        return withData({ ...data, beat_volume: event.beat_volume });
      case 'chat':
        return state.chat.some((m) => m.id === event.message.id)
          ? state
          : { ...state, chat: [...state.chat, event.message] };
      case 'take':
        return state.takes.some((t) => t.id === event.take.id)
          ? state
          : { ...state, takes: [...state.takes, event.take] };
      case 'take_moved':
        return { ...state, takes: state.takes.map((t) => (t.id === event.take.id ? event.take : t)) };
      case 'take_deleted':
        return state.takes.some((t) => t.id === event.take_id)
          ? { ...state, takes: state.takes.filter((t) => t.id !== event.take_id) }
          : state;
    }
  });
}
