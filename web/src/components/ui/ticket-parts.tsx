import {
  priorityLabel,
  statusLabel,
  supportAttachmentUrl,
  type TicketMessage,
} from '@beatroom/shared/support-contract';
import { Paperclip } from 'lucide-react';
import { ticketTime } from '@beatroom/shared/ticket-time';

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
