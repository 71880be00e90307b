import {
  COLLAB_ERRORS,
  COLLAB_NOT_YOUR_TRACK,
  CollabSessionData,
  type Track,
  type TrackSettings,
  type TransportBody,
} from '@beatroom/shared/collab-sessions-contract';
import { forbidden, notFound } from '../../../http/http-errors';
import { isUuid } from '../../../http/params';
import type { UserRecord } from '../../platform/users/user-record';
import type { CollabAccess, CollabDeps } from './collab-access';

/**
 * The session's shared mix: the host's transport and beat volume, each member's own track. Every
 * change is written under the session's row lock and sent to every member.
 */
export function createCollabMixService(deps: CollabDeps & { access: CollabAccess; now: () => number }) {
  const { repo, now } = deps;
  const { asHost, asMember, toMembers } = deps.access;

  return {
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
  };
}
