import { COLLAB_CHAT_MESSAGE_MAX, type CollabChatMessage } from '@beatroom/shared/collab-sessions-contract';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { serverErrorText } from '../../../lib/error-text';
import { sendChat } from '../api';

/** The session chat: kept with the session (history on load), new messages arrive live. */
export function SessionChat({ sessionId, messages }: { sessionId: string; messages: CollabChatMessage[] }) {
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: (message: string) => sendChat(sessionId, message),
    onSuccess: () => setText(''),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) send.mutate(text.trim());
  };

  return (
    <section aria-label="Session chat" className="flex flex-col gap-2 rounded-2xl border border-line p-3">
      <h2 className="text-sm font-semibold">Chat</h2>
      <ol aria-label="Chat messages" className="flex max-h-64 flex-col gap-1.5 overflow-y-auto text-sm">
        {messages.length === 0 ? <li className="text-muted">No messages yet. Say hello.</li> : null}
        {messages.map((m) => (
          <li key={m.id} className="break-words">
            <span className="font-semibold">{m.user_name}: </span>
            {m.message}
          </li>
        ))}
      </ol>
      <form onSubmit={submit} className="flex gap-2">
        <label className="sr-only" htmlFor={`chat-${sessionId}`}>
          Message
        </label>
        <input
          id={`chat-${sessionId}`}
          value={text}
          maxLength={COLLAB_CHAT_MESSAGE_MAX}
          onChange={(event) => setText(event.target.value)}
          placeholder="Message the session"
          className="min-w-0 flex-1 rounded-xl border border-line bg-bg px-3 py-1.5 text-sm"
        />
        <Button type="submit" size="sm" disabled={!text.trim() || send.isPending}>
          Send
        </Button>
      </form>
      {send.isError ? (
        <p role="alert" className="text-xs text-red-300">
          {serverErrorText(send.error) ?? 'Failed to send message'}
        </p>
      ) : null}
    </section>
  );
}
