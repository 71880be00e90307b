import { COLLAB_ERRORS, SESSION_CODE_PATTERN } from '@beatroom/shared/collab-sessions-contract';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, LogIn } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { FormField, inputClasses } from '../../../components/ui/form-field';
import { isApiError } from '../../../lib/api-client';
import { sessionByCodeQueryOptions } from '../api';

/** What people paste: spaces, dashes and lower case are forgiven, the code is ten characters. */
export function normalizeSessionCode(typed: string): string {
  return typed.replace(/[\s-]+/g, '').toUpperCase();
}

/**
 * "Join a session": the code a host shares. The session is looked up before leaving the page, so
 * a wrong code is answered here with the same words as the session page ('Session not found or
 * has ended'); a code that exists opens /studio/collaborate/{code}, where the member joins.
 */
export function JoinSessionForm({ autoFocus = false }: { autoFocus?: boolean }) {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const code = normalizeSessionCode(typed);
    if (!code) {
      setError(COLLAB_ERRORS.noCode);
      return;
    }
    // A code of the wrong shape names no session: the server would answer 404 as well.
    if (!SESSION_CODE_PATTERN.test(code)) {
      setError(COLLAB_ERRORS.notFound);
      return;
    }
    setChecking(true);
    setError(null);
    try {
      await queryClient.fetchQuery(sessionByCodeQueryOptions(code));
      void navigate(`/studio/collaborate/${code}`);
    } catch (failure) {
      setError(isApiError(failure, 404) ? COLLAB_ERRORS.notFound : COLLAB_ERRORS.loadSession);
    } finally {
      setChecking(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex w-full flex-col gap-3">
      <FormField
        label="Session code"
        htmlFor={id}
        error={error ?? undefined}
        hint="The 10-character code the host shares, e.g. K7QM2XH9PD."
      >
        <input
          id={id}
          name="code"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setError(null);
          }}
          // The host's code is letters and digits: no spell checking or capitalising.
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={24}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className={`${inputClasses} font-mono tracking-widest uppercase`}
        />
      </FormField>
      <Button type="submit" disabled={checking} className="self-start">
        {checking ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <LogIn aria-hidden="true" className="size-4" />
        )}
        {checking ? 'Looking up...' : 'Join session'}
      </Button>
    </form>
  );
}
