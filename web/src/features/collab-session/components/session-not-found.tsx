import { SearchX } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';

/** Errors loading a session show this page, with the way on to the board or home. */
export function SessionNotFound({ message }: { message: string }) {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-3 rounded-3xl border border-line bg-surface/60 px-6 py-12 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-red-500/15 text-red-300">
        <SearchX aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-xl font-semibold tracking-tight">Session Not Found</h1>
      <p className="max-w-sm text-sm text-muted">{message}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <Link to="/collaborations" className={buttonClasses({})}>
          Browse Collaborations
        </Link>
        <Link to="/" className={buttonClasses({ variant: 'secondary' })}>
          Go Home
        </Link>
      </div>
    </section>
  );
}
