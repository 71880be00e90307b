import {
  ADMIN_DENIALS,
  decideAdminAction,
  type AdminUserAction,
  type RoleSubject,
} from '@beatroom/shared/admin-permissions';
import type { AdminBeatsResponse, AdminUsersResponse, DashboardStats } from '@beatroom/shared/admin-contract';
import { BEAT_NOT_FOUND } from '@beatroom/shared/beats-contract';
import { isAdminUser, isOwnerUser } from '@beatroom/shared/permissions';
import type { Tx } from '../../../db/transaction';
import { forbidden, notFound } from '../../../http/http-errors';
import { USER_NOT_FOUND } from '../../../http/params';
import type { AuditService } from '../audit/audit.service';
import type { UserRecord } from '../../platform/users/user-record';
import type { AdminRepository, RoleRow } from './admin.repository';

/** The allow-listed address (ADMIN_EMAIL) is an admin by configuration, whatever its flags say. */
export const CONFIGURED_ADMIN = 'This account is an admin by configuration (ADMIN_EMAIL)';

/**
 * The admin panel. Routes are behind
 * requireAdmin; every role change re-reads both accounts under the owners' lock and asks the
 * shared rule (decideAdminAction) before changing anything, so the server refuses exactly what
 * the panel does not offer, with the same reason. Every change writes its audit row in its own
 * transaction.
 */
