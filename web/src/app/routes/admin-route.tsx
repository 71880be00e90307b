import { useQueryClient } from '@tanstack/react-query';
import { AdminPage } from '../../features/admin/components/admin-page';
import { catalogueKeys } from '../../features/catalogue/api';
import { SupportDeskPanel } from '../../features/support-desk/components/support-desk-panel';

/** /admin: the admin panel, with the support desk in its Support tab. */
export function AdminRoute() {
  const queryClient = useQueryClient();
  return (
    <AdminPage
      supportPanel={<SupportDeskPanel />}
      // A featured flag or a deleted beat changes home's lists and badges.
      onBeatsChanged={() => void queryClient.invalidateQueries({ queryKey: catalogueKeys.lists() })}
    />
  );
}
