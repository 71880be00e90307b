import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/form-field';
import { sendDeskReply } from '../api';
import { useRefreshDeskTicket } from '../hooks/use-refresh-desk-ticket';

/** Reply or internal note; the text must not be blank. */
export function AdminReplyForm({ ticketNumber }: { ticketNumber: string }) {
  const refresh = useRefreshDeskTicket(ticketNumber);
  const [text, setText] = useState('');
  const [internal, setInternal] = useState(false);
  const send = useMutation({
    mutationFn: () => sendDeskReply(ticketNumber, { message: text.trim(), is_internal: internal }),
    onSuccess: () => {
      setText('');
      setInternal(false);
      refresh();
    },
    // Admin message failures are only logged, not shown.
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
