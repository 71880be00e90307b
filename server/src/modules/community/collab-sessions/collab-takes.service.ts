import {
  COLLAB_ERRORS,
  COLLAB_MAX_TAKES,
  COLLAB_NOT_YOUR_TRACK,
  COLLAB_TAKE_LATEST_START_S,
  COLLAB_TAKE_NOT_FOUND,
  COLLAB_TAKE_NOT_STARTED,
  COLLAB_TAKE_START_TOLERANCE_S,
  COLLAB_TAKE_TOO_LATE,
  COLLAB_TAKES_FULL,
  positionAt,
  type AddTakeBody,
  type CollabTake,
  type StartTakeBody,
  type TakeStart,
} from '@beatroom/shared/collab-sessions-contract';
import { RECORDING_NOT_FOUND } from '@beatroom/shared/recordings-contract';
import { badRequest, conflict, forbidden, notFound } from '../../../http/http-errors';
import { isUuid } from '../../../http/params';
import type { FileAnswer, FileRequest } from '../../catalogue/files/files.service';
import type { UserRecord } from '../../platform/users/user-record';
import type { CollabAccess, CollabDeps } from './collab-access';
import { take, toSession } from './collab-responses';
import type { CollabTakesRepository } from './collab-takes.repository';

export const TAKE_NOT_FOUND = COLLAB_TAKE_NOT_FOUND;
export const TAKE_WRONG_BEAT = "The recording is not over this session's beat";
export const SESSION_WITHOUT_BEAT = 'This session has no beat to record over';

/**
 * Where a take starts: the server's stamp comes late by the start request's way here, so the
 * member's own position (what they heard as the recorder started) is taken when it lies near the
 * stamp; one further off (a wrong clock, a stale player, a made-up number) is not.
 */
export function takeStart(stamped: number, heard: number | undefined): number {
  if (heard === undefined || Math.abs(heard - stamped) > COLLAB_TAKE_START_TOLERANCE_S) return stamped;
  return heard;
}

/**
 * The session's takes: each member records on their own track only, as many takes as they like
 * (up to COLLAB_MAX_TAKES a session). Where a take sits on the timeline is the server's word:
 * starting a recording stamps the transport's position by the server's clock (or the member's
 * own, near it: takeStart), and the take added next is placed there, then announced to every
 * member.
 */
export function createCollabTakesService(
  deps: CollabDeps & {
    access: CollabAccess;
    takes: CollabTakesRepository;
    readPrivate: (key: string, request: FileRequest) => Promise<FileAnswer>;
    now: () => number;
  },
) {
  const { repo, takes, now } = deps;
  const { asMember, toMembers } = deps.access;

  /** The session and the caller's membership, when the track named is the caller's own. */
  async function onOwnTrack(user: UserRecord, id: string, track: number) {
    const found = await asMember(user, id);
    if (found.member.track !== track) throw forbidden(COLLAB_NOT_YOUR_TRACK);
    if (!found.row.beatId) throw badRequest(SESSION_WITHOUT_BEAT);
    return found;
  }

  return {
    /** POST …/takes/start: stamps where the caller's take starts (the transport now, by this clock). */
    async startTake(user: UserRecord, id: string, body: StartTakeBody): Promise<TakeStart> {
      const { row } = await onOwnTrack(user, id, body.track);
      const stampedAt = now();
      const start = takeStart(positionAt(toSession(row, stampedAt).session_data, stampedAt), body.position);
      if (start > COLLAB_TAKE_LATEST_START_S) throw badRequest(COLLAB_TAKE_TOO_LATE);
      if (!(await takes.stampRecording(row.id, user.id, start))) throw notFound(COLLAB_ERRORS.notFound);
      // The others see the take growing from here on (its frames follow: collab-take-edits).
      const others = (await deps.access.memberIds(row.id)).filter((userId) => userId !== user.id);
      deps.publish(others, {
        type: 'take_live',
        session_id: row.id,
        user_id: user.id,
        track: body.track,
        start_seconds: start,
        at: 0,
        levels: [],
      });
      return { track: body.track, start_seconds: start, stamped_at: stampedAt };
    },

    /**
     * POST …/takes: one of the caller's recordings (uploaded through POST /api/recordings/upload,
     * over the session's beat) becomes one more take on their own track, from the start stamped
     * when they began recording; members are told. Refusals change nothing (the stamp stays).
     */
    async addTake(user: UserRecord, id: string, body: AddTakeBody): Promise<CollabTake> {
      const { row } = await onOwnTrack(user, id, body.track);
      const recording = await takes.ownRecording(body.recording_id, user.id);
      if (!recording) throw notFound(RECORDING_NOT_FOUND);
      if (recording.beatId !== row.beatId) throw badRequest(TAKE_WRONG_BEAT);
      const result = await takes.transaction(async (tx) => {
        const locked = await repo.lockForJoin(tx, row.id);
        if (!locked || locked.ended_at) return { kind: 'ended' } as const;
        if ((await takes.takeCount(tx, row.id)) >= COLLAB_MAX_TAKES) return { kind: 'full' } as const;
        const startSeconds = await takes.claimRecordingStart(tx, row.id, user.id);
        if (startSeconds === null) return { kind: 'not-started' } as const;
        const added = await takes.addTake(tx, {
          sessionId: row.id,
          userId: user.id,
          track: body.track,
          recordingId: body.recording_id,
          startSeconds,
        });
        return { kind: 'added', row: added } as const;
      });
      if (result.kind === 'ended') throw notFound(COLLAB_ERRORS.notFound);
      if (result.kind === 'full') throw conflict(COLLAB_TAKES_FULL);
      if (result.kind === 'not-started') throw badRequest(COLLAB_TAKE_NOT_STARTED);
      const saved = take(result.row);
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
      const found = isUuid(takeId) ? await takes.take(row.id, takeId) : null;
      if (!found) return { status: 404, error: TAKE_NOT_FOUND };
      const answer = await deps.readPrivate(found.recording.fileKey, request);
      return answer.status === 404 ? { status: 404, error: TAKE_NOT_FOUND } : answer;
    },
  };
}
