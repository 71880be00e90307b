import { randomInt } from 'node:crypto';
import { BEAT_NOT_FOUND } from '@beatroom/shared/beats-contract';
import {
  COLLAB_CHAT_HISTORY_LIMIT,
  COLLAB_ERRORS,
  COLLAB_HOST_ONLY,
  COLLAB_NOT_MEMBER,
  COLLAB_NOT_YOUR_TRACK,
  COLLAB_PARTICIPANT_NOT_FOUND,
  COLLAB_SESSION_FULL,
  COLLAB_SESSION_NAME_MAX,
  collabTakeAudioUrl,
  CollabSessionData,
  defaultCollabSessionData,
  SESSION_CODE_ALPHABET,
  SESSION_CODE_LENGTH,
  type CollabChatMessage,
  type CollabEvent,
  type CollabSession,
  type CollabSessionState,
  type CollabTake,
  type CreateCollabSessionBody,
  type JoinCollabSessionResponse,
  type Participant,
  type Track,
  type TrackSettings,
  type TransportBody,
} from '@beatroom/shared/collab-sessions-contract';
import { avatarUrl } from '@beatroom/shared/files-contract';
import { displayName } from '@beatroom/shared/format-names';
import { RECORDING_NOT_FOUND } from '@beatroom/shared/recordings-contract';
import type { Tx } from '../../../db/transaction';
import { displayNameOf } from '../../../db/user-columns';
import { badRequest, conflict, forbidden, notFound } from '../../../http/http-errors';
import { isUuid } from '../../../http/params';
import type { FileAnswer, FileRequest } from '../../catalogue/files/files.service';
import type { UserRecord } from '../../platform/users/user-record';
import type {
  ChatRow,
  CollabSessionsRepository,
  ParticipantRow,
  SessionRow,
  TakeRow,
} from './collab-sessions.repository';

export const TAKE_NOT_FOUND = 'Take not found';
export const TAKE_WRONG_BEAT = "The recording is not over this session's beat";
export const SESSION_WITHOUT_BEAT = 'This session has no beat to record over';
export const CANNOT_REMOVE_SELF = 'The host ends the session instead of leaving it';
export const REMOVED_BY_HOST = 'The host removed you from this session';

/** A fresh code: SESSION_CODE_LENGTH letters drawn with the CSPRNG, no modulo bias. */
export function newSessionCode(): string {
  let code = '';
  for (let i = 0; i < SESSION_CODE_LENGTH; i++)
    code += SESSION_CODE_ALPHABET[randomInt(SESSION_CODE_ALPHABET.length)];
  return code;
}

/** Draws before giving up on a free code (with 2^50 codes, the first one is free). */
const CODE_ATTEMPTS = 5;

function participant(row: ParticipantRow): Participant {
  return {
    id: row.id,
    user_id: row.userId,
    user_name: displayName(displayNameOf(row.user), row.userId),
    user_avatar: avatarUrl(row.user.profile?.profileImageKey, row.user.picture),
    role: row.role === 'host' ? 'host' : 'participant',
    track_assignment: row.track as Track,
  };
}

function chatMessage(row: ChatRow): CollabChatMessage {
  return {
    id: row.id,
    user_id: row.userId,
    user_name: displayName(displayNameOf(row.user), row.userId),
    message: row.message,
    timestamp: row.createdAt.toISOString(),
  };
}

function take(row: TakeRow): CollabTake {
  return {
    id: row.id,
    user_id: row.userId,
    track: row.track as Track,
    recording_id: row.recordingId,
    recording_name: row.recording.recordingName,
    duration_seconds: row.recording.durationSeconds,
    created_at: row.createdAt.toISOString(),
    audio_url: collabTakeAudioUrl(row.sessionId, row.id),
  };
}

/**
 * Live collaborative sessions: a host opens one over a beat and shares its code; up
 * to three more members join on free tracks. Members (and only they) see participants, chat and
 * takes and receive the session's events; the host drives the transport, each member their own
 * track. Every method checks who may act before it touches data.
 */
