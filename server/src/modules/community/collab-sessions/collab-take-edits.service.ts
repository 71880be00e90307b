import {
  COLLAB_ERRORS,
  COLLAB_NOT_RECORDING,
  COLLAB_NOT_YOUR_TAKE,
  COLLAB_SNAP,
  COLLAB_TAKE_NOT_FOUND,
  type CollabTake,
  type Track,
} from '@beatroom/shared/collab-sessions-contract';
import type { LiveTakeBody, MoveTakeBody } from '@beatroom/shared/collab-take-edits-contract';
import { ARRANGEMENT_MAX_SECONDS } from '@beatroom/shared/studio-arrangement-limits';
import { snapTime } from '@beatroom/shared/studio-arrangement-grid';
import { STUDIO_AUDIO } from '@beatroom/shared/studio-settings';
import { badRequest, forbidden, notFound } from '../../../http/http-errors';
import { isUuid } from '../../../http/params';
import type { UserRecord } from '../../platform/users/user-record';
import type { CollabAccess, CollabDeps } from './collab-access';
import { take } from './collab-responses';
import type { CollabTakesRepository } from './collab-takes.repository';

export const TAKE_PAST_END = 'A take must end within the first hour of the session';

/**
 * What members do to takes besides adding them: move their own (onto the session's grid, as the
 * studio's timeline snaps), delete their own (the host: anyone's), and show the others the take
 * they are recording while it grows, or take it back. Each change is announced to every member.
 */
export function createCollabTakeEditsService(
  deps: CollabDeps & { access: CollabAccess; takes: CollabTakesRepository },
) {
  const { takes, publish } = deps;
  const { asMember, toMembers } = deps.access;

  /** A take of the session the caller belongs to; 404 for an unknown id. */
  async function sessionTake(user: UserRecord, id: string, takeId: string) {
    const found = await asMember(user, id);
    const row = isUuid(takeId) ? await takes.take(found.row.id, takeId) : null;
    if (!row) throw notFound(COLLAB_TAKE_NOT_FOUND);
    return { ...found, take: row };
  }

  /** Everyone but the recorder: their own page draws their take already. */
  const others = (members: { userId: string }[], userId: string) =>
    members.filter((m) => m.userId !== userId).map((m) => m.userId);

  return {
    /** PATCH …/takes/{takeId}: the caller's own take, to a new start on the grid. */
    async moveTake(user: UserRecord, id: string, takeId: string, body: MoveTakeBody): Promise<CollabTake> {
      const { row, take: found } = await sessionTake(user, id, takeId);
      if (found.userId !== user.id) throw forbidden(COLLAB_NOT_YOUR_TAKE);
      const start = snapTime(body.start_seconds, COLLAB_SNAP, row.beat?.bpm ?? STUDIO_AUDIO.DEFAULT_BPM);
      if (start + found.recording.durationSeconds > ARRANGEMENT_MAX_SECONDS) throw badRequest(TAKE_PAST_END);
      const moved = await takes.moveTake(row.id, found.id, start);
      if (!moved) throw notFound(COLLAB_TAKE_NOT_FOUND);
      const saved = take(moved);
      await toMembers(row.id, { type: 'take_moved', session_id: row.id, take: saved });
      return saved;
    },

    /** DELETE …/takes/{takeId}: the caller's own take, or any take for the host. */
    async deleteTake(user: UserRecord, id: string, takeId: string): Promise<void> {
      const { row, member, take: found } = await sessionTake(user, id, takeId);
      if (found.userId !== user.id && member.role !== 'host') throw forbidden(COLLAB_NOT_YOUR_TAKE);
      if (!(await takes.deleteTake(row.id, found.id))) throw notFound(COLLAB_TAKE_NOT_FOUND);
      await toMembers(row.id, { type: 'take_deleted', session_id: row.id, take_id: found.id });
    },

    /**
     * POST …/takes/live: a frame of the caller's take in progress, to the other members. One query
     * answers who may send it (a member of a live session who started recording) and whom it
     * reaches; the route's rate limit bounds how often.
     */
    async liveFrame(user: UserRecord, id: string, body: LiveTakeBody): Promise<void> {
      const members = isUuid(id) ? await takes.liveMembers(id) : [];
      const me = members.find((m) => m.userId === user.id);
      if (!me) {
        // Told apart as every session route does: a session that is not live, or not theirs.
        await asMember(user, id);
        throw notFound(COLLAB_ERRORS.notFound);
      }
      if (me.recordingFrom === null) throw badRequest(COLLAB_NOT_RECORDING);
      publish(others(members, user.id), {
        type: 'take_live',
        session_id: id,
        user_id: user.id,
        track: me.track as Track,
        start_seconds: me.recordingFrom,
        at: body.at,
        levels: body.levels,
      });
    },

    /** DELETE …/takes/start: the caller stops recording without a take; the others' clip goes. */
    async cancelRecording(user: UserRecord, id: string): Promise<void> {
      const { row } = await asMember(user, id);
      if (!(await takes.clearRecording(row.id, user.id))) return;
      publish(others(await takes.liveMembers(row.id), user.id), {
        type: 'take_live_ended',
        session_id: row.id,
        user_id: user.id,
      });
    },
  };
}
