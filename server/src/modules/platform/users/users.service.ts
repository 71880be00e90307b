import type { UsersRepository } from './users.repository';

/**
 * The accounts behind sign-ins. Auth finds and creates users through this service; the users
 * table itself belongs to this module.
 */
export function createUsersService(deps: {
  repo: UsersRepository;
  /** ADMIN_EMAIL: its account becomes the first owner (and admin) while there is no owner. */
  firstOwnerEmail?: string | null;
}) {
  const { repo } = deps;
  const ownerEmail = deps.firstOwnerEmail?.trim().toLowerCase() || null;
  return {
    findById: (id: string) => repo.findById(id),
    /** The profile's display name and picture key (null when the user has no profile). */
    findProfileFace: (id: string) => repo.findProfileFace(id),
    /** The first sign-in of an identity creates its user, with a profile and default settings. */
    async upsertFromIdentity(identity: Parameters<UsersRepository['upsertFromIdentity']>[0]) {
      const user = await repo.upsertFromIdentity(identity);
      // The ADMIN_EMAIL account is the first owner (docs/domain.md#roles). Checked on every
      // sign-in (cheap: only that address), so a deployment whose owners all left gets one back.
      if (ownerEmail && !user.isOwner && user.email.trim().toLowerCase() === ownerEmail) {
        return (await repo.claimFirstOwner(user.id)) ?? user;
      }
      return user;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