export function createCollabSessionsService(deps: {
  repo: CollabSessionsRepository;
  /** Sends these users a `collab` event on every socket they have open, on any instance. */
  publish: (userIds: string[], event: CollabEvent) => void;
  readPrivate: (key: string, request: FileRequest) => Promise<FileAnswer>;
  now?: () => number;
}) {
  const { repo } = deps;
  const now = deps.now ?? Date.now;

  function session(row: SessionRow): CollabSession {
    const data = CollabSessionData.safeParse(row.sessionData);
    return {
      id: row.id,
      session_code: row.sessionCode,
      host_user_id: row.hostUserId,
      beat_id: row.beatId,
      beat_title: row.beat?.title ?? null,
      beat_bpm: row.beat?.bpm ?? null,
      session_name: row.sessionName,
      max_participants: row.maxParticipants,
      is_public: row.isPublic,
      session_data: data.success ? data.data : defaultCollabSessionData(row.createdAt.getTime()),
      created_at: row.createdAt.toISOString(),
      server_time: now(),
    };
  }

  async function liveSession(id: string): Promise<SessionRow> {
    const row = isUuid(id) ? await repo.live({ id }) : null;
    if (!row) throw notFound(COLLAB_ERRORS.notFound);
    return row;
  }

  /** The session and the caller's place in it; 403 for anyone who is not a member. */
  async function asMember(user: UserRecord, id: string) {
    const row = await liveSession(id);
    const member = await repo.membership(row.id, user.id);
    if (!member) throw forbidden(COLLAB_NOT_MEMBER);
    return { row, member };
  }

  async function asHost(user: UserRecord, id: string) {
    const found = await asMember(user, id);
    if (found.member.role !== 'host') throw forbidden(COLLAB_HOST_ONLY);
    return found;
  }

  const memberIds = async (sessionId: string) =>
    (await repo.participants(sessionId)).map((row) => row.userId);

  async function toMembers(sessionId: string, event: CollabEvent, also: string[] = []) {
    const ids = new Set([...(await memberIds(sessionId)), ...also]);
    deps.publish([...ids], event);
  }

  async function announceParticipants(sessionId: string, also: string[] = []) {
    const rows = await repo.participants(sessionId);
    deps.publish([...new Set([...rows.map((row) => row.userId), ...also])], {
      type: 'participants',
      session_id: sessionId,
      participants: rows.map(participant),
    });
  }

  async function createWithCode(write: (code: string) => Promise<{ id: string } | null>) {
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      const code = newSessionCode();
      const created = await write(code);
      if (created) return { id: created.id, session_code: code };
    }
    throw new Error('no free session code');
  }

  return {
    /** POST /api/collaborative-sessions: the caller hosts a new session over a beat that plays. */
    async create(
      user: UserRecord,
      body: CreateCollabSessionBody & { is_public: boolean },
    ): Promise<CollabSession> {
      if (!(await repo.playableBeat(body.beat_id))) throw notFound(BEAT_NOT_FOUND);
      const base = defaultCollabSessionData(now());
      const sessionData: CollabSessionData = {
        ...base,
        beat_volume: body.session_data?.beat_volume ?? base.beat_volume,
        track_settings: body.session_data?.track_settings ?? base.track_settings,
      };
      const { id } = await createWithCode((code) =>
        repo.create({
          code,
          hostId: user.id,
          beatId: body.beat_id,
          name: body.session_name,
          isPublic: body.is_public,
          sessionData,
        }),
      );
      return session((await repo.live({ id }))!);
    },

    /**
     * For the collaboration board: accepting a response opens a session for the requester (host,
     * track 1) and the responder (track 2), inside the board's transaction.
     */
    async createForCollaboration(
      tx: Tx,
      input: { hostId: string; guestId: string; beatId: string | null; name: string },
    ): Promise<{ id: string; session_code: string }> {
      return createWithCode((code) =>
        repo.create(
          {
            code,
            hostId: input.hostId,
            guestId: input.guestId,
            beatId: input.beatId,
            name: input.name.trim().slice(0, COLLAB_SESSION_NAME_MAX) || 'Collaboration',
            isPublic: true,
            sessionData: defaultCollabSessionData(now()),
          },
          tx,
        ),
      );
    },

    /** GET /api/collaborative-sessions/code/{code}: anyone holding the code sees the session. */
    async byCode(code: string): Promise<CollabSession> {
      const row = await repo.live({ code });
      if (!row) throw notFound(COLLAB_ERRORS.notFound);
      return session(row);
    },

    /** POST /api/collaborative-sessions/join/{code}: a free track, or 409 when all four are taken. */
    async join(user: UserRecord, code: string): Promise<JoinCollabSessionResponse> {
      const row = await repo.live({ code });
      if (!row) throw notFound(COLLAB_ERRORS.notFound);
      const result = await repo.join(row.id, user.id);
      if (result.kind === 'ended') throw notFound(COLLAB_ERRORS.notFound);
      if (result.kind === 'full') throw conflict(COLLAB_SESSION_FULL);
      if (result.kind === 'removed') throw forbidden(REMOVED_BY_HOST);
      const participants = (await repo.participants(row.id)).map(participant);
      if (result.kind === 'joined') {
        deps.publish(
          participants.map((p) => p.user_id),
          { type: 'participants', session_id: row.id, participants },
        );
      }
      return { session: session(row), participants };
    },

    /** GET /api/collaborative-sessions/{id}/participants: members only. */
    async participants(user: UserRecord, id: string): Promise<Participant[]> {
      const { row } = await asMember(user, id);
      return (await repo.participants(row.id)).map(participant);
    },

    /** GET /api/collaborative-sessions/{id}/state: what a member's page loads. */
    async state(user: UserRecord, id: string): Promise<CollabSessionState> {
      const { row } = await asMember(user, id);
      const [participants, chat, takes] = await Promise.all([
        repo.participants(row.id),
        repo.chat(row.id, COLLAB_CHAT_HISTORY_LIMIT),
        repo.takes(row.id),
      ]);
      return {
        session: session(row),
        participants: participants.map(participant),
        chat: chat.map(chatMessage),
        takes: takes.map(take),
      };
    },

    /**
     * POST …/transport (host): stamped with the server's clock as the request arrives, written
     * and sent to every member in one statement, so members start within a few milliseconds.
     * When it writes nothing, the ordinary checks say why (404 ended or unknown, 403 not host).
     */
    async transport(user: UserRecord, id: string, body: TransportBody): Promise<CollabSessionData> {
      const fields = { is_playing: body.is_playing, current_position: body.position, position_at: now() };
      const done = isUuid(id) ? await repo.hostTransport(id, user.id, fields) : null;
      if (!done) {
        await asHost(user, id);
        throw notFound(COLLAB_ERRORS.notFound);
      }
      deps.publish(done.members, { type: 'transport', session_id: id, ...fields });
      return CollabSessionData.parse(done.data);
    },

    /** PATCH …/tracks/{track}: a member's own track; the host may set any (the mix is theirs). */
    async trackSettings(
      user: UserRecord,
      id: string,
      track: Track,
      change: Partial<TrackSettings>,
    ): Promise<TrackSettings> {
      const { row, member } = await asMember(user, id);
      if (member.role !== 'host' && member.track !== track) throw forbidden(COLLAB_NOT_YOUR_TRACK);
      const data = await repo.updateData<CollabSessionData>(row.id, (current) => ({
        ...current,
        track_settings: {
          ...current.track_settings,
          [track]: { ...current.track_settings[track], ...change },
        },
      }));
      if (!data) throw notFound(COLLAB_ERRORS.notFound);
      const settings = data.track_settings[track];
      await toMembers(row.id, { type: 'track_settings', session_id: row.id, track, settings });
      return settings;
    },

    /** PATCH …/beat-volume (host). */
    async beatVolume(user: UserRecord, id: string, beatVolume: number): Promise<CollabSessionData> {
      const { row } = await asHost(user, id);
      const data = await repo.updateData<CollabSessionData>(row.id, (current) => ({
        ...current,
        beat_volume: beatVolume,
      }));
      if (!data) throw notFound(COLLAB_ERRORS.notFound);
      await toMembers(row.id, { type: 'beat_volume', session_id: row.id, beat_volume: beatVolume });
      return data;
    },

    /** POST …/chat: kept with the session, then sent to every member (the sender included). */
    async chat(user: UserRecord, id: string, message: string): Promise<CollabChatMessage> {
      const { row } = await asMember(user, id);
      const saved = chatMessage(await repo.addChat(row.id, user.id, message));
      await toMembers(row.id, { type: 'chat', session_id: row.id, message: saved });
      return saved;
    },

    /**
     * POST …/takes: one of the caller's recordings (uploaded through POST /api/recordings/upload,
     * over the session's beat) becomes the take on their own track; members are told.
     */
    async addTake(user: UserRecord, id: string, recordingId: string): Promise<CollabTake> {
      const { row, member } = await asMember(user, id);
      const recording = await repo.ownRecording(recordingId, user.id);
      if (!recording) throw notFound(RECORDING_NOT_FOUND);
      if (!row.beatId) throw badRequest(SESSION_WITHOUT_BEAT);
      if (recording.beatId !== row.beatId) throw badRequest(TAKE_WRONG_BEAT);
      const saved = take(
        await repo.putTake({ sessionId: row.id, userId: user.id, track: member.track, recordingId }),
      );
      await toMembers(row.id, { type: 'take', session_id: row.id, take: saved });
      return saved;
    },

    /** GET …/takes/{takeId}/audio: a take's file, to members only (the recording may be private). */
    async takeAudio(
      user: UserRecord | null,
      id: string,
      takeId: string,
      request: FileRequest,
    ): Promise<FileAnswer> {
      if (!user) return { status: 404, error: TAKE_NOT_FOUND };
      const { row } = await asMember(user, id);
      const found = isUuid(takeId) ? await repo.take(row.id, takeId) : null;
      if (!found) return { status: 404, error: TAKE_NOT_FOUND };
      const answer = await deps.readPrivate(found.recording.fileKey, request);
      return answer.status === 404 ? { status: 404, error: TAKE_NOT_FOUND } : answer;
    },

    /** DELETE …/participants/{userId} (host): the member is told, then everyone sees the new list. */
    async removeParticipant(user: UserRecord, id: string, userId: string): Promise<void> {
      const { row } = await asHost(user, id);
      if (userId === user.id) throw badRequest(CANNOT_REMOVE_SELF);
      // The removal is recorded: the code alone no longer lets them back in.
      if (!isUuid(userId) || !(await repo.removeAndBar(row.id, userId))) {
        throw notFound(COLLAB_PARTICIPANT_NOT_FOUND);
      }
      deps.publish([userId], { type: 'removed', session_id: row.id, user_id: userId });
      await announceParticipants(row.id);
    },

    /** POST …/leave: a member leaves (their track frees up); the host leaving ends the session. */
    async leave(user: UserRecord, id: string): Promise<void> {
      const { row, member } = await asMember(user, id);
      if (member.role === 'host') {
        await this.end(user, id);
        return;
      }
      await repo.removeParticipant(row.id, user.id);
      await announceParticipants(row.id, [user.id]);
    },

    /** POST …/end (host): the code stops working; every member's page is told. */
    async end(user: UserRecord, id: string): Promise<void> {
      const { row } = await asHost(user, id);
      const members = await memberIds(row.id);
      if (await repo.end(row.id)) deps.publish(members, { type: 'ended', session_id: row.id });
    },
  };
}

export type CollabSessionsService = ReturnType<typeof createCollabSessionsService>;
