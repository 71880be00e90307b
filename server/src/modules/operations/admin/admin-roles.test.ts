import { randomUUID } from 'node:crypto';
import { ADMIN_DENIALS, type AdminUserAction } from '@beatroom/shared/admin-permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../../../test/community-fixtures';
import { createTestApp } from '../../../../test/helpers';

// The role matrix as one table: owner, admin and member acting on their own row, a member's,
// an admin's and an owner's row, for every action of the Users tab. Each row is run against a
// fresh target account; afterwards the roles are checked (changed only when allowed) and the
// audit log grew only for allowed actions.

type Actor = 'owner' | 'admin' | 'member';
type Target = 'own' | 'member' | 'admin' | 'owner';

const ALL: AdminUserAction[] = ['grant_admin', 'revoke_admin', 'grant_owner', 'revoke_owner', 'delete'];
const ok = 200;

/** Expected status (and reason) per actor, target and action. */
const MATRIX: Record<Actor, Record<Target, Record<AdminUserAction, number | string>>> = {
  owner: {
    own: Object.fromEntries(ALL.map((a) => [a, ADMIN_DENIALS.ownRow])) as Record<AdminUserAction, string>,
    member: {
      grant_admin: ok,
      revoke_admin: ADMIN_DENIALS.notAdminTarget,
      grant_owner: ok,
      revoke_owner: ADMIN_DENIALS.notOwnerTarget,
      delete: ok,
    },
    admin: {
      grant_admin: ADMIN_DENIALS.alreadyAdmin,
      revoke_admin: ok,
      grant_owner: ok,
      revoke_owner: ADMIN_DENIALS.notOwnerTarget,
      delete: ok,
    },
    owner: {
      grant_admin: ADMIN_DENIALS.alreadyAdmin,
      revoke_admin: ADMIN_DENIALS.revokeAdminOfOwner,
      grant_owner: ADMIN_DENIALS.alreadyOwner,
      revoke_owner: ok,
      delete: ok,
    },
  },
  admin: {
    own: Object.fromEntries(ALL.map((a) => [a, ADMIN_DENIALS.ownRow])) as Record<AdminUserAction, string>,
    member: {
      // Creating admins is an owner's power only.
      grant_admin: ADMIN_DENIALS.ownerOnly,
      revoke_admin: ADMIN_DENIALS.ownerOnly,
      grant_owner: ADMIN_DENIALS.ownerOnly,
      revoke_owner: ADMIN_DENIALS.ownerOnly,
      delete: ADMIN_DENIALS.ownerOnly,
    },
    admin: Object.fromEntries(ALL.map((a) => [a, ADMIN_DENIALS.adminTarget])) as Record<
      AdminUserAction,
      string
    >,
    owner: Object.fromEntries(ALL.map((a) => [a, ADMIN_DENIALS.adminTarget])) as Record<
      AdminUserAction,
      string
    >,
  },
  // Members never reach the rule: requireAdmin answers first.
  member: Object.fromEntries(
    (['own', 'member', 'admin', 'owner'] as Target[]).map((t) => [
      t,
      Object.fromEntries(ALL.map((a) => [a, 'Admin access required'])),
    ]),
  ) as Record<Target, Record<AdminUserAction, string>>,
};

const ROLES: Record<Exclude<Target, 'own'>, { isAdmin: boolean; isOwner: boolean }> = {
  member: { isAdmin: false, isOwner: false },
  admin: { isAdmin: true, isOwner: false },
  owner: { isAdmin: true, isOwner: true },
};

function request(action: AdminUserAction, id: string) {
  switch (action) {
    case 'grant_admin':
      return { method: 'PATCH' as const, url: `/api/admin/users/${id}/admin`, payload: { isAdmin: true } };
    case 'revoke_admin':
      return { method: 'PATCH' as const, url: `/api/admin/users/${id}/admin`, payload: { isAdmin: false } };
    case 'grant_owner':
      return { method: 'PATCH' as const, url: `/api/admin/users/${id}/owner`, payload: { isOwner: true } };
    case 'revoke_owner':
      return { method: 'PATCH' as const, url: `/api/admin/users/${id}/owner`, payload: { isOwner: false } };
    case 'delete':
      return { method: 'DELETE' as const, url: `/api/admin/users/${id}` };
  }
}

