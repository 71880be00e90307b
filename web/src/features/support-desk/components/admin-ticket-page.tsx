import {
  SUPPORT_TEXTS,
  categoryName,
  statusLabel,
  type SupportTicket,
  type TicketPriority,
  type TicketStatus,
} from '@beatroom/shared/support-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  CircleCheck,
  CircleDot,
  CircleX,
  Clock,
  Hourglass,
  Send,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { FormField, inputClasses } from '../../../components/ui/form-field';
import { PanelSection } from '../../../components/ui/panel-section';
import { showToast } from '../../../lib/toast';
import { SelectField } from '../../../components/ui/select-field';
import {
  PRIORITY_OPTIONS,
  STATUS_OPTIONS,
  TicketConversation,
  TicketHeader,
  TicketSummary,
} from '../../../components/ui/ticket-parts';
import { ticketTime } from '@beatroom/shared/ticket-time';
import { useSession } from '../../session/hooks/use-session';
import {
  deskAdminsQueryOptions,
  deskKeys,
  deskMessagesQueryOptions,
  deskTicketQueryOptions,
  sendDeskReply,
  updateDeskTicket,
} from '../api';

const STATUS_ICONS: Record<TicketStatus, LucideIcon> = {
  open: CircleDot,
  in_progress: Clock,
  waiting_for_user: Hourglass,
  resolved: CircleCheck,
  closed: CircleX,
};

/**
 * The admin ticket page (community.md §2 "Admin ticket page"): the ticket, its whole thread
 * with internal notes badged, a reply box with the internal-note checkbox, and the Ticket
 * Management and User Information panels. Non-admins go to /; a missing ticket goes to /admin
 * with 'Ticket not found'. Update and reply failures are only logged (§8).
 */
export function AdminTicketPage() {
  const { user, isPending } = useSession();
  if (isPending)
    return (
      <div
        role="status"
        aria-label="Loading"
        className="mx-auto h-64 max-w-5xl animate-pulse rounded-3xl bg-fg/10"
      />
    );
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

  if (ticket.isPending || ticket.isError) {
    return (
      <div
        role="status"
        aria-label="Loading ticket"
        className="mx-auto h-64 max-w-5xl animate-pulse rounded-3xl bg-fg/10"
      />
    );
  }
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

function useRefreshTicket(ticketNumber: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: deskKeys.ticket(ticketNumber) });
    void queryClient.invalidateQueries({ queryKey: deskKeys.lists });
    void queryClient.invalidateQueries({ queryKey: deskKeys.stats });
  };
}

/** Reply or internal note; the text must not be blank. */
function AdminReplyForm({ ticketNumber }: { ticketNumber: string }) {
  const refresh = useRefreshTicket(ticketNumber);
  const [text, setText] = useState('');
  const [internal, setInternal] = useState(false);
  const send = useMutation({
    mutationFn: () => sendDeskReply(ticketNumber, { message: text.trim(), is_internal: internal }),
    onSuccess: () => {
      setText('');
      setInternal(false);
      refresh();
    },
    // §8: admin message failures are only logged.
    onError: (error) => console.error('Failed to send the support reply', error),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) send.mutate();
  };
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface/60 p-4"
      aria-label="Reply"
    >
      <label htmlFor="admin-reply" className="sr-only">
        Reply or internal note
      </label>
      <textarea
        id="admin-reply"
        rows={4}
        className={`${inputClasses} h-auto py-2`}
        placeholder="Write a reply…"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={internal} onChange={(e) => setInternal(e.target.checked)} />
          Internal note (not visible to user)
        </label>
        <Button type="submit" disabled={!text.trim() || send.isPending}>
          <Send aria-hidden="true" className="size-4" />
          {internal ? 'Add Note' : 'Send Reply'}
        </Button>
      </div>
    </form>
  );
}

/** Status, priority, assignee and notes, saved together by 'Update Ticket'. */
function TicketManagement({ ticket }: { ticket: SupportTicket }) {
  const refresh = useRefreshTicket(ticket.ticket_number);
  const admins = useQuery(deskAdminsQueryOptions());
  const [status, setStatus] = useState<TicketStatus>(ticket.status);
  const [priority, setPriority] = useState<TicketPriority>(ticket.priority);
  const [assignee, setAssignee] = useState(ticket.assigned_to ?? '');
  const [notes, setNotes] = useState(ticket.admin_notes ?? '');
  const update = useMutation({
    mutationFn: () =>
      updateDeskTicket(ticket.ticket_number, {
        status,
        priority,
        assigned_to: assignee || null,
        admin_notes: notes.trim() ? notes : null,
      }),
    onSuccess: refresh,
    // §8: admin ticket update failures are only logged.
    onError: (error) => console.error('Failed to update the ticket', error),
  });

  return (
    <PanelSection title="Ticket Management" as="aside">
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          update.mutate();
        }}
      >
        <SelectField
          label="Status"
          id="manage-status"
          value={status}
          onChange={setStatus}
          options={STATUS_OPTIONS}
        />
        <SelectField
          label="Priority"
          id="manage-priority"
          value={priority}
          onChange={setPriority}
          options={PRIORITY_OPTIONS}
        />
        <SelectField
          label="Assign To"
          id="manage-assignee"
          value={assignee}
          onChange={setAssignee}
          emptyOption="Unassigned"
          options={(admins.data ?? []).map((a) => ({
            value: a.user_id,
            label: `${a.display_name} (${a.is_owner ? 'Owner' : 'Admin'})`,
          }))}
        />
        <FormField label="Admin Notes" htmlFor="manage-notes">
          <textarea
            id="manage-notes"
            rows={4}
            className={`${inputClasses} h-auto py-2`}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
          />
        </FormField>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Updating…' : 'Update Ticket'}
        </Button>
      </form>
    </PanelSection>
  );
}
