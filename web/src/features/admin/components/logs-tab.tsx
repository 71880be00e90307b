import { formatDateTime } from '@beatroom/shared/format-dates';
import { useQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { adminLogsQueryOptions } from '../api';
import { AdminTable, Pager } from './admin-parts';

/** The Logs tab: admin name, action, details and time, 50 a page. */
export function LogsTab() {
  const [page, setPage] = useState(1);
  const logs = useQuery(adminLogsQueryOptions(page));
  if (logs.isError)
    return <ErrorState title="Logs could not be loaded" onRetry={() => void logs.refetch()} />;
  if (logs.data && logs.data.logs.length === 0)
    return <EmptyState Icon={ScrollText} title="No admin actions yet" />;
  return (
    <section aria-label="Logs" className="flex flex-col gap-4">
      <AdminTable caption="Admin log" head={['Admin', 'Action', 'Details', 'Time']}>
        {(logs.data?.logs ?? []).map((log) => (
          <tr key={log.id} data-testid="admin-log-row">
            <td className="px-3 py-2">{log.admin_name}</td>
            <td className="px-3 py-2 font-mono text-xs">{log.action}</td>
            <td className="px-3 py-2 break-all text-muted">{log.details}</td>
            <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(log.created_at)}</td>
          </tr>
        ))}
      </AdminTable>
      <Pager page={page} pages={logs.data?.pagination.pages ?? 1} onPage={setPage} />
    </section>
  );
}
