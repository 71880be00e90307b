import type { CollabEvent } from '@beatroom/shared/collab-events-contract';
import type { ServerMessage } from '@beatroom/shared/realtime-contract';
import { isNotification, TestSocket } from './community-fixtures';

/** A member's realtime socket, open and greeted, on the app listening at `url`. */
export async function memberSocket(url: string, who: { token: string }) {
  const socket = await TestSocket.open(url, {
    cookie: `beatroom_session=${who.token}`,
    origin: 'http://localhost:3000',
  });
  await socket.next(isNotification('connected'));
  return socket;
}

/** Matches a session's `collab` message of one type. */
export const collab =
  (type: CollabEvent['type'], sessionId: string) =>
  (m: ServerMessage): m is Extract<ServerMessage, { type: 'collab' }> =>
    m.type === 'collab' && m.data.type === type && m.data.session_id === sessionId;
