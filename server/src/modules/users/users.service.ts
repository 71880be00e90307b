import type { UsersRepository } from './users.repository';

/**
 * The accounts behind sign-ins. Auth finds and creates users through this service; the users
 * table itself belongs to this module.
 */
export function createUsersService(deps: { repo: UsersRepository }) {
  const { repo } = deps;
  return {
    findById: (id: string) => repo.findById(id),
    /** The profile's display name and picture key (null when the user has no profile). */
    findProfileFace: (id: string) => repo.findProfileFace(id),
    /** The first sign-in of an identity creates its user, with a profile and default settings. */
    upsertFromIdentity: (identity: Parameters<UsersRepository['upsertFromIdentity']>[0]) =>
      repo.upsertFromIdentity(identity),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
