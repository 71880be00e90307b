import { TICKET_STATUSES, categoryName, statusLabel } from '@beatroom/shared/support-contract';
import { useQuery } from '@tanstack/react-query';
import { Clock, Inbox, Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { inputClasses } from '../../../components/ui/form-field';
import { SelectField } from '../../../components/ui/select-field';
import {
  CATEGORY_OPTIONS,
  PRIORITY_OPTIONS,
  PriorityBadge,
  STATUS_OPTIONS,
  StatusBadge,
} from '../../../components/ui/ticket-parts';
import { ticketTime } from '@beatroom/shared/ticket-time';
import { deskStatsQueryOptions, deskTicketsQueryOptions, type DeskFilters } from '../api';

const NO_FILTERS: DeskFilters = { status: '', priority: '', category: '', search: '' };

/** The list's select filters; each one's empty option lists everything. */
const SELECT_FILTERS = [
  { name: 'status', label: 'Status', all: 'All Statuses', options: STATUS_OPTIONS },
  { name: 'priority', label: 'Priority', all: 'All Priorities', options: PRIORITY_OPTIONS },
  { name: 'category', label: 'Category', all: 'All Categories', options: CATEGORY_OPTIONS },
] as const;

/** Average first response in rounded hours, or N/A before any reply. */
export const formatResponseHours = (hours: number | null) =>
  hours === null ? 'N/A' : `${Math.round(hours)}h`;

/**
 * The admin ticket list of the /admin Support tab:
 * support stats, filters by status, priority, category and search, and the tickets, each
 * opening /admin/support/ticket/{ticket_number}. The admin panel mounts it; it has no props.
 */
export function SupportDeskPanel() {
  const [filters, setFilters] = useState<DeskFilters>(NO_FILTERS);
  const stats = useQuery(deskStatsQueryOptions());
  const tickets = useQuery(deskTicketsQueryOptions(filters));
  const set = (name: keyof DeskFilters) => (value: string) => setFilters((f) => ({ ...f, [name]: value }));

  return (
    <div className="flex flex-col gap-6">
      <section aria-label="Support stats" className="flex flex-col gap-3">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {(stats.data?.statusStats ?? TICKET_STATUSES.map((status) => ({ status, count: 0 }))).map((s) => (
            <li key={s.status} className="rounded-2xl border border-line bg-surface/60 p-3">
              <p className="text-xs text-muted">{statusLabel(s.status)}</p>
              <p className="text-2xl font-semibold" data-testid={`status-count-${s.status}`}>
                {stats.data ? s.count : '–'}
              </p>
            </li>
          ))}
          <li className="rounded-2xl border border-line bg-surface/60 p-3">
            <p className="flex items-center gap-1 text-xs text-muted">
              <Clock aria-hidden="true" className="size-3" />
              Avg. response
            </p>
            <p className="text-2xl font-semibold" data-testid="avg-response">
              {stats.data ? formatResponseHours(stats.data.avgResponseTimeHours) : '–'}
            </p>
          </li>
        </ul>
        {stats.data ? (
          <ul className="flex flex-wrap gap-2 text-xs" aria-label="Tickets by category">
            {stats.data.categoryStats.map((c) => (
              <li key={c.category} className="rounded-full bg-fg/10 px-3 py-1">
                {categoryName(c.category)}: <strong>{c.count}</strong>
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section aria-label="Ticket filters" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <label className="relative">
          <span className="sr-only">Search tickets</span>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-3 left-3 size-4 text-muted"
          />
          <input
            type="search"
            className={`${inputClasses} pl-9`}
            placeholder="Search tickets…"
            value={filters.search}
            onChange={(e) => set('search')(e.target.value)}
          />
        </label>
        {SELECT_FILTERS.map((f) => (
          <SelectField<string>
            key={f.name}
            label={f.label}
            labelPosition="hidden"
            id={`desk-filter-${f.name}`}
            value={filters[f.name]}
            onChange={set(f.name)}
            emptyOption={f.all}
            options={f.options}
          />
        ))}
      </section>

      {tickets.isPending ? (
        <div role="status" aria-label="Loading tickets" className="h-40 animate-pulse rounded-2xl bg-fg/10" />
      ) : tickets.isError ? (
        <ErrorState title="Could not load tickets" onRetry={() => void tickets.refetch()} compact />
      ) : tickets.data.length === 0 ? (
        <EmptyState Icon={Inbox} title="No tickets" message="No tickets match these filters." />
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Support tickets">
          {tickets.data.map((t) => (
            <li key={t.ticket_number}>
              <Link
                to={`/admin/support/ticket/${t.ticket_number}`}
                className="grid gap-1 rounded-2xl border border-line bg-surface/60 px-4 py-3 hover:border-accent/60 sm:grid-cols-[7rem_1fr_auto] sm:items-center sm:gap-4"
              >
                <span className="font-mono text-xs text-muted">{t.ticket_number}</span>
                <span className="min-w-0">
                  <span className="block truncate font-medium">{t.subject}</span>
                  <span className="block truncate text-xs text-muted">
                    {t.user_name} · {categoryName(t.category)} · {t.message_count} messages
                    {t.assigned_admin_name ? ` · ${t.assigned_admin_name}` : ''}
                  </span>
                </span>
                <span className="flex flex-wrap items-center gap-2">
                  <StatusBadge status={t.status} />
                  <PriorityBadge priority={t.priority} />
                  <span className="text-xs text-muted">{ticketTime(t.last_activity_at)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
