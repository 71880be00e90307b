import {
  priorityLabel,
  statusLabel,
  SUPPORT_CATEGORIES,
  supportAttachmentUrl,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type SupportCategoryId,
  type TicketMessage,
  type TicketPriority,
  type TicketStatus,
} from '@beatroom/shared/support-contract';
import { Paperclip } from 'lucide-react';
import type { ReactNode } from 'react';
import { ticketTime } from '@beatroom/shared/ticket-time';
import type { SelectOption } from './select-field';

/** The options of the ticket selects (SelectField), labelled with their documented names. */
export const STATUS_OPTIONS: readonly SelectOption<TicketStatus>[] = TICKET_STATUSES.map((s) => ({
  value: s,
  label: statusLabel(s),
}));
export const PRIORITY_OPTIONS: readonly SelectOption<TicketPriority>[] = TICKET_PRIORITIES.map((p) => ({
  value: p,
  label: priorityLabel(p),
}));
export const CATEGORY_OPTIONS: readonly SelectOption<SupportCategoryId>[] = SUPPORT_CATEGORIES.map((c) => ({
  value: c.id,
  label: c.name,
}));

const STATUS_TONES: Record<string, string> = {
  open: 'bg-sky-500/15 text-sky-300',
  in_progress: 'bg-amber-500/15 text-amber-300',
  waiting_for_user: 'bg-violet-500/15 text-violet-300',
  resolved: 'bg-emerald-500/15 text-emerald-300',
  closed: 'bg-fg/10 text-muted',
};
const PRIORITY_TONES: Record<string, string> = {
  low: 'bg-fg/10 text-muted',
  medium: 'bg-sky-500/15 text-sky-300',
  high: 'bg-orange-500/15 text-orange-300',
  urgent: 'bg-red-500/15 text-red-300',
};

const pill = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium';

export function StatusBadge({ status }: { status: string }) {
  return <span className={`${pill} ${STATUS_TONES[status] ?? ''}`}>{statusLabel(status)}</span>;
}

export function PriorityBadge({ priority }: { priority: string }) {
  return <span className={`${pill} ${PRIORITY_TONES[priority] ?? ''}`}>{priorityLabel(priority)}</span>;
}

/** 'Attachment N' links, opening the protected file in a new tab. */
export function AttachmentLinks({ keys }: { keys: string[] }) {
  if (!keys.length) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label="Attachments">
      {keys.map((key, i) => (
        <li key={key}>
          <a
            href={supportAttachmentUrl(key)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 rounded-lg border border-line px-2 py-1 text-xs text-fg hover:bg-fg/10"
          >
            <Paperclip aria-hidden="true" className="size-3" />
            Attachment {i + 1}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * One message of a thread. `mine` puts it on the right; `label` names the sender ('You',
 * 'Support Team', or a name on the admin side). System messages are centred and muted.
 */
export function MessageBubble({
  message,
  mine,
  label,
  showInternal = false,
}: {
  message: TicketMessage;
  mine: boolean;
  label: string;
  showInternal?: boolean;
}) {
  if (message.message_type === 'system') {
    return (
      <li className="mx-auto max-w-md rounded-xl border border-dashed border-line px-4 py-2 text-center text-xs text-muted">
        {message.message}
        <span className="ml-2">{ticketTime(message.created_at)}</span>
      </li>
    );
  }
  const tone = message.is_internal
    ? 'border border-amber-500/40 bg-amber-500/10'
    : mine
      ? 'bg-accent/20'
      : 'bg-surface border border-line';
  return (
    <li className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
      <div className={`max-w-[80%] rounded-2xl px-4 py-3 ${tone}`} data-sender={message.message_type}>
        <div className="flex items-center gap-2 text-xs text-muted">
          <span className="font-semibold text-fg">{label}</span>
          {showInternal && message.is_internal ? (
            <span className={`${pill} bg-amber-500/20 text-amber-300`}>Internal</span>
          ) : null}
          <time dateTime={message.created_at}>{ticketTime(message.created_at)}</time>
        </div>
        {message.message ? (
          <p className="mt-1 text-sm whitespace-pre-wrap break-words">{message.message}</p>
        ) : null}
        <AttachmentLinks keys={message.attachments} />
      </div>
    </li>
  );
}

/**
 * The top line of a ticket page: a way back, the ticket number, its status (a badge for
 * members, an icon and label for admins) and its priority badge.
 */
export function TicketHeader({
  back,
  ticketNumber,
  status,
  priority,
}: {
  back: ReactNode;
  ticketNumber: string;
  status: ReactNode;
  priority: string;
}) {
  return (
    <header className="flex flex-wrap items-center gap-3">
      {back}
      <span className="font-mono text-sm text-muted">{ticketNumber}</span>
      {status}
      <PriorityBadge priority={priority} />
    </header>
  );
}

/** The ticket itself: subject, a line of facts ('Category: …'), description and attachments. */
export function TicketSummary({
  ticket,
  facts,
}: {
  ticket: { subject: string; description: string; attachments: string[] };
  facts: readonly (readonly [label: string, value: ReactNode])[];
}) {
  return (
    <section className="rounded-2xl border border-line bg-surface/60 p-5">
      <h1 className="text-2xl font-semibold tracking-tight">{ticket.subject}</h1>
      <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="inline">{label}: </dt>
            <dd className="inline text-fg">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm whitespace-pre-wrap break-words">{ticket.description}</p>
      <AttachmentLinks keys={ticket.attachments} />
    </section>
  );
}

/**
 * The 'Conversation' section: the thread as bubbles (a skeleton while `pending`, `emptyText`
 * when there is none), then `children` (the admin's reply box sits inside it).
 */
export function TicketConversation({
  headingId,
  messages,
  pending = false,
  emptyText,
  mine,
  label,
  showInternal = false,
  children,
}: {
  headingId: string;
  messages: TicketMessage[] | undefined;
  pending?: boolean;
  emptyText: string;
  mine: (message: TicketMessage) => boolean;
  label: (message: TicketMessage) => string;
  showInternal?: boolean;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        Conversation
      </h2>
      {pending ? (
        <div
          role="status"
          aria-label="Loading messages"
          className="h-24 animate-pulse rounded-2xl bg-fg/10"
        />
      ) : messages?.length ? (
        <ul className="flex max-h-96 flex-col gap-3 overflow-y-auto pr-1" aria-label="Messages">
          {messages.map((m) => (
            <MessageBubble
              key={m.id}
              message={m}
              mine={mine(m)}
              label={label(m)}
              showInternal={showInternal}
            />
          ))}
        </ul>
      ) : (
        <p className="rounded-2xl border border-dashed border-line px-4 py-6 text-center text-sm text-muted">
          {emptyText}
        </p>
      )}
      {children}
    </section>
  );
}
