import type { SessionUser } from '@beatroom/shared/auth-contract';

/** A signed-in member with no special rights, as GET /api/users/me answers. */
export const ada: SessionUser = {
  id: 'user-ada-0001',
  email: 'ada@example.com',
  name: 'Ada',
  picture: null,
  isAdmin: false,
  isOwner: false,
  role: 'user',
};
