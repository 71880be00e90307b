import { ADMIN_TEXTS, OWNER_TRANSFER_RELOAD_MS, type AdminUserRow } from '@beatroom/shared/admin-contract';
import { canAdminAct, type AdminUserAction } from '@beatroom/shared/admin-permissions';
import type { SessionUser } from '@beatroom/shared/auth-contract';
import { formatDate } from '@beatroom/shared/format-dates';
import { formatNumber } from '@beatroom/shared/format-numbers';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { adminKeys, adminUsersQueryOptions, deleteUser, setUserAdmin, setUserOwner } from '../api';
import { Badge, toastFailure, toastSuccess } from './admin-parts';
import { AdminListTab, useAdminListState } from './admin-list-tab';

/** Reloads the page: after an owner transfer the caller's powers changed (after 2 s). */
export function reloadPage() {
  window.location.reload();
}

/**
 * The Users tab: a control shows only when the shared
 * rule allows it for this caller and row, the server applying the same rule.
 */
export function UsersTab({ me, onReload = reloadPage }: { me: SessionUser; onReload?: () => void }) {
  const list = useAdminListState();
  const setConfirmation = list.setConfirmation;
  const queryClient = useQueryClient();
  const users = useQuery(adminUsersQueryOptions(list.page, list.search));
  const actor = { id: me.id, isAdmin: me.isAdmin, isOwner: me.isOwner };
  const ownerCount = users.data?.ownerCount ?? 1;
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });

  const act = async (work: () => Promise<unknown>, success: string, failure: string) => {
    try {
      await work();
      toastSuccess(success);
      await refresh();
      return true;
    } catch (error) {
      toastFailure(error, failure);
      return false;
    }
  };

  const allowed = (row: AdminUserRow, action: AdminUserAction) =>
    canAdminAct(actor, { id: row.user_id, isAdmin: row.is_admin, isOwner: row.is_owner }, action, ownerCount);

  const toggleAdmin = (row: AdminUserRow) =>
    act(
      () => setUserAdmin(row.user_id, !row.is_admin),
      row.is_admin ? ADMIN_TEXTS.adminRevoked : ADMIN_TEXTS.adminGranted,
      ADMIN_TEXTS.adminFailed,
    );

  const grantOwner = (row: AdminUserRow) =>
    setConfirmation({
      title: 'Transfer ownership',
      message: `Make ${row.display_name} an owner? This will revoke your own owner status: you stay an admin, and the page reloads.`,
      confirmLabel: 'Transfer Ownership',
      run: async () => {
        if (
          await act(() => setUserOwner(row.user_id, true), ADMIN_TEXTS.ownerGranted, ADMIN_TEXTS.ownerFailed)
        ) {
          window.setTimeout(onReload, OWNER_TRANSFER_RELOAD_MS);
        }
      },
    });

  const revokeOwner = (row: AdminUserRow) =>
    act(() => setUserOwner(row.user_id, false), ADMIN_TEXTS.ownerRevoked, ADMIN_TEXTS.ownerFailed);

  const remove = (row: AdminUserRow) =>
    setConfirmation({
      title: 'Delete user',
      message: `Are you sure you want to delete ${row.display_name}? This action cannot be undone.`,
      confirmLabel: 'Delete User',
      run: async () => {
        await act(() => deleteUser(row.user_id), ADMIN_TEXTS.userDeleted, ADMIN_TEXTS.deleteUserFailed);
      },
    });

  return (
    <AdminListTab
      name="Users"
      Icon={Users}
      head={['User', 'Beats', 'Followers', 'Roles', 'Joined', 'Actions']}
      state={list}
      query={users}
      empty={users.data?.users.length === 0}
      rows={
        <>
          {(users.data?.users ?? []).map((row) => {
            const own = row.user_id === me.id;
            return (
              <tr key={row.user_id} data-testid="admin-user-row">
                <td className="px-3 py-2">
                  <Link to={`/profile/${row.user_id}`} className="font-medium hover:underline">
                    {row.display_name}
                  </Link>
                  {own ? <span className="ml-2 text-xs font-semibold text-accent">(You)</span> : null}
                  <div className="text-xs text-muted">{row.email}</div>
                </td>
                <td className="numeric px-3 py-2">{formatNumber(row.beat_count)}</td>
                <td className="numeric px-3 py-2">{formatNumber(row.follower_count)}</td>
                <td className="px-3 py-2">
                  <span className="flex flex-wrap gap-1">
                    {row.is_owner ? <Badge tone="owner">Owner</Badge> : null}
                    {row.is_admin ? <Badge tone="admin">Admin</Badge> : null}
                    {row.verified ? <Badge tone="verified">Verified</Badge> : null}
                  </span>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{formatDate(row.created_at)}</td>
                <td className="px-3 py-2">
                  <span className="flex flex-wrap gap-1.5">
                    {allowed(row, row.is_admin ? 'revoke_admin' : 'grant_admin') ? (
                      <Button size="sm" variant="secondary" onClick={() => void toggleAdmin(row)}>
                        {row.is_admin ? 'Revoke Admin' : 'Make Admin'}
                      </Button>
                    ) : null}
                    {allowed(row, 'grant_owner') ? (
                      <Button size="sm" variant="secondary" onClick={() => grantOwner(row)}>
                        Make Owner
                      </Button>
                    ) : null}
                    {allowed(row, 'revoke_owner') ? (
                      <Button size="sm" variant="secondary" onClick={() => void revokeOwner(row)}>
                        Revoke Owner
                      </Button>
                    ) : null}
                    {allowed(row, 'delete') ? (
                      <Button size="sm" variant="ghost" className="text-red-400" onClick={() => remove(row)}>
                        Delete
                      </Button>
                    ) : null}
                  </span>
                </td>
              </tr>
            );
          })}
        </>
      }
    />
  );
}
