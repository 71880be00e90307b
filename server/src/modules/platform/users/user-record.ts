import type { AccountRole } from '@beatroom/shared/permissions';

/**
 * A user as the server works with them: the signed-in caller every service receives (from
 * `request.session`, never from the client), and the owner of beats, follows and the rest.
 */
export interface UserRecord {
  id: string;
  email: string;
  name: string | null;
  picture: string | null;
  isAdmin: boolean;
  isOwner: boolean;
  role: AccountRole;
}
