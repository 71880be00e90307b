import { Radio } from 'lucide-react';
import { Link } from 'react-router-dom';
import { JoinSessionForm } from './join-session-form';

/**
 * /studio/collaborate without a code: where a code is typed in. Live sessions show their code to
 * the host; this is the other end of it. Starting a session happens from a beat's page.
 */
export function JoinSessionPage() {
  return (
    <section
      aria-labelledby="join-session-title"
      className="mx-auto flex max-w-lg flex-col gap-5 rounded-3xl border border-line bg-surface/60 px-6 py-8 sm:px-8"
    >
      <div className="flex items-center gap-3">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-accent/15 text-accent">
          <Radio aria-hidden="true" className="size-6" />
        </span>
        <div>
          <h1 id="join-session-title" className="text-xl font-semibold tracking-tight">
            Join a session
          </h1>
          <p className="text-sm text-muted">Record together, live, over one beat: up to four people.</p>
        </div>
      </div>
      <JoinSessionForm autoFocus />
      <p className="text-sm text-muted">
        No code yet? Find people to work with on the{' '}
        <Link to="/collaborations" className="text-accent underline underline-offset-2">
          collaboration board
        </Link>
        , or open a beat and start a session from its page.
      </p>
    </section>
  );
}
