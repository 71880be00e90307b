import { TriangleAlert } from 'lucide-react';
import { useRouteError } from 'react-router-dom';
import { Button, buttonClasses } from '../../components/ui/button';

/** Last resort when a screen throws while rendering: say so and offer a way out. */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error('Unhandled error while rendering a screen:', error);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <TriangleAlert aria-hidden="true" className="size-12 text-amber-400" />
      <h1 className="text-2xl font-semibold tracking-tight">Something went wrong</h1>
      <p className="max-w-md text-muted">
        An unexpected error stopped this page. Reloading usually fixes it.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        {/* A plain link on purpose: the router that failed may not be able to navigate. */}
        <a href="/" className={buttonClasses({ variant: 'secondary' })}>
          Back to Home
        </a>
      </div>
    </main>
  );
}