/** What an allowed action leaves: the target's and the actor's roles afterwards. */
function expectedAfter(action: AdminUserAction, target: { isAdmin: boolean; isOwner: boolean }) {
  switch (action) {
    case 'grant_admin':
      return { target: { ...target, isAdmin: true }, actorStaysOwner: true };
    case 'revoke_admin':
      return { target: { ...target, isAdmin: false }, actorStaysOwner: true };
    case 'grant_owner':
      // A transfer: the caller stops being owner.
      return { target: { isAdmin: true, isOwner: true }, actorStaysOwner: false };
    case 'revoke_owner':
      return { target: { isAdmin: true, isOwner: false }, actorStaysOwner: true };
    case 'delete':
      return { target: null, actorStaysOwner: true };
  }
}

let t: Awaited<ReturnType<typeof createTestApp>>;
const actors = {} as Record<Actor, Awaited<ReturnType<typeof member>>>;

beforeAll(async () => {
  t = await createTestApp();
  // The ADMIN_EMAIL account becomes the first owner on its first sign-in.
  actors.owner = await member(t.app, t.config.adminEmail);
  actors.admin = await member(t.app, 'matrix-admin@example.com');
  actors.member = await member(t.app, 'matrix-member@example.com');
  await t.app.db.prisma.user.update({ where: { id: actors.admin.id }, data: { isAdmin: true } });
});
afterAll(async () => t?.close());

async function resetActors() {
  const p = t.app.db.prisma;
  await p.user.update({
    where: { id: actors.owner.id },
    data: { isAdmin: true, isOwner: true, role: 'user' },
  });
  await p.user.update({
    where: { id: actors.admin.id },
    data: { isAdmin: true, isOwner: false, role: 'user' },
  });
  await p.user.update({
    where: { id: actors.member.id },
    data: { isAdmin: false, isOwner: false, role: 'user' },
  });
}

const rows = (Object.keys(MATRIX) as Actor[]).flatMap((actor) =>
  (Object.keys(MATRIX[actor]) as Target[]).flatMap((target) =>
    ALL.map((action) => ({ actor, target, action, expected: MATRIX[actor][target][action] })),
  ),
);

describe('the role matrix on the server', () => {
  it('the ADMIN_EMAIL account is the first owner, and /api/users/me says so', async () => {
    const me = (await actors.owner.agent.get('/api/users/me')).json();
    expect(me).toMatchObject({ isAdmin: true, isOwner: true });
    expect((await actors.member.agent.get('/api/users/me')).json()).toMatchObject({ isOwner: false });
  });

  it.each(rows)('$actor on $target row: $action → $expected', async ({ actor, target, action, expected }) => {
    await resetActors();
    const p = t.app.db.prisma;
    const targetId =
      target === 'own'
        ? actors[actor].id
        : (
            await p.user.create({
              data: {
                issuer: 'test',
                sub: randomUUID(),
                email: `${randomUUID()}@example.com`,
                ...ROLES[target],
                profile: { create: { displayName: `${target} target` } },
              },
            })
          ).id;
    const rolesBefore = await p.user.findUniqueOrThrow({ where: { id: targetId } });
    const logsBefore = await p.adminLog.count();

    const res = await actors[actor].agent.request(request(action, targetId));

    const after = await p.user.findUniqueOrThrow({ where: { id: targetId } });
    const actorAfter = await p.user.findUniqueOrThrow({ where: { id: actors[actor].id } });
    if (expected === ok) {
      expect(res.statusCode, res.body).toBe(200);
      const want = expectedAfter(action, ROLES[target as Exclude<Target, 'own'>]);
      if (want.target) {
        expect({ isAdmin: after.isAdmin, isOwner: after.isOwner }).toEqual(want.target);
      } else {
        expect(after.deletedAt).not.toBeNull();
      }
      if (actor === 'owner') expect(actorAfter.isOwner).toBe(want.actorStaysOwner);
      // One audit row per change (two for a transfer: the grant and the caller's loss).
      const logs = await p.adminLog.findMany({ where: { createdAt: { gte: rolesBefore.updatedAt } } });
      expect(await p.adminLog.count()).toBe(logsBefore + (action === 'grant_owner' ? 2 : 1));
      expect(logs.some((l) => l.targetId === targetId && l.adminId === actors[actor].id)).toBe(true);
    } else {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: expected });
      // Nothing changed: roles, deletion, audit log.
      expect({ a: after.isAdmin, o: after.isOwner, d: after.deletedAt }).toEqual({
        a: rolesBefore.isAdmin,
        o: rolesBefore.isOwner,
        d: rolesBefore.deletedAt,
      });
      expect(await p.adminLog.count()).toBe(logsBefore);
    }
  });
});
