import {
  SUPPORT_CATEGORIES,
  SUPPORT_TEXTS,
  categoryName,
  type SupportCategoryId,
} from '@beatroom/shared/support-contract';
import { useQuery } from '@tanstack/react-query';
import {
  CircleHelp,
  CreditCard,
  Lightbulb,
  LifeBuoy,
  Mail,
  Music,
  Plus,
  UserRound,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { myTicketsQueryOptions } from '../api';
import { ticketTime } from '@beatroom/shared/ticket-time';
import { CreateTicketDialog } from './create-ticket-dialog';
import { SelectField } from '../../../components/ui/select-field';
import { CATEGORY_OPTIONS, PriorityBadge, StatusBadge } from '../../../components/ui/ticket-parts';

const ICONS: Record<SupportCategoryId, LucideIcon> = {
  technical: Wrench,
  billing: CreditCard,
  account: UserRound,
  content: Music,
  feature_request: Lightbulb,
  general: CircleHelp,
};

/**
 * The support center: category cards (each opens the
 * create dialog on its category), the member's own tickets filterable by category, the
 * create-ticket dialog and the e-mail link.
 */
export function SupportCenterPage() {
  const tickets = useQuery(myTicketsQueryOptions());
  const [dialog, setDialog] = useState<{ open: boolean; category?: SupportCategoryId | undefined }>({
    open: false,
  });
  const [filter, setFilter] = useState<SupportCategoryId | ''>('');
  const shown = (tickets.data ?? []).filter((t) => !filter || t.category === filter);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-2 text-3xl font-semibold tracking-tight">
            <LifeBuoy aria-hidden="true" className="size-7 text-accent" />
            Support Center
          </h1>
          <p className="mt-1 text-sm text-muted">
            Get help from the Beatroom team. We answer in your ticket.
          </p>
        </div>
        <Button onClick={() => setDialog({ open: true })}>
          <Plus aria-hidden="true" className="size-4" />
          New Ticket
        </Button>
      </header>

      <section aria-labelledby="support-categories">
        <h2 id="support-categories" className="mb-3 text-lg font-semibold">
          How can we help?
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {SUPPORT_CATEGORIES.map((category) => {
            const Icon = ICONS[category.id];
            return (
              <li key={category.id}>
                <button
                  type="button"
                  className="flex h-full w-full items-start gap-3 rounded-2xl border border-line bg-surface/60 p-4 text-left transition-colors hover:border-accent/60"
                  onClick={() => setDialog({ open: true, category: category.id })}
                >
                  <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
                  <span>
                    <span className="block font-semibold">{category.name}</span>
                    <span className="block text-sm text-muted">{category.description}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="my-tickets" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="my-tickets" className="text-lg font-semibold">
            My Tickets
          </h2>
          <SelectField
            label="Category"
            labelPosition="inline"
            ariaLabel="Filter by category"
            id="my-tickets-category"
            className="h-9 rounded-xl border border-line bg-surface px-2 text-sm"
            value={filter}
            onChange={setFilter}
            emptyOption="All Categories"
            options={CATEGORY_OPTIONS}
          />
        </div>
        {tickets.isPending ? (
          <div
            role="status"
            aria-label="Loading tickets"
            className="h-32 animate-pulse rounded-2xl bg-fg/10"
          />
        ) : tickets.isError ? (
          <ErrorState title="Could not load your tickets" onRetry={() => void tickets.refetch()} compact />
        ) : shown.length === 0 ? (
          <EmptyState
            Icon={LifeBuoy}
            title="No tickets yet"
            message={filter ? 'No tickets in this category.' : 'When you open a ticket, it shows up here.'}
          />
        ) : (
          <ul className="flex flex-col gap-2" aria-label="My tickets">
            {shown.map((ticket) => (
              <li key={ticket.ticket_number}>
                <Link
                  to={`/support/ticket/${ticket.ticket_number}`}
                  className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-2xl border border-line bg-surface/60 px-4 py-3 hover:border-accent/60"
                >
                  <span className="font-mono text-xs text-muted">{ticket.ticket_number}</span>
                  <span className="min-w-0 flex-1 truncate font-medium">{ticket.subject}</span>
                  <span className="text-xs text-muted">{categoryName(ticket.category)}</span>
                  <StatusBadge status={ticket.status} />
                  <PriorityBadge priority={ticket.priority} />
                  <span className="text-xs text-muted">{ticketTime(ticket.last_activity_at)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <p className="flex items-center gap-2 text-sm text-muted">
        <Mail aria-hidden="true" className="size-4" />
        Prefer e-mail? Write to{' '}
        <a className="text-accent hover:underline" href={`mailto:${SUPPORT_TEXTS.SUPPORT_EMAIL}`}>
          {SUPPORT_TEXTS.SUPPORT_EMAIL}
        </a>
      </p>

      {dialog.open ? (
        <CreateTicketDialog
          open
          initialCategory={dialog.category}
          onOpenChange={(open) => setDialog(open ? dialog : { open: false })}
        />
      ) : null}
    </div>
  );
}
