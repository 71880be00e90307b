import {
  COLLAB_ERRORS,
  COLLAB_HOST_ONLY,
  COLLAB_NOT_MEMBER,
} from '@beatroom/shared/collab-sessions-contract';
import type { CollabEvent } from '@beatroom/shared/collab-events-contract';
import { forbidden, notFound } from '../../../http/http-errors';
import { isUuid } from '../../../http/params';
import type { UserRecord } from '../../platform/users/user-record';
import { participant } from './collab-responses';
import type { CollabSessionsRepository, SessionRow } from './collab-sessions.repository';

/** What the session's parts share: the repository and the way events reach members' sockets. */
export interface CollabDeps {
  repo: CollabSessionsRepository;
  /** Sends these users a `collab` event on every socket they have open, on any instance. */
  publish: (userIds: string[], event: CollabEvent) => void;
}

/**
 * Who may act on a session (a live one; its members; its host) and how its members are told:
 * the checks every session method makes before it touches data.
 */
export function createCollabAccess(deps: CollabDeps) {
  const { repo } = deps;

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

  return { liveSession, asMember, asHost, memberIds, toMembers, announceParticipants };
}

export type CollabAccess = ReturnType<typeof createCollabAccess>;
