import { REPORT_STATUSES, type AdminReportRow } from '@beatroom/shared/admin-contract';
import { formatDateTime } from '@beatroom/shared/format-dates';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { adminKeys, adminReportsQueryOptions, resolveReport } from '../api';
import {
  AdminTable,
  Badge,
  ConfirmDialog,
  Pager,
  toastFailure,
  toastSuccess,
  type Confirmation,
} from './admin-parts';

const STATUS_LABELS = { open: 'Open', removed: 'Removed', dismissed: 'Dismissed' } as const;

function targetHref(report: AdminReportRow): string | null {
  if (report.target_type === 'beat') return `/beat/${report.target_id}`;
  if (report.target_type === 'profile') return `/profile/${report.target_id}`;
  return null;
}

/** The moderation Reports queue: remove the content or dismiss the report. */
export function ReportsTab({ onContentRemoved }: { onContentRemoved?: () => void }) {
  const [status, setStatus] = useState<(typeof REPORT_STATUSES)[number]>('open');
  const [page, setPage] = useState(1);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const queryClient = useQueryClient();
  const reports = useQuery(adminReportsQueryOptions(status, page));

  const resolve = async (report: AdminReportRow, resolution: 'remove' | 'dismiss') => {
    try {
      await resolveReport(report.id, { resolution });
      toastSuccess(
        resolution === 'remove' ? 'Content removed successfully' : 'Report dismissed successfully',
      );
      if (resolution === 'remove') onContentRemoved?.();
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    } catch (error) {
      toastFailure(error, 'Failed to resolve report');
    }
  };

  return (
    <section aria-label="Reports" className="flex flex-col gap-4">
      <div role="group" aria-label="Report status" className="flex gap-2">
        {REPORT_STATUSES.map((s) => (
          <Button
            key={s}
            size="sm"
            variant={s === status ? 'primary' : 'secondary'}
            aria-pressed={s === status}
            onClick={() => {
              setStatus(s);
              setPage(1);
            }}
          >
            {STATUS_LABELS[s]}
          </Button>
        ))}
      </div>
      {reports.isError ? (
        <ErrorState title="Reports could not be loaded" onRetry={() => void reports.refetch()} />
      ) : reports.data && reports.data.reports.length === 0 ? (
        <EmptyState Icon={Flag} title={status === 'open' ? 'No open reports' : 'No reports'} />
      ) : (
        <AdminTable
          caption="Reports"
          head={['Reported', 'Reason', 'By', 'When', status === 'open' ? 'Actions' : 'Resolved by']}
        >
          {(reports.data?.reports ?? []).map((report) => {
            const href = targetHref(report);
            return (
              <tr key={report.id} data-testid="admin-report-row">
                <td className="px-3 py-2">
                  <Badge tone="muted">{report.target_type}</Badge>{' '}
                  {href ? (
                    <Link to={href} className="font-medium hover:underline">
                      {report.target_label}
                    </Link>
                  ) : (
                    <span className="font-medium">{report.target_label}</span>
                  )}
                </td>
                <td className="px-3 py-2">{report.reason}</td>
                <td className="px-3 py-2">{report.reporter_name}</td>
                <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(report.created_at)}</td>
                <td className="px-3 py-2">
                  {report.status === 'open' ? (
                    <span className="flex gap-1.5">
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-red-400"
                        onClick={() =>
                          setConfirmation({
                            title: 'Remove content',
                            message: `Remove this ${report.target_type}? This action cannot be undone.`,
                            confirmLabel: 'Remove',
                            run: () => resolve(report, 'remove'),
                          })
                        }
                      >
                        Remove
                      </Button>
                      <Button size="sm" variant="secondary" onClick={() => void resolve(report, 'dismiss')}>
                        Dismiss
                      </Button>
                    </span>
                  ) : (
                    <span className="text-muted">{report.resolved_by_name ?? '—'}</span>
                  )}
                </td>
              </tr>
            );
          })}
        </AdminTable>
      )}
      <Pager page={page} pages={reports.data?.pagination.pages ?? 1} onPage={setPage} />
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </section>
  );
}
