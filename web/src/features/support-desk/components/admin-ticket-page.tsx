import {
  SUPPORT_TEXTS,
  categoryName,
  statusLabel,
  type TicketStatus,
} from '@beatroom/shared/support-contract';
import { ticketTime } from '@beatroom/shared/ticket-time';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CircleCheck, CircleDot, CircleX, Clock, Hourglass, type LucideIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { PanelSection } from '../../../components/ui/panel-section';
import { TicketConversation, TicketHeader, TicketSummary } from '../../../components/ui/ticket-parts';
import { showToast } from '../../../lib/toast';
import { useSession } from '../../session/hooks/use-session';
import { deskMessagesQueryOptions, deskTicketQueryOptions } from '../api';
import { AdminReplyForm } from './admin-reply-form';
import { TicketManagement } from './ticket-management';

const STATUS_ICONS: Record<TicketStatus, LucideIcon> = {
  open: CircleDot,
  in_progress: Clock,
  waiting_for_user: Hourglass,
  resolved: CircleCheck,
  closed: CircleX,
};

/** The page's placeholder while the session or the ticket loads. */
function PageSkeleton({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-label={label}
      className="mx-auto h-64 max-w-5xl animate-pulse rounded-3xl bg-fg/10"
    />
  );
}

/**
 * The admin ticket page: the ticket, its whole thread
 * with internal notes badged, a reply box with the internal-note checkbox, and the Ticket
 * Management and User Information panels. Non-admins go to /; a missing ticket goes to /admin
 * with 'Ticket not found'. Update and reply failures are only logged, not shown.
 */
export function AdminTicketPage() {
  const { user, isPending } = useSession();
  if (isPending) return <PageSkeleton label="Loading" />;
  if (!user?.isAdmin) return <Navigate to="/" replace />;
  return <AdminTicket />;
}

function AdminTicket() {
  const { ticketNumber = '' } = useParams();
  const navigate = useNavigate();
  const ticket = useQuery(deskTicketQueryOptions(ticketNumber));
  const messages = useQuery(deskMessagesQueryOptions(ticketNumber));

  useEffect(() => {
    if (!ticket.isError) return;
    showToast({ type: 'error', title: SUPPORT_TEXTS.TICKET_NOT_FOUND });
    void navigate('/admin', { replace: true });
  }, [ticket.isError, navigate]);

  if (ticket.isPending || ticket.isError) return <PageSkeleton label="Loading ticket" />;
  const t = ticket.data;
  const StatusIcon = STATUS_ICONS[t.status];

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <TicketHeader
        back={
          <Link
            to="/admin?tab=support"
            aria-label="Back to support tickets"
            className="inline-flex size-9 items-center justify-center rounded-full hover:bg-fg/10"
          >
            <ArrowLeft aria-hidden="true" className="size-5" />
          </Link>
        }
        ticketNumber={t.ticket_number}
        status={
          <span className="inline-flex items-center gap-1 text-sm" data-testid="ticket-status">
            <StatusIcon aria-hidden="true" className="size-4 text-accent" />
            {statusLabel(t.status)}
          </span>
        }
        priority={t.priority}
      />

      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <TicketSummary
            ticket={t}
            facts={[
              ['From', t.user_name],
              ['Category', categoryName(t.category)],
              ['Created', ticketTime(t.created_at)],
              ['Assigned to', t.assigned_admin_name ?? 'Unassigned'],
              ['Messages', t.message_count],
            ]}
          />

          <TicketConversation
            headingId="admin-conversation"
            messages={messages.data}
            emptyText="No messages yet."
            mine={(m) => m.message_type === 'admin'}
            label={(m) => m.sender_name}
            showInternal
          >
            <AdminReplyForm ticketNumber={t.ticket_number} />
          </TicketConversation>
        </div>

        <aside className="flex flex-col gap-4">
          <TicketManagement ticket={t} />
          <PanelSection title="User Information" as="aside">
            <dl className="flex flex-col gap-2 text-sm">
              <div>
                <dt className="text-xs text-muted">Name</dt>
                <dd>{t.user_name}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted">Email</dt>
                <dd className="break-all">{t.user_email ?? '—'}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted">Category</dt>
                <dd>{categoryName(t.category)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted">Last activity</dt>
                <dd>{ticketTime(t.last_activity_at)}</dd>
              </div>
            </dl>
          </PanelSection>
        </aside>
      </div>
    </div>
  );
}
