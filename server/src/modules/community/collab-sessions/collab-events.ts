import type { CollabEvent } from '@beatroom/shared/collab-events-contract';
import type { RealtimeService } from '../../platform/realtime/realtime.service';

/**
 * How a session's event reaches its members: by user id through the realtime bus, so every
 * instance holding one of their sockets delivers it (all their tabs), and nobody else's.
 */
export function collabPublisher(realtime: Pick<RealtimeService, 'sendToUsers'>) {
  return (userIds: string[], event: CollabEvent) =>
    realtime.sendToUsers(userIds.map((userId) => ({ userId, messages: [{ type: 'collab', data: event }] })));
}
