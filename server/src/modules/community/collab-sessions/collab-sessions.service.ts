import { BEAT_NOT_FOUND } from '@beatroom/shared/beats-contract';
import type { CollabSessionData } from '@beatroom/shared/collab-sessions-contract';
import {
  COLLAB_CHAT_HISTORY_LIMIT,
  COLLAB_ERRORS,
  COLLAB_PARTICIPANT_NOT_FOUND,
  COLLAB_SESSION_FULL,
  COLLAB_SESSION_NAME_MAX,
  COLLAB_TRACKS,
  defaultCollabSessionData,
  type CollabChatMessage,
  type CollabSession,
  type CollabSessionState,
  type CreateCollabSessionBody,
  type JoinCollabSessionResponse,
  type Participant,
} from '@beatroom/shared/collab-sessions-contract';
import type { Tx } from '../../../db/transaction';
import { badRequest, conflict, forbidden, notFound } from '../../../http/http-errors';
import { isUuid } from '../../../http/params';
import type { FileAnswer, FileRequest } from '../../catalogue/files/files.service';
import type { UserRecord } from '../../platform/users/user-record';
import { createCollabAccess, type CollabDeps } from './collab-access';
import { createCollabMixService } from './collab-mix.service';
import { createCollabTakeEditsService } from './collab-take-edits.service';
import type { CollabTakesRepository } from './collab-takes.repository';
import { createCollabTakesService } from './collab-takes.service';
import { chatMessage, participant, take, toSession } from './collab-responses';
import { createWithCode } from './collab-session-codes';
import type { SessionRow } from './collab-sessions.repository';

export const CANNOT_REMOVE_SELF = 'The host ends the session instead of leaving it';
export const REMOVED_BY_HOST = 'The host removed you from this session';

/**
 * Live collaborative sessions: a host opens one over a beat and shares its code; up
 * to three more members join on free tracks. Members (and only they) see participants, chat and
 * takes and receive the session's events; the host drives the transport, each member their own
 * track. Every method checks who may act before it touches data.
 */
export function createCollabSessionsService(
  deps: CollabDeps & {
    takes: CollabTakesRepository;
    readPrivate: (key: string, request: FileRequest) => Promise<FileAnswer>;
    now?: () => number;
  },
) {
  const { repo, takes } = deps;
  const now = deps.now ?? Date.now;
  const access = createCollabAccess(deps);
  const { asMember, asHost, memberIds, toMembers, announceParticipants } = access;
  const session = (row: SessionRow) => toSession(row, now());

  /**
   * Joins on the lowest free track. The session row is locked first, so joins at once take
   * turns; the unique (session, track) stays the last word. Joining again is a no-op, and a
   * member the host removed stays out.
   */
  function joinSession(sessionId: string, userId: string) {
    return repo.transaction(async (tx) => {
      const locked = await repo.lockForJoin(tx, sessionId);
      if (!locked || locked.ended_at) return { kind: 'ended' } as const;
      const members = await repo.tracksTaken(tx, sessionId);
      const mine = members.find((member) => member.userId === userId);
      if (mine) return { kind: 'already', track: mine.track } as const;
      if (await repo.wasRemoved(tx, sessionId, userId)) return { kind: 'removed' } as const;
      if (members.length >= locked.max_participants) return { kind: 'full' } as const;
      const taken = new Set(members.map((member) => member.track));
      const track = COLLAB_TRACKS.find((candidate) => !taken.has(candidate));
      if (!track) return { kind: 'full' } as const;
      await repo.addParticipant(tx, sessionId, userId, track);
      return { kind: 'joined', track } as const;
    });
  }

  return {
    ...createCollabMixService({ ...deps, access, now }),
    ...createCollabTakesService({ ...deps, access, now }),
    ...createCollabTakeEditsService({ ...deps, access }),

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
      const result = await joinSession(row.id, user.id);
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
      const [participants, chat, takeRows] = await Promise.all([
        repo.participants(row.id),
        repo.chat(row.id, COLLAB_CHAT_HISTORY_LIMIT),
        takes.takes(row.id),
      ]);
      return {
        session: session(row),
        participants: participants.map(participant),
        chat: chat.map(chatMessage),
        takes: takeRows.map(take),
      };
    },

    /** POST …/chat: kept with the session, then sent to every member (the sender included). */
    async chat(user: UserRecord, id: string, message: string): Promise<CollabChatMessage> {
      const { row } = await asMember(user, id);
      const saved = chatMessage(await repo.addChat(row.id, user.id, message));
      await toMembers(row.id, { type: 'chat', session_id: row.id, message: saved });
      return saved;
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
