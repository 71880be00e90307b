import { describe, expect, it } from 'vitest';
import { ADMIN_DENIALS, decideAdminAction } from './admin-permissions';

const owner = { id: 'o', isAdmin: true, isOwner: true };
const owner2 = { id: 'o2', isAdmin: true, isOwner: true };
const admin = { id: 'a', isAdmin: true, isOwner: false };
const fan = { id: 'm', isAdmin: false, isOwner: false };

describe('decideAdminAction: the admin panel role matrix', () => {
  it('nobody acts on their own row', () => {
    for (const who of [owner, admin]) {
      expect(decideAdminAction(who, who, 'delete', 2)).toEqual({
        allowed: false,
        reason: ADMIN_DENIALS.ownRow,
      });
    }
  });
  it('members are not admins', () => {
    expect(decideAdminAction(fan, admin, 'grant_admin', 1)).toEqual({
      allowed: false,
      reason: ADMIN_DENIALS.notAdmin,
    });
  });
  it('admins create no admins, change no roles, and never touch admins or owners', () => {
    expect(decideAdminAction(admin, fan, 'grant_admin', 1)).toEqual({
      allowed: false,
      reason: ADMIN_DENIALS.ownerOnly,
    });
    expect(decideAdminAction(owner, fan, 'grant_admin', 1).allowed).toBe(true);
    expect(decideAdminAction(owner, admin, 'revoke_admin', 1).allowed).toBe(true);
    expect(decideAdminAction(admin, fan, 'delete', 1)).toEqual({
      allowed: false,
      reason: ADMIN_DENIALS.ownerOnly,
    });
    expect(decideAdminAction(admin, owner, 'revoke_owner', 2)).toEqual({
      allowed: false,
      reason: ADMIN_DENIALS.adminTarget,
    });
  });
  it('owners grant and revoke roles and delete; the last owner is never removed', () => {
    expect(decideAdminAction(owner, fan, 'grant_owner', 1).allowed).toBe(true);
    expect(decideAdminAction(owner, owner2, 'revoke_owner', 2).allowed).toBe(true);
    expect(decideAdminAction(owner, owner2, 'revoke_owner', 1)).toEqual({
      allowed: false,
      reason: ADMIN_DENIALS.lastOwner,
    });
    expect(decideAdminAction(owner, owner2, 'delete', 1)).toEqual({
      allowed: false,
      reason: ADMIN_DENIALS.lastOwner,
    });
    expect(decideAdminAction(owner, owner2, 'revoke_admin', 2)).toEqual({
      allowed: false,
      reason: ADMIN_DENIALS.revokeAdminOfOwner,
    });
  });
});
