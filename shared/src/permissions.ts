/** Account roles the admin rule reads. The music role lives on the profile. */
export const ACCOUNT_ROLES = ['user', 'admin', 'owner'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

export interface AdminRuleSubject {
  isAdmin: boolean;
  role: AccountRole;
  email: string;
}

/**
 * Admin when the isAdmin flag is set, or the role is owner or admin, or the
 * e-mail equals the single built-in allow-list address. E-mail comparison ignores case because
 * identity providers do not agree on it.
 */
export function isAdminUser(user: AdminRuleSubject, allowListEmail: string | null | undefined): boolean {
  if (user.isAdmin || user.role === 'owner' || user.role === 'admin') return true;
  return !!allowListEmail && user.email.trim().toLowerCase() === allowListEmail.trim().toLowerCase();
}

/** Owners are admins with extra powers. */
export function isOwnerUser(user: { isOwner: boolean; role: AccountRole }): boolean {
  return user.isOwner || user.role === 'owner';
}
