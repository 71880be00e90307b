// The admin panel's role matrix as one pure rule, so the server enforces exactly what the
// admin panel offers: the web shows a control only when `decideAdminAction` allows it, and the
// server answers 403 with the same reason otherwise.

/** Who is acting or acted on, as far as the matrix cares. */
export interface RoleSubject {
  id: string;
  isAdmin: boolean;
  isOwner: boolean;
}

/**
 * The actions of the Users tab. Granting owner transfers it: the caller stops being owner.
 */
export const ADMIN_USER_ACTIONS = [
  'grant_admin',
  'revoke_admin',
  'grant_owner',
  'revoke_owner',
  'delete',
] as const;
export type AdminUserAction = (typeof ADMIN_USER_ACTIONS)[number];

export type AdminDecision = { allowed: true } | { allowed: false; reason: string };

/** The reasons, verbatim in 403 answers and in the panel's tooltips. */
export const ADMIN_DENIALS = {
  notAdmin: 'Admin access required',
  ownRow: 'You cannot change your own account here',
  ownerOnly: 'Only an owner can do this',
  adminTarget: 'Admins cannot modify other admins or owners',
  lastOwner: 'The last owner cannot be removed',
  alreadyAdmin: 'This user is already an admin',
  notAdminTarget: 'This user is not an admin',
  alreadyOwner: 'This user is already an owner',
  notOwnerTarget: 'This user is not an owner',
  revokeAdminOfOwner: 'Revoke owner status before revoking admin',
} as const;

const allow: AdminDecision = { allowed: true };
const deny = (reason: string): AdminDecision => ({ allowed: false, reason });

/**
 * Admins manage members who are neither admins nor owners, but never change anyone's role:
 * granting or revoking admin, owner changes and deleting users are owner powers. Owners grant and
 * revoke admin for any other user, grant owner (a transfer), revoke owner from another owner and
 * delete users; nobody acts on their own row; the last owner is never removed. `ownerCount` is
 * the number of owners now.
 *
 * An owner is always an admin too, so revoking admin from an owner is refused (it would leave an
 * owner without the panel); deleting an owner is allowed only while another owner remains.
 */
export function decideAdminAction(
  actor: RoleSubject,
  target: RoleSubject,
  action: AdminUserAction,
  ownerCount: number,
): AdminDecision {
  const actorIsAdmin = actor.isAdmin || actor.isOwner;
  if (!actorIsAdmin) return deny(ADMIN_DENIALS.notAdmin);
  if (actor.id === target.id) return deny(ADMIN_DENIALS.ownRow);
  if (!actor.isOwner) {
    // An admin manages members only and creates no admins: every role change and deletion is
    // an owner power, so the set of admins only ever grows by an owner's decision.
    if (target.isAdmin || target.isOwner) return deny(ADMIN_DENIALS.adminTarget);
    return deny(ADMIN_DENIALS.ownerOnly);
  }
  switch (action) {
    case 'grant_admin':
      return target.isAdmin || target.isOwner ? deny(ADMIN_DENIALS.alreadyAdmin) : allow;
    case 'revoke_admin':
      if (target.isOwner) return deny(ADMIN_DENIALS.revokeAdminOfOwner);
      return target.isAdmin ? allow : deny(ADMIN_DENIALS.notAdminTarget);
    case 'grant_owner':
      return target.isOwner ? deny(ADMIN_DENIALS.alreadyOwner) : allow;
    case 'revoke_owner':
      if (!target.isOwner) return deny(ADMIN_DENIALS.notOwnerTarget);
      return ownerCount > 1 ? allow : deny(ADMIN_DENIALS.lastOwner);
    case 'delete':
      if (target.isOwner && ownerCount <= 1) return deny(ADMIN_DENIALS.lastOwner);
      return allow;
  }
}

/** Whether the panel offers the action at all (the same rule, as a boolean). */
export function canAdminAct(
  actor: RoleSubject,
  target: RoleSubject,
  action: AdminUserAction,
  ownerCount: number,
) {
  return decideAdminAction(actor, target, action, ownerCount).allowed;
}
