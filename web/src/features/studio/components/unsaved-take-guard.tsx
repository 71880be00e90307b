import { History, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useBlocker } from 'react-router-dom';
import { formatTimeAgo } from '@beatroom/shared/format-dates';
import { Button } from '../../../components/ui/button';
import { DialogShell } from '../../../components/ui/dialog-shell';
import { describeError } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import type { TakeDraftState } from '../hooks/use-take-draft';

/**
 * Leaving the studio with an unsaved take asks first: in-app links and Back through the
 * router's blocker (a dialog), closing or reloading the tab through `beforeunload` (the
 * browser's own prompt; the desktop app answers it with a native dialog).
 */
export function UnsavedTakeGuard({ draft, recording }: { draft: TakeDraftState; recording: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      draft.unsavedNow() && currentLocation.pathname !== nextLocation.pathname,
  );
  const [discarding, setDiscarding] = useState(false);

  useEffect(() => {
    if (!draft.unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers (and Electron) look at returnValue.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [draft.unsaved]);

  const blocked = blocker.state === 'blocked';
  return (
    <DialogShell
      open={blocked}
      onOpenChange={(open) => {
        if (!open && blocked && !discarding) blocker.reset();
      }}
      title="Leave the studio?"
      description={
        recording
          ? 'You are still recording: leaving stops it and this take is lost.'
          : 'Your take is not saved. It stays on this device and is offered again when you come back to this beat.'
      }
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => blocked && blocker.reset()} disabled={discarding}>
          Stay
        </Button>
        {recording ? null : (
          <Button
            variant="ghost"
            disabled={discarding}
            onClick={() => {
              setDiscarding(true);
              draft
                .discard()
                .catch((error: unknown) => {
                  console.error(`The take could not be discarded: ${describeError(error)}`);
                  showToast({ type: 'error', title: 'The take could not be discarded' });
                })
                .finally(() => {
                  setDiscarding(false);
                  if (blocker.state === 'blocked') blocker.proceed();
                });
            }}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Discard take
          </Button>
        )}
        <Button onClick={() => blocked && blocker.proceed()} disabled={discarding}>
          Leave
        </Button>
      </div>
    </DialogShell>
  );
}

/** The kept take offered when the studio opens: Restore it, or Discard it. */
export function RestoreTakeBanner({ draft, canRestore }: { draft: TakeDraftState; canRestore: boolean }) {
  const [busy, setBusy] = useState(false);
  const offered = draft.offered;
  if (!offered) return null;
  const act = (work: () => Promise<void>, failure: string) => {
    setBusy(true);
    work()
      .catch((error: unknown) => {
        console.error(`${failure}: ${describeError(error)}`);
        showToast({ type: 'error', title: failure });
      })
      .finally(() => setBusy(false));
  };
  return (
    <section
      aria-label="Unsaved take"
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-accent/50 bg-accent/10 p-4"
    >
      <History aria-hidden="true" className="size-5 shrink-0 text-accent" />
      <p className="min-w-0 flex-1 text-sm">
        <span className="font-semibold">You have an unsaved take</span>{' '}
        <span className="text-muted">
          “{offered.recordingName}”, recorded {formatTimeAgo(offered.recordedAt)}.
        </span>
      </p>
      <div className="flex gap-2">
        <Button
          variant="ghost"
          size="sm"
          disabled={busy}
          onClick={() => act(draft.discard, 'The take could not be discarded')}
        >
          Discard
        </Button>
        <Button
          size="sm"
          disabled={busy || !canRestore}
          onClick={() => act(draft.restore, 'The take could not be restored')}
        >
          Restore take
        </Button>
      </div>
    </section>
  );
}