export function createAdminService(deps: {
  repo: AdminRepository;
  audit: Pick<AuditService, 'record'>;
  adminEmail: string;
  /** The money work's account deletion (account module), with our work inside its transaction. */
  removeUser: (
    userId: string,
    alsoInTransaction: (tx: Tx, userId: string) => Promise<unknown>,
  ) => Promise<boolean>;
  /** The catalogue's beat deletion with its files (beats module). */
  removeBeat: (beatId: string, alsoInTransaction: (tx: Tx) => Promise<void>) => Promise<boolean>;
  /** Browse pages cached in memory must show a changed featured flag. */
  forgetListPages: () => void;
  now?: () => Date;
}) {
  const { repo, audit, adminEmail } = deps;
  const now = deps.now ?? (() => new Date());

  const subject = (row: RoleRow): RoleSubject => ({
    id: row.id,
    isAdmin: isAdminUser(row, adminEmail),
    isOwner: isOwnerUser(row),
  });
  const rolesOf = (row: RoleRow) => ({ is_admin: row.isAdmin, is_owner: row.isOwner, role: row.role });

  /**
   * Under the owners' lock: both accounts as they are now, and the rule's verdict (403 with its
   * reason, 404 for an unknown target). The caller's own row is re-read too: a revoked admin's
   * request in flight is refused.
   */
  async function decide(tx: Tx, actor: UserRecord, targetId: string, action: AdminUserAction) {
    await repo.lockOwners(tx);
    const [me, target] = await Promise.all([repo.roleOf(tx, actor.id), repo.roleOf(tx, targetId)]);
    if (!me) throw forbidden(ADMIN_DENIALS.notAdmin);
    if (!target) throw notFound(USER_NOT_FOUND);
    const verdict = decideAdminAction(subject(me), subject(target), action, await repo.ownerCount(tx));
    if (!verdict.allowed) throw forbidden(verdict.reason);
    return { me, target };
  }

  return {
    dashboard: (): Promise<DashboardStats> => repo.dashboard(now()),

    async users(page: number, limit: number, search?: string): Promise<AdminUsersResponse> {
      const [{ rows, pagination }, ownerCount] = await Promise.all([
        repo.users(page, limit, search),
        repo.transaction((tx) => repo.ownerCount(tx)),
      ]);
      return {
        users: rows.map(({ role, ...row }) => ({
          ...row,
          is_admin: isAdminUser({ isAdmin: row.is_admin, role, email: row.email }, adminEmail),
          is_owner: isOwnerUser({ isOwner: row.is_owner, role }),
        })),
        pagination,
        ownerCount,
      };
    },

    /** PATCH /api/admin/users/{id}/admin. */
    async setAdmin(actor: UserRecord, targetId: string, isAdmin: boolean): Promise<void> {
      await repo.transaction(async (tx) => {
        const { target } = await decide(tx, actor, targetId, isAdmin ? 'grant_admin' : 'revoke_admin');
        if (!isAdmin && target.email.trim().toLowerCase() === adminEmail.trim().toLowerCase()) {
          throw forbidden(CONFIGURED_ADMIN);
        }
        const after = {
          isAdmin,
          role: isAdmin ? target.role : target.role === 'admin' ? ('user' as const) : target.role,
        };
        await repo.setRoles(tx, target.id, after);
        await audit.record(tx, {
          adminId: actor.id,
          action: isAdmin ? 'user.admin.grant' : 'user.admin.revoke',
          targetType: 'user',
          targetId: target.id,
          before: rolesOf(target),
          after: rolesOf({ ...target, ...after }),
        });
      });
    },

    /**
     * PATCH /api/admin/users/{id}/owner. Granting owner transfers it: the target becomes owner
     * (and admin) and the caller stops being owner (staying admin), in one transaction.
     */
    async setOwner(actor: UserRecord, targetId: string, isOwner: boolean): Promise<void> {
      await repo.transaction(async (tx) => {
        const { me, target } = await decide(tx, actor, targetId, isOwner ? 'grant_owner' : 'revoke_owner');
        if (isOwner) {
          const targetAfter = { isOwner: true, isAdmin: true, role: target.role };
          const meAfter = {
            isOwner: false,
            isAdmin: true,
            role: me.role === 'owner' ? ('admin' as const) : me.role,
          };
          await repo.setRoles(tx, target.id, targetAfter);
          await repo.setRoles(tx, me.id, meAfter);
          await audit.record(tx, {
            adminId: actor.id,
            action: 'user.owner.grant',
            targetType: 'user',
            targetId: target.id,
            before: rolesOf(target),
            after: rolesOf({ ...target, ...targetAfter }),
          });
          await audit.record(tx, {
            adminId: actor.id,
            action: 'user.owner.transfer_out',
            targetType: 'user',
            targetId: me.id,
            before: rolesOf(me),
            after: rolesOf({ ...me, ...meAfter }),
          });
        } else {
          // A former owner stays an admin: revoking admin is a separate, explicit step.
          const after = {
            isOwner: false,
            isAdmin: true,
            role: target.role === 'owner' ? ('admin' as const) : target.role,
          };
          await repo.setRoles(tx, target.id, after);
          await audit.record(tx, {
            adminId: actor.id,
            action: 'user.owner.revoke',
            targetType: 'user',
            targetId: target.id,
            before: rolesOf(target),
            after: rolesOf({ ...target, ...after }),
          });
        }
      });
    },

    /**
     * DELETE /api/admin/users/{id}: the account deletion of the money work; the rule is checked
     * again inside its transaction (under the owners' lock), with the audit row.
     */
    async deleteUser(actor: UserRecord, targetId: string): Promise<void> {
      // Checked first outside, so a refused deletion answers 403/404 without touching anything.
      await repo.transaction((tx) => decide(tx, actor, targetId, 'delete'));
      const removed = await deps.removeUser(targetId, async (tx) => {
        const { target } = await decide(tx, actor, targetId, 'delete');
        await audit.record(tx, {
          adminId: actor.id,
          action: 'user.delete',
          targetType: 'user',
          targetId: target.id,
          before: { ...rolesOf(target), email: target.email },
          after: null,
        });
      });
      if (!removed) throw notFound(USER_NOT_FOUND);
    },

    async beats(page: number, limit: number, search?: string): Promise<AdminBeatsResponse> {
      const { rows, pagination } = await repo.beats(page, limit, search);
      return { beats: rows, pagination };
    },

    /** PATCH /api/admin/beats/{id}/featured: the permanent flag the catalogue's featured filter and badge read. */
    async setFeatured(actor: UserRecord, beatId: string, isFeatured: boolean): Promise<void> {
      await repo.transaction(async (tx) => {
        const beat = await repo.lockBeat(tx, beatId);
        if (!beat) throw notFound(BEAT_NOT_FOUND);
        await repo.setFeatured(tx, beatId, isFeatured);
        await audit.record(tx, {
          adminId: actor.id,
          action: isFeatured ? 'beat.feature' : 'beat.unfeature',
          targetType: 'beat',
          targetId: beatId,
          before: { is_featured: beat.isFeatured },
          after: { is_featured: isFeatured },
        });
      });
      deps.forgetListPages();
    },

    /** DELETE /api/admin/beats/{id}: the catalogue's deletion (files included), audited. */
    async deleteBeat(actor: UserRecord, beatId: string): Promise<void> {
      const beat = await repo.findBeat(beatId);
      if (!beat) throw notFound(BEAT_NOT_FOUND);
      const removed = await deps.removeBeat(beatId, (tx) =>
        audit.record(tx, {
          adminId: actor.id,
          action: 'beat.delete',
          targetType: 'beat',
          targetId: beatId,
          before: { title: beat.title, user_id: beat.userId },
          after: null,
        }),
      );
      if (!removed) throw notFound(BEAT_NOT_FOUND);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
