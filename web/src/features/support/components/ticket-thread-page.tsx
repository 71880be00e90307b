import {
  SUPPORT_LIMITS,
  SUPPORT_TEXTS,
  categoryName,
  type TicketMessage,
} from '@beatroom/shared/support-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LifeBuoy, Lock, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { BackButton } from '../../../components/ui/back-button';
import { Button } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { inputClasses } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import {
  sendReply,
  supportKeys,
  ticketMessagesQueryOptions,
  ticketQueryOptions,
  uploadSupportFile,
} from '../api';
import { ticketTime } from '@beatroom/shared/ticket-time';
import { useSupportFiles } from '../use-support-files';
import { FilePicker } from './file-picker';
import {
  StatusBadge,
  TicketConversation,
  TicketHeader,
  TicketSummary,
} from '../../../components/ui/ticket-parts';

const label = (message: TicketMessage) => (message.message_type === 'admin' ? 'Support Team' : 'You');

/**
 * A member's ticket: its details, the conversation (no
 * internal notes ever arrive here) and the reply form, hidden once the ticket is closed.
 * Support's answers arrive live: the realtime `support` message refetches this ticket.
 */
export function TicketThreadPage() {
  const { ticketNumber = '' } = useParams();
  const navigate = useNavigate();
  const ticket = useQuery(ticketQueryOptions(ticketNumber));
  const messages = useQuery(ticketMessagesQueryOptions(ticketNumber));

  if (ticket.isPending) {
    return (
      <div
        role="status"
        aria-label="Loading ticket"
        className="mx-auto h-64 max-w-3xl animate-pulse rounded-3xl bg-fg/10"
      />
    );
  }
  if (ticket.isError) {
    return (
      <section className="mx-auto flex max-w-lg flex-col items-center gap-3 rounded-3xl border border-line bg-surface/60 px-6 py-12 text-center">
        <LifeBuoy aria-hidden="true" className="size-10 text-muted" />
        <h1 className="text-xl font-semibold">Ticket Not Found</h1>
        <p className="text-sm text-muted">This ticket does not exist or you do not have access to it.</p>
        <Button onClick={() => void navigate('/support')}>Back to Support</Button>
      </section>
    );
  }
  const t = ticket.data;
  const closed = t.status === 'closed';

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <TicketHeader
        back={<BackButton label="Back to Support" fallbackTo="/support" />}
        ticketNumber={t.ticket_number}
        status={<StatusBadge status={t.status} />}
        priority={t.priority}
      />

      <TicketSummary
        ticket={t}
        facts={[
          ['Category', categoryName(t.category)],
          ['Created', ticketTime(t.created_at)],
          ['Last activity', ticketTime(t.last_activity_at)],
        ]}
      />

      <TicketConversation
        headingId="conversation"
        messages={messages.data}
        pending={messages.isPending}
        emptyText="No messages yet. Start the conversation below."
        mine={(m) => m.message_type === 'user'}
        label={label}
      />

      {closed ? (
        <p className="flex items-center gap-2 rounded-2xl border border-line bg-surface/60 px-4 py-3 text-sm text-muted">
          <Lock aria-hidden="true" className="size-4" />
          This ticket is closed. If you need more help, please create a new ticket.
        </p>
      ) : (
        <ReplyForm ticketNumber={t.ticket_number} />
      )}
    </div>
  );
}

/** The reply form: trimmed text or at least one file, at most 3 files. */
function ReplyForm({ ticketNumber }: { ticketNumber: string }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const files = useSupportFiles(SUPPORT_LIMITS.REPLY_MAX_FILES, SUPPORT_TEXTS.TOO_MANY_REPLY_FILES);

  const send = useMutation({
    mutationFn: async () => {
      const attachments = [];
      for (const file of files.files) attachments.push(await uploadSupportFile(file));
      return sendReply(ticketNumber, { message: text.trim(), attachments });
    },
    onSuccess: () => {
      setText('');
      files.clear();
      void queryClient.invalidateQueries({ queryKey: supportKeys.ticket(ticketNumber) });
      void queryClient.invalidateQueries({ queryKey: supportKeys.tickets });
    },
    onError: (failure) => setError(failure instanceof ApiError ? failure.message : SUPPORT_TEXTS.SEND_FAILED),
  });
  const empty = !text.trim() && files.files.length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (empty) {
      setError(SUPPORT_TEXTS.EMPTY_REPLY);
      return;
    }
    setError(null);
    send.mutate();
  };

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface/60 p-4"
      aria-label="Reply"
    >
      {error ? <ErrorBanner title={error} /> : null}
      <label htmlFor="ticket-reply" className="sr-only">
        Your reply
      </label>
      <textarea
        id="ticket-reply"
        rows={4}
        className={`${inputClasses} h-auto py-2`}
        placeholder="Write your reply…"
        value={text}
        maxLength={SUPPORT_LIMITS.MESSAGE_MAX}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
      />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <FilePicker picker={files} disabled={send.isPending} />
        <Button type="submit" disabled={empty || send.isPending}>
          <Send aria-hidden="true" className="size-4" />
          {send.isPending ? 'Sending…' : 'Send Reply'}
        </Button>
      </div>
    </form>
  );
}
